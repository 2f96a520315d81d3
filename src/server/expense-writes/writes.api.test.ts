import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CALENDAR_MONTH } from "../../contract/budget-period-rule";
import { expenses } from "../db/schema";
import type { FamilyScope } from "../http/family-scope";
import type { ExpenseChange } from "../ledger/changes";
import { ChangeFanOut } from "../ledger/fan-out";
import { Ledger } from "../ledger/unit-of-work";
import {
  createCategory,
  createExpense,
  type FamilyMemberSession,
  signUpWithFamily,
} from "../testing/family-helpers";
import { createTestApp, type TestApp } from "../testing/test-app";
import { ExpenseWrites } from "./writes";

/**
 * The expense write module's promise to what reacts to it: a change is told, through the ledger's
 * fan-out (ledger/fan-out.ts), once its transaction committed, with its family, kind and ids or
 * count, and never when it rolled back.
 * The announcements' effect (the alert e-mails at once, whatever wrote the expenses) is proven in
 * features/notifications/budget-alerts.api.test.ts.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A module of its own on the test's database, with a listener that keeps what it hears. */
function listening() {
  const heard: ExpenseChange[] = [];
  const fanOut = new ChangeFanOut();
  fanOut.subscribe((changes) => {
    for (const change of changes) if (change.expenses) heard.push(change.expenses);
  });
  return { heard, fanOut, writes: new ExpenseWrites(new Ledger(t.database.db, fanOut)) };
}

const scopeOf = (family: FamilyMemberSession): FamilyScope => ({
  userId: family.user.id,
  familyId: family.familyId,
  role: "owner",
  actorName: "Ana",
  budgetPeriod: CALENDAR_MONTH,
  cardSpendingBy: "date" as const,
});

async function familyWithExpense() {
  const family = await signUpWithFamily(t.app);
  const category = await createCategory(t.app, family);
  const expense = await createExpense(t.app, family, { categoryId: category.id });
  return { family, category, expense, scope: scopeOf(family) };
}

const stillThere = async (id: string) =>
  (await t.database.db.select().from(expenses).where(eq(expenses.id, id))).length === 1;

describe("the announcement of an expense write", () => {
  it("comes after the commit, never from inside the transaction", async () => {
    const { heard, writes } = listening();
    const { family, expense, scope } = await familyWithExpense();
    await writes.transaction(async (_tx, write) => {
      await write.delete(scope, { id: expense.id });
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual([
      { familyId: family.familyId, kind: "deleted", count: 1, ids: [expense.id] },
    ]);
    expect(await stillThere(expense.id)).toBe(false);
  });

  it("is never made for a transaction that rolled back", async () => {
    const { heard, writes } = listening();
    const { expense, scope } = await familyWithExpense();
    await expect(
      writes.transaction(async (_tx, write) => {
        await write.delete(scope, { id: expense.id });
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(heard).toEqual([]);
    expect(await stillThere(expense.id)).toBe(true);
  });

  it("names a created expense, and nothing of a create the database refused", async () => {
    const { heard, writes } = listening();
    const { family, category, scope } = await familyWithExpense();
    const input = { description: "Pão", amount: "4.50", date: "2026-03-10" };
    const row = await writes.create(
      scope,
      { ...input, categoryId: category.id, paidByUserId: scope.userId, idempotencyKey: "k-1" },
      { category: category.name, payer: "Ana" },
      { maxExpenses: 250_000 },
    );
    expect(heard).toEqual([
      { familyId: family.familyId, kind: "created", count: 1, ids: [row.id] },
    ]);
    // The same Idempotency-Key again: the unique index refuses it, for the service to answer.
    await expect(
      writes.create(
        scope,
        { ...input, categoryId: category.id, paidByUserId: scope.userId, idempotencyKey: "k-1" },
        { category: category.name, payer: "Ana" },
        { maxExpenses: 250_000 },
      ),
    ).rejects.toThrow();
    expect(heard).toHaveLength(1);
  });

  it("counts a recurring batch per family, and keeps the write when a listener throws", async () => {
    const { heard, fanOut, writes } = listening();
    fanOut.subscribe(() => {
      throw new Error("a listener's own failure");
    });
    const first = await familyWithExpense();
    const second = await familyWithExpense();
    const ruleOf = async (familyId: string, userId: string) => {
      const { rows } = await t.database.pool.query<{ id: string }>(
        `insert into recurring_rules (family_id, description, amount, created_by_user_id,
           frequency, day_of_month, start_date, generated_through)
         values ($1, 'Conta', 10, $2, 'monthly', 5, '2026-01-05', '2026-03-31') returning id`,
        [familyId, userId],
      );
      return rows[0]?.id ?? "";
    };
    const a = await ruleOf(first.family.familyId, first.family.user.id);
    const b = await ruleOf(second.family.familyId, second.family.user.id);
    const created = await writes.transaction((_tx, write) =>
      write.generate([a, b, b], ["2026-01-05", "2026-01-05", "2026-02-05"]),
    );
    expect(created).toBe(3);
    const byFamily = Object.fromEntries(heard.map((change) => [change.familyId, change]));
    expect(byFamily).toEqual({
      [first.family.familyId]: { familyId: first.family.familyId, kind: "generated", count: 1 },
      [second.family.familyId]: { familyId: second.family.familyId, kind: "generated", count: 2 },
    });
  });
});

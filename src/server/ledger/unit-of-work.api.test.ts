import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CALENDAR_MONTH } from "../../contract/budget-period-rule";
import type { FamilyScope } from "../http/family-scope";
import {
  createCategory,
  createExpense,
  type FamilyMemberSession,
  joinFamilyOf,
  signUpWithFamily,
} from "../testing/family-helpers";
import { createTestApp, type TestApp } from "../testing/test-app";
import type { FamilyChange } from "./changes";
import { ChangeFanOut, topicsByFamily } from "./fan-out";
import { Ledger } from "./unit-of-work";

/**
 * The unit of work's promise (unit-of-work.ts): expenses, incomes and settlements written in one
 * transaction, whose recorded changes reach the fan-out together once, after the COMMIT, and
 * never when it rolled back; each family's topics become one live event.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function listening() {
  const heard: (readonly FamilyChange[])[] = [];
  const fanOut = new ChangeFanOut();
  fanOut.subscribe((changes) => {
    heard.push(changes);
  });
  return { heard, fanOut, ledger: new Ledger(t.database.db, fanOut) };
}

const scopeOf = (family: FamilyMemberSession): FamilyScope => ({
  userId: family.user.id,
  familyId: family.familyId,
  role: "owner",
  actorName: "Ana",
  budgetPeriod: CALENDAR_MONTH,
  cardSpendingBy: "date" as const,
});

const income = (family: FamilyMemberSession) => ({
  familyId: family.familyId,
  description: "Salário",
  amount: "5000.00",
  kind: "salary" as const,
  date: "2026-03-05",
  receivedByUserId: family.user.id,
  addedByUserId: family.user.id,
});

const settlement = (from: FamilyMemberSession, to: FamilyMemberSession) => ({
  fromUserId: from.user.id,
  toUserId: to.user.id,
  amount: "10.00",
  paidOn: "2026-03-06",
  method: "pix" as const,
  note: null,
});

describe("the ledger's unit of work", () => {
  it("fans out every writer's changes once, after the commit, with the history written", async () => {
    const { heard, ledger } = listening();
    const family = await signUpWithFamily(t.app);
    const leo = await joinFamilyOf(t.app, family);
    const category = await createCategory(t.app, family);
    const expense = await createExpense(t.app, family, { categoryId: category.id });
    const scope = scopeOf(family);
    await ledger.transaction(async ({ expenses, incomes, settlements, changed }) => {
      await expenses.delete(scope, { id: expense.id });
      await incomes.insert([income(family)], null);
      await settlements.insert(scope, settlement(leo, family));
      changed(family.familyId, ["categories"]);
      expect(heard).toEqual([]);
    });
    expect(heard).toHaveLength(1);
    const [changes = []] = heard;
    expect(changes.map((change) => change.topics)).toEqual([
      ["expenses"],
      ["incomes"],
      ["balances"],
      ["categories"],
    ]);
    expect(changes[0]?.expenses).toEqual({
      familyId: family.familyId,
      kind: "deleted",
      count: 1,
      ids: [expense.id],
    });
    expect(topicsByFamily(changes)).toEqual(
      new Map([[family.familyId, ["expenses", "incomes", "balances", "categories"]]]),
    );
    const { rows } = await t.database.pool.query<{ kind: string; action: string }>(
      `select kind, action from family_history
        where family_id = $1 and kind in ('expense', 'income', 'settlement') order by kind`,
      [family.familyId],
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        { kind: "expense", action: "deleted" },
        { kind: "income", action: "created" },
        { kind: "settlement", action: "created" },
      ]),
    );
  });

  it("tells nothing, and keeps nothing, when the transaction rolls back", async () => {
    const { heard, ledger } = listening();
    const family = await signUpWithFamily(t.app);
    const leo = await joinFamilyOf(t.app, family);
    const scope = scopeOf(family);
    await expect(
      ledger.transaction(async ({ incomes, settlements }) => {
        await incomes.insert([income(family)], null);
        await settlements.insert(scope, settlement(leo, family));
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect(heard).toEqual([]);
    const { rows } = await t.database.pool.query<{ n: number }>(
      `select (select count(*) from incomes where family_id = $1)::int
            + (select count(*) from settlements where family_id = $1)::int as n`,
      [family.familyId],
    );
    expect(rows[0]?.n).toBe(0);
  });

  it("keeps the write when a listener fails, and tells the others", async () => {
    const { heard, fanOut, ledger } = listening();
    fanOut.subscribe(() => {
      throw new Error("a listener's own failure");
    });
    fanOut.subscribe(async () => {
      throw new Error("an async listener's own failure");
    });
    const family = await signUpWithFamily(t.app);
    const [row] = await ledger.transaction(({ incomes }) => incomes.insert([income(family)], null));
    expect(row?.familyId).toBe(family.familyId);
    expect(heard).toHaveLength(1);
  });

  it("tells a write that committed alone at once, and a unit that changed nothing not at all", async () => {
    const { heard, ledger } = listening();
    const family = await signUpWithFamily(t.app);
    await ledger.transaction(async ({ incomes }) => incomes.insert([], null));
    expect(heard).toEqual([]);
    await ledger.changed(family.familyId, ["notifications"]);
    await ledger.alertsCameDue([family.familyId]);
    expect(heard).toEqual([
      [{ familyId: family.familyId, topics: ["notifications"] }],
      [{ familyId: family.familyId, topics: ["notifications"], alertsDue: true }],
    ]);
  });
});

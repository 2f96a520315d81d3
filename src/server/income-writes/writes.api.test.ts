import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CALENDAR_MONTH } from "../../contract/budget-period-rule";
import type { FamilyScope } from "../http/family-scope";
import { ChangeFanOut } from "../ledger/fan-out";
import { Ledger } from "../ledger/unit-of-work";
import { type FamilyMemberSession, signUpWithFamily } from "../testing/family-helpers";
import { createTestApp, type TestApp } from "../testing/test-app";
import type { NewIncome } from "./writer";
import { IncomeWrites } from "./writes";

/**
 * The income write door's promises to its callers (the incomes' routes, the recurring job): a
 * batch in one statement that writes a recurring occurrence once however often it is sent, a
 * history entry per row written, and the family told once the transaction committed, never when
 * it rolled back.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function listening() {
  const heard: string[] = [];
  const fanOut = new ChangeFanOut();
  fanOut.subscribe((changes) => {
    for (const change of changes)
      if (change.topics.includes("incomes")) heard.push(change.familyId);
  });
  return { heard, writes: new IncomeWrites(new Ledger(t.database.db, fanOut)) };
}

const scopeOf = (family: FamilyMemberSession): FamilyScope => ({
  userId: family.user.id,
  familyId: family.familyId,
  role: "owner",
  actorName: "Ana",
  budgetPeriod: CALENDAR_MONTH,
  cardSpendingBy: "date" as const,
});

async function incomeRule(family: FamilyMemberSession): Promise<string> {
  const { rows } = await t.database.pool.query<{ id: string }>(
    `insert into recurring_rules (family_id, description, amount, entry, income_kind, frequency,
       day_of_month, start_date, paid_by_user_id)
     values ($1, 'Salário', 5000, 'income', 'salary', 'monthly', 5, '2026-01-05', $2) returning id`,
    [family.familyId, family.user.id],
  );
  return rows[0]?.id ?? "";
}

const occurrence = (family: FamilyMemberSession, ruleId: string, date: string): NewIncome => ({
  familyId: family.familyId,
  description: "Salário",
  amount: "5000.00",
  kind: "salary",
  date,
  receivedByUserId: family.user.id,
  addedByUserId: null,
  recurringRuleId: ruleId,
  recurringDate: date,
});

const historyCount = async (familyId: string) =>
  Number(
    (
      await t.database.pool.query<{ n: string }>(
        "select count(*) as n from family_history where family_id = $1 and kind = 'income'",
        [familyId],
      )
    ).rows[0]?.n,
  );

describe("the income writer", () => {
  it("writes a recurring occurrence once, however often the batch is sent", async () => {
    const family = await signUpWithFamily(t.app);
    const ruleId = await incomeRule(family);
    const batch = [
      occurrence(family, ruleId, "2026-01-05"),
      occurrence(family, ruleId, "2026-02-05"),
    ];
    const { heard, writes } = listening();
    const first = await writes.transaction((_tx, write) => write.insert(batch, null));
    expect(first.map((row) => row.date)).toEqual(["2026-01-05", "2026-02-05"]);
    expect(heard).toEqual([family.familyId]);
    const again = await writes.transaction((_tx, write) =>
      write.insert([...batch, occurrence(family, ruleId, "2026-03-05")], null),
    );
    expect(again.map((row) => row.date)).toEqual(["2026-03-05"]);
    // One entry per row written, by the app itself (no actor).
    expect(await historyCount(family.familyId)).toBe(3);
    const { rows } = await t.database.pool.query(
      "select actor_user_id, action from family_history where family_id = $1 and kind = 'income'",
      [family.familyId],
    );
    expect(rows.every((row) => row.actor_user_id === null && row.action === "created")).toBe(true);
  });

  it("announces nothing, and keeps nothing, when the transaction rolls back", async () => {
    const family = await signUpWithFamily(t.app);
    const { heard, writes } = listening();
    await expect(
      writes.transaction(async (_tx, write) => {
        await write.insert(
          [{ ...occurrence(family, "", "2026-01-05"), recurringRuleId: null, recurringDate: null }],
          null,
        );
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(heard).toEqual([]);
    expect(await historyCount(family.familyId)).toBe(0);
  });

  it("tells each family of a batch once, after a person's change and delete too", async () => {
    const ana = await signUpWithFamily(t.app);
    const leo = await signUpWithFamily(t.app);
    const { heard, writes } = listening();
    const plain = (family: FamilyMemberSession): NewIncome => ({
      ...occurrence(family, "", "2026-01-10"),
      recurringRuleId: null,
      recurringDate: null,
      addedByUserId: family.user.id,
    });
    const [row] = await writes.transaction((_tx, write) =>
      write.insert([plain(ana), plain(ana), plain(leo)], null),
    );
    expect(heard.sort()).toEqual([ana.familyId, leo.familyId].sort());
    heard.length = 0;
    const id = row?.id ?? "";
    await writes.transaction((_tx, write) =>
      write.update(scopeOf(ana), id, { amount: "10.00" }, new Date()),
    );
    await writes.transaction((_tx, write) => write.delete(scopeOf(ana), id));
    expect(heard).toEqual([ana.familyId, ana.familyId]);
    // Another family's income is not there for Leo.
    await expect(
      writes.transaction((_tx, write) => write.delete(scopeOf(leo), id)),
    ).rejects.toMatchObject({ code: "income_not_found" });
  });
});

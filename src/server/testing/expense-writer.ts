import { CALENDAR_MONTH } from "../../contract/budget-period-rule";
import { ExpenseWrites } from "../expense-writes/writes";
import type { FamilyScope } from "../http/family-scope";
import type { ExpenseChange } from "../ledger/changes";
import { ChangeFanOut } from "../ledger/fan-out";
import { Ledger } from "../ledger/unit-of-work";
import type { FamilyMemberSession } from "./family-helpers";
import type { TestApp } from "./test-app";

/**
 * The expense door on a test app's database, with what its fan-out told after each commit: the
 * path tests of expense-writes/ drive one path through it and read the rows, entries and changes.
 */
export function expenseWriter(t: TestApp) {
  const told: ExpenseChange[] = [];
  const fanOut = new ChangeFanOut();
  fanOut.subscribe((changes) => {
    for (const change of changes) if (change.expenses) told.push(change.expenses);
  });
  return { told, writes: new ExpenseWrites(new Ledger(t.database.db, fanOut)) };
}

/** The family scope the routes hand a service, for a member of a family on the calendar month. */
export const scopeOf = (
  family: FamilyMemberSession,
  role: FamilyScope["role"] = "owner",
): FamilyScope => ({
  userId: family.user.id,
  familyId: family.familyId,
  role,
  actorName: "Ana",
  budgetPeriod: CALENDAR_MONTH,
  cardSpendingBy: "date" as const,
});

/**
 * A family's history entries of one kind (and action), oldest first. A new family's examples,
 * cleared by signUpWithFamily, left their `deleted` entries.
 */
export async function entriesOf(
  t: TestApp,
  familyId: string,
  kind: string,
  action?: string,
): Promise<{ action: string; subjectId: string | null; changes: { field: string }[] }[]> {
  const { rows } = await t.database.pool.query(
    `select action, subject_id as "subjectId", changes from family_history
      where family_id = $1 and kind = $2 and ($3::text is null or action = $3)
      order by created_at, id`,
    [familyId, kind, action ?? null],
  );
  return rows;
}

import { and, asc, eq, sql } from "drizzle-orm";
import { fromCents, toCents } from "../../../contract/money";
import {
  type CreateRecurringRuleInput,
  entryIssues,
  type RecurringDue,
  type RecurringRule,
  scheduleIssues,
  type UpdateRecurringRuleInput,
} from "../../../contract/recurring";
import { periodNamed } from "../../../domain/budget-period";
import { addDays, nextOccurrenceAfter, occurrencesBetween } from "../../../domain/recurrence";
import type { Db } from "../../db/client";
import { isForeignKeyViolation } from "../../db/errors";
import { categories, familyMembers, recurringRules } from "../../db/schema";
import { AppError } from "../../errors";
import type { ExpenseWrites } from "../../expense-writes/writes";
import {
  actorOf,
  changesBetween,
  fieldsCreated,
  fieldsDeleted,
  type HistoryFields,
  namesFor,
  recordHistory,
} from "../../history/record";
import type { FamilyScope } from "../../http/family-scope";
import type { Ledger } from "../../ledger/unit-of-work";
import { lockFamilyQuotas, type Quotas } from "../../quotas";

import { generateRule } from "./generate";

type RuleRow = typeof recurringRules.$inferSelect;

/** A rule as its history entries show it (docs/product.md#family-history). */
async function historyFieldsOf(
  db: Db,
  familyId: string,
  rows: RuleRow[],
): Promise<HistoryFields[]> {
  const names = await namesFor(db, familyId, {
    categoryIds: rows.map((row) => row.categoryId),
    userIds: rows.map((row) => row.paidByUserId),
  });
  return rows.map((row) => ({
    description: row.description,
    amount: row.amount,
    // An income rule names its kind and who receives it, in the income's own fields.
    ...(row.entry === "income"
      ? { incomeKind: row.incomeKind, receivedBy: names.person(row.paidByUserId) }
      : { category: names.category(row.categoryId), paidBy: names.person(row.paidByUserId) }),
    frequency: row.frequency,
    dayOfWeek: row.dayOfWeek,
    dayOfMonth: row.dayOfMonth,
    monthOfYear: row.monthOfYear,
    businessDay: row.businessDay,
    startDate: row.startDate,
    endDate: row.endDate,
    paused: row.paused,
  }));
}

const fieldError = (path: string, messageKey: string) =>
  new AppError("validation_error", { fieldErrors: [{ path, messageKey }] });

const toRule = (row: RuleRow, today: string, saturdays: boolean): RecurringRule => ({
  id: row.id,
  familyId: row.familyId,
  description: row.description,
  amount: row.amount,
  entry: row.entry,
  incomeKind: row.incomeKind,
  categoryId: row.categoryId,
  paidByUserId: row.paidByUserId,
  createdByUserId: row.createdByUserId,
  frequency: row.frequency,
  dayOfWeek: row.dayOfWeek,
  dayOfMonth: row.dayOfMonth,
  monthOfYear: row.monthOfYear,
  businessDay: row.businessDay,
  startDate: row.startDate,
  endDate: row.endDate,
  paused: row.paused,
  nextDate: row.paused ? null : nextOccurrenceAfter(row, today, saturdays),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * The rule's category must be one of the family's; the payer (or an income's receiver) one of
 * its current members.
 */
async function assertOwnReferences(
  db: Db,
  scope: FamilyScope,
  refs: { categoryId?: string | null | undefined; paidByUserId?: string | undefined },
  entry: "expense" | "income",
) {
  if (refs.categoryId != null) {
    const [row] = await db
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.id, refs.categoryId), eq(categories.familyId, scope.familyId)));
    if (!row) throw fieldError("categoryId", "validation.categoryNotFound");
  }
  if (refs.paidByUserId !== undefined && refs.paidByUserId !== scope.userId) {
    const [row] = await db
      .select({ id: familyMembers.id })
      .from(familyMembers)
      .where(
        and(
          eq(familyMembers.userId, refs.paidByUserId),
          eq(familyMembers.familyId, scope.familyId),
        ),
      );
    if (!row) {
      throw fieldError(
        "paidByUserId",
        entry === "income" ? "validation.receiverNotMember" : "validation.payerNotMember",
      );
    }
  }
}

/**
 * Only the day fields of the rule's frequency are stored; a monthly rule on a business day keeps
 * no day of the month (contract/recurring.ts scheduleIssues).
 */
const scheduleColumns = (rule: {
  frequency: RuleRow["frequency"];
  dayOfWeek?: number | null;
  dayOfMonth?: number | null;
  monthOfYear?: number | null;
  businessDay?: number | null;
}) => {
  const businessDay = rule.frequency === "monthly" ? (rule.businessDay ?? null) : null;
  return {
    dayOfWeek: rule.frequency === "weekly" ? (rule.dayOfWeek ?? null) : null,
    dayOfMonth:
      rule.frequency === "weekly" || businessDay !== null ? null : (rule.dayOfMonth ?? null),
    monthOfYear: rule.frequency === "yearly" ? (rule.monthOfYear ?? null) : null,
    businessDay,
  };
};

export async function listRules(
  db: Db,
  scope: FamilyScope,
  today: string,
): Promise<RecurringRule[]> {
  const rows = await db
    .select()
    .from(recurringRules)
    .where(eq(recurringRules.familyId, scope.familyId))
    .orderBy(
      asc(recurringRules.description),
      asc(recurringRules.createdAt),
      asc(recurringRules.id),
    );
  return rows.map((row) => toRule(row, today, scope.budgetPeriod.saturdays));
}

/**
 * A family keeps at most `max` rules (docs/product.md#quotas), counted under its quota lock so
 * two creations at the same moment cannot both take the last place.
 */
async function assertRuleRoom(tx: Db, scope: FamilyScope, max: number) {
  await lockFamilyQuotas(tx, [scope.familyId]);
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(recurringRules)
    .where(eq(recurringRules.familyId, scope.familyId));
  if ((row?.count ?? 0) >= max) {
    throw new AppError("quota_exceeded", {
      messageKey: "errors.recurring_rule_quota",
      params: { max },
    });
  }
}

/**
 * Creates the rule and, in the same transaction, its occurrences already due (up to today),
 * through the expense write module like any expense, or the income door like any income.
 */
export async function createRule(
  writes: ExpenseWrites,
  scope: FamilyScope,
  input: CreateRecurringRuleInput,
  today: string,
  quotas: Quotas,
): Promise<RecurringRule> {
  const paidByUserId = input.paidByUserId ?? scope.userId;
  const entry = input.entry ?? "expense";
  await assertOwnReferences(
    writes.db,
    scope,
    { categoryId: input.categoryId, paidByUserId },
    entry,
  );
  try {
    const rule = await writes.transaction(async (tx, _write, unit) => {
      await assertRuleRoom(tx, scope, quotas.recurringRulesPerFamily);
      const [row] = await tx
        .insert(recurringRules)
        .values({
          familyId: scope.familyId,
          description: input.description,
          amount: input.amount,
          entry,
          incomeKind: entry === "income" ? (input.incomeKind ?? null) : null,
          categoryId: entry === "income" ? null : (input.categoryId ?? null),
          paidByUserId,
          createdByUserId: scope.userId,
          frequency: input.frequency,
          ...scheduleColumns(input),
          startDate: input.startDate,
          endDate: input.endDate ?? null,
        })
        .returning();
      if (!row) throw new AppError("internal");
      const [fields = {}] = await historyFieldsOf(tx, scope.familyId, [row]);
      await recordHistory(tx, [
        {
          familyId: scope.familyId,
          actor: actorOf(scope),
          kind: "recurring",
          action: "created",
          subjectId: row.id,
          subjectLabel: row.description,
          changes: fieldsCreated(fields),
        },
      ]);
      await generateRule(unit, row.id, today, quotas);
      unit.changed(scope.familyId, ["recurring"]);
      return toRule(row, today, scope.budgetPeriod.saturdays);
    });
    return rule;
  } catch (error) {
    // The category was deleted between the check and the insert.
    if (isForeignKeyViolation(error)) throw fieldError("categoryId", "validation.categoryNotFound");
    throw error;
  }
}

/**
 * Partial. The watermark stays: dates already handled are never created again, whatever the new
 * schedule says. Resuming skips the dates that fell while the rule was paused (the watermark moves
 * to yesterday); today's and later ones are created.
 */
export async function updateRule(
  writes: ExpenseWrites,
  scope: FamilyScope,
  id: string,
  input: UpdateRecurringRuleInput,
  today: string,
  now: Date,
  quotas: Quotas,
): Promise<RecurringRule> {
  try {
    const rule = await writes.transaction(async (tx, _write, unit) => {
      // Locked: the background generation skips this rule until the change is committed.
      const [current] = await tx
        .select()
        .from(recurringRules)
        .where(and(eq(recurringRules.id, id), eq(recurringRules.familyId, scope.familyId)))
        .for("update");
      if (!current) throw new AppError("recurring_rule_not_found");
      await assertOwnReferences(tx, scope, input, current.entry);
      const next = { ...current, ...input };
      const issues = [
        // A rule whose category was deleted since stays valid: only a category sent is checked.
        ...entryIssues(next).filter(
          (issue) => issue.path !== "categoryId" || input.categoryId !== undefined,
        ),
        ...scheduleIssues(next),
      ];
      if (issues.length > 0) {
        throw new AppError("validation_error", {
          fieldErrors: issues.map((issue) => ({ path: issue.path, messageKey: issue.message })),
        });
      }
      const resumed = current.paused && next.paused === false;
      const yesterday = addDays(today, -1);
      const [row] = await tx
        .update(recurringRules)
        .set({
          ...input,
          ...scheduleColumns(next),
          ...(resumed && (current.generatedThrough ?? "") < yesterday
            ? { generatedThrough: yesterday }
            : {}),
          updatedAt: now,
        })
        .where(eq(recurringRules.id, id))
        .returning();
      if (!row) throw new AppError("recurring_rule_not_found");
      const [before = {}, after = {}] = await historyFieldsOf(tx, scope.familyId, [current, row]);
      const changes = changesBetween(before, after);
      if (changes.length > 0) {
        await recordHistory(tx, [
          {
            familyId: scope.familyId,
            actor: actorOf(scope),
            kind: "recurring",
            action: "changed",
            subjectId: row.id,
            subjectLabel: row.description,
            changes,
          },
        ]);
      }
      await generateRule(unit, row.id, today, quotas);
      unit.changed(scope.familyId, ["recurring"]);
      return toRule(row, today, scope.budgetPeriod.saturdays);
    });
    return rule;
  } catch (error) {
    if (isForeignKeyViolation(error)) throw fieldError("categoryId", "validation.categoryNotFound");
    throw error;
  }
}

/** The expenses it created stay (ordinary expenses, no longer tied to a rule). */
export async function deleteRule(ledger: Ledger, scope: FamilyScope, id: string): Promise<void> {
  await ledger.transaction(async ({ tx, changed }) => {
    const [deleted] = await tx
      .delete(recurringRules)
      .where(and(eq(recurringRules.id, id), eq(recurringRules.familyId, scope.familyId)))
      .returning();
    if (!deleted) throw new AppError("recurring_rule_not_found");
    const [fields = {}] = await historyFieldsOf(tx, scope.familyId, [deleted]);
    await recordHistory(tx, [
      {
        familyId: scope.familyId,
        actor: actorOf(scope),
        kind: "recurring",
        action: "deleted",
        subjectId: deleted.id,
        subjectLabel: deleted.description,
        changes: fieldsDeleted(fields),
      },
    ]);
    changed(scope.familyId, ["recurring"]);
  });
}

/**
 * The bills still to come in a budget month: the dates of the active expense rules after today up
 * to the period's end (none for a past period, every one for a future period), with their total.
 * An income rule is never a bill (docs/decisions/013-income-refunds-net.md).
 */
export async function dueInMonth(
  db: Db,
  scope: FamilyScope,
  month: { month: number; year: number },
  today: string,
): Promise<RecurringDue> {
  // The family's budget month that calendar month names (docs/product.md#budget-periods).
  const { first, last } = periodNamed(month, scope.budgetPeriod);
  const tomorrow = addDays(today, 1);
  // The later of the two calendar dates ("YYYY-MM-DD" sorts as it reads).
  const from = [first, tomorrow].sort()[1] as string;
  if (from > last) return { items: [], total: "0.00" };
  const rows = await db
    .select()
    .from(recurringRules)
    .where(
      and(
        eq(recurringRules.familyId, scope.familyId),
        eq(recurringRules.entry, "expense"),
        eq(recurringRules.paused, false),
        sql`${recurringRules.startDate} <= ${last}`,
        sql`(${recurringRules.endDate} is null or ${recurringRules.endDate} >= ${from})`,
      ),
    );
  const items = rows
    .flatMap((row) =>
      occurrencesBetween(row, from, last, scope.budgetPeriod.saturdays)
        // A date the rule has already handled (created or skipped) is not still to come.
        .filter((date) => row.generatedThrough === null || date > row.generatedThrough)
        .map((date) => ({
          ruleId: row.id,
          description: row.description,
          amount: row.amount,
          date,
          categoryId: row.categoryId,
        })),
    )
    .sort((a, b) => a.date.localeCompare(b.date) || a.description.localeCompare(b.description));
  // Integer cents: exact, like a sum in SQL.
  const total = fromCents(items.reduce((sum, item) => sum + toCents(item.amount), 0));
  return { items, total };
}

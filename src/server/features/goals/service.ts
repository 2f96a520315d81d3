import { and, desc, eq, sql } from "drizzle-orm";
import { fromCents, toCents } from "../../../contract/cents";
import {
  type Contribution,
  type ContributionList,
  type CreateContributionInput,
  type CreateGoalInput,
  GOALS_MAX,
  type Goal,
  type GoalList,
  type UpdateGoalInput,
} from "../../../contract/goals";
import { goalProgress, lastDayOfMonth, monthOfDate } from "../../../domain/goals";
import type { Db } from "../../db/client";
import { goalContributions, goals, paymentMethods, transfers } from "../../db/schema";
import { methodUsableBy } from "../../db/seen-by";
import { AppError } from "../../errors";
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
import type { Ledger, LedgerWork } from "../../ledger/unit-of-work";
import { assertChangeOfClearedConfirmed } from "../../reconciliation-writes/cleared";
import { assertMoneyAccounts } from "../../transfer-writes/accounts";

/**
 * Caixinhas, the family's savings goals (docs/product.md#caixinhas-savings-goals). Every write
 * goes through `write` below: one unit of work of the ledger, its history entry (kind `goal`, a
 * private goal's its maker's alone) and its live topic. A contribution from another account is a
 * transfer into the goal's account through the transfer door (transfer-writes/), undone with it.
 * Saving is never spending: nothing here touches an expense, an income or a budget.
 */

type GoalRow = typeof goals.$inferSelect;
type ContributionRow = typeof goalContributions.$inferSelect;

/** Another member's private goal is theirs alone: for the caller it does not exist. */
const goalVisibleTo = (scope: FamilyScope) =>
  sql`not (${goals.isPrivate} and ${goals.createdByUserId} is distinct from ${scope.userId}::uuid)`;

/** What a goal write did: its answer, the goal it was about, and its entry's fields. */
type GoalWrite<T> = {
  result: T;
  goal: GoalRow;
  action: "created" | "changed" | "deleted";
  /** The goal's id, or the contribution's. */
  subjectId: string;
  fields: { before: HistoryFields; after: HistoryFields };
};

/**
 * The one write path of goals: `work` in the ledger's unit of work, then its history entry and
 * the topic the family's screens follow. Goals' reads follow `paymentMethods`, the accounts'
 * topic: a goal is money kept in an account, and a contribution moves the accounts' balances.
 */
async function write<T>(
  ledger: Ledger,
  scope: FamilyScope,
  work: (unit: LedgerWork) => Promise<GoalWrite<T>>,
): Promise<T> {
  return ledger.transaction(async (unit) => {
    const done = await work(unit);
    const changes = changesBetween(done.fields.before, done.fields.after);
    if (changes.length > 0 || done.action !== "changed") {
      await recordHistory(unit.tx, [
        {
          familyId: scope.familyId,
          actor: actorOf(scope),
          kind: "goal",
          action: done.action,
          subjectId: done.subjectId,
          subjectLabel: done.goal.name,
          changes:
            done.action === "created"
              ? fieldsCreated(done.fields.after)
              : done.action === "deleted"
                ? fieldsDeleted(done.fields.before)
                : changes,
          privateTo: done.goal.isPrivate ? done.goal.createdByUserId : null,
        },
      ]);
      unit.changed(scope.familyId, ["paymentMethods"]);
    }
    return done.result;
  });
}

async function goalFields(tx: Db, scope: FamilyScope, row: GoalRow): Promise<HistoryFields> {
  const names = await namesFor(tx, scope.familyId, { methodIds: [row.methodId] });
  return {
    name: row.name,
    targetAmount: row.targetAmount,
    targetDate: row.targetDate,
    account: names.method(row.methodId),
    isPrivate: row.isPrivate,
  };
}

/** The caller's goal (never another family's, nor another member's private one), locked. */
async function lockedGoal(tx: Db, scope: FamilyScope, id: string): Promise<GoalRow> {
  const [row] = await tx
    .select()
    .from(goals)
    .where(and(eq(goals.id, id), eq(goals.familyId, scope.familyId), goalVisibleTo(scope)))
    .for("update");
  if (!row) throw new AppError("goal_not_found");
  return row;
}

/**
 * The account that holds a goal: one of the family's active accounts, never a card, one the
 * caller may use (docs/product.md#private-accounts); a shared goal's is a shared account, which
 * every member may put money into. Locked for share, so it is not archived meanwhile.
 */
async function assertGoalAccount(
  tx: Db,
  scope: FamilyScope,
  methodId: string | null,
  isPrivate: boolean,
): Promise<void> {
  if (!methodId) return;
  const [account] = await tx
    .select({ isPrivate: paymentMethods.isPrivate })
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.familyId, scope.familyId),
        eq(paymentMethods.id, methodId),
        eq(paymentMethods.isActive, true),
        sql`${paymentMethods.kind} <> 'credit_card'`,
        methodUsableBy(scope),
      ),
    )
    .for("share");
  const messageKey = !account
    ? "validation.goalAccount"
    : account.isPrivate && !isPrivate
      ? "validation.goalSharedAccount"
      : null;
  if (messageKey) {
    throw new AppError("validation_error", { fieldErrors: [{ path: "methodId", messageKey }] });
  }
}

const targetDateOf = (targetMonth: string | null | undefined) =>
  targetMonth ? lastDayOfMonth(monthOfDate(`${targetMonth}-01`)) : null;

function toGoal(row: GoalRow, savedCents: number, today: string): Goal {
  const progress = goalProgress({
    targetCents: toCents(row.targetAmount),
    savedCents,
    targetMonth: row.targetDate ? monthOfDate(row.targetDate) : null,
    createdMonth: monthOfDate(row.createdAt.toISOString().slice(0, 10)),
    currentMonth: monthOfDate(today),
  });
  return {
    id: row.id,
    name: row.name,
    targetAmount: row.targetAmount,
    targetDate: row.targetDate,
    methodId: row.methodId,
    isPrivate: row.isPrivate,
    createdByUserId: row.createdByUserId,
    createdAt: row.createdAt.toISOString(),
    saved: fromCents(savedCents),
    left: fromCents(progress.leftCents),
    monthsLeft: progress.monthsLeft,
    perMonth: progress.perMonthCents === null ? null : fromCents(progress.perMonthCents),
    onTrack: progress.onTrack,
  };
}

// The goal's own column by its table's name: a bare column inside the subquery would be its own.
const savedSql = sql<string>`coalesce((select sum(c.amount) from ${goalContributions} c
  where c.goal_id = "goals"."id"), 0)::text`;

/**
 * The goals the caller sees, by name, each with its progress on `today`; another member's private
 * goals only as their count and sums (docs/product.md#caixinhas-savings-goals).
 */
export async function listGoals(db: Db, scope: FamilyScope, today: string): Promise<GoalList> {
  const rows = await db
    .select({ goal: goals, saved: savedSql, visible: sql<boolean>`${goalVisibleTo(scope)}` })
    .from(goals)
    .where(eq(goals.familyId, scope.familyId))
    .orderBy(goals.name, goals.id);
  const others = rows.filter((row) => !row.visible);
  const sum = (values: string[]) => fromCents(values.reduce((t, v) => t + toCents(v), 0));
  return {
    items: rows
      .filter((row) => row.visible)
      .map((row) => toGoal(row.goal, toCents(row.saved), today)),
    othersPrivate: {
      count: others.length,
      saved: sum(others.map((row) => row.saved)),
      target: sum(others.map((row) => row.goal.targetAmount)),
    },
  };
}

async function savedCentsOf(tx: Db, goalId: string): Promise<number> {
  const [row] = await tx
    .select({ saved: sql<string>`coalesce(sum(${goalContributions.amount}), 0)::text` })
    .from(goalContributions)
    .where(eq(goalContributions.goalId, goalId));
  return toCents(row?.saved ?? "0");
}

export async function createGoal(
  ledger: Ledger,
  scope: FamilyScope,
  input: CreateGoalInput,
  today: string,
): Promise<Goal> {
  return write(ledger, scope, async ({ tx }) => {
    // Under a lock on the family's goals, so two adds at once cannot pass GOALS_MAX together.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`goals:${scope.familyId}`}, 0))`,
    );
    const [counted] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(goals)
      .where(eq(goals.familyId, scope.familyId));
    if ((counted?.count ?? 0) >= GOALS_MAX) {
      throw new AppError("validation_error", {
        fieldErrors: [{ path: "name", messageKey: "validation.goalsTooMany" }],
      });
    }
    const isPrivate = input.isPrivate ?? false;
    await assertGoalAccount(tx, scope, input.methodId ?? null, isPrivate);
    const [row] = await tx
      .insert(goals)
      .values({
        familyId: scope.familyId,
        name: input.name,
        targetAmount: input.targetAmount,
        targetDate: targetDateOf(input.targetMonth),
        methodId: input.methodId ?? null,
        isPrivate,
        createdByUserId: scope.userId,
      })
      .returning();
    if (!row) throw new AppError("internal");
    return {
      result: toGoal(row, 0, today),
      goal: row,
      action: "created",
      subjectId: row.id,
      fields: { before: {}, after: await goalFields(tx, scope, row) },
    } satisfies GoalWrite<Goal>;
  });
}

export async function updateGoal(
  ledger: Ledger,
  scope: FamilyScope,
  id: string,
  input: UpdateGoalInput,
  today: string,
): Promise<Goal> {
  return write(ledger, scope, async ({ tx }) => {
    const before = await lockedGoal(tx, scope, id);
    const isPrivate = input.isPrivate ?? before.isPrivate;
    // Only its maker makes a goal their own, or shares it again (docs/product.md#caixinhas-savings-goals).
    if (isPrivate !== before.isPrivate && before.createdByUserId !== scope.userId) {
      throw new AppError("validation_error", {
        fieldErrors: [{ path: "isPrivate", messageKey: "validation.goalPrivateOwner" }],
      });
    }
    const methodId = input.methodId === undefined ? before.methodId : input.methodId;
    if (methodId !== before.methodId || isPrivate !== before.isPrivate) {
      await assertGoalAccount(tx, scope, methodId, isPrivate);
    }
    const [row] = await tx
      .update(goals)
      .set({
        name: input.name ?? before.name,
        targetAmount: input.targetAmount ?? before.targetAmount,
        targetDate:
          input.targetMonth === undefined ? before.targetDate : targetDateOf(input.targetMonth),
        methodId,
        isPrivate,
        updatedAt: sql`now()`,
      })
      .where(eq(goals.id, before.id))
      .returning();
    if (!row) throw new AppError("goal_not_found");
    const fields = {
      before: await goalFields(tx, scope, before),
      after: await goalFields(tx, scope, row),
    };
    // An entry of a goal that was shared and is now private, or the other way, is its maker's.
    const goal = row.isPrivate || before.isPrivate ? { ...row, isPrivate: true } : row;
    return {
      result: toGoal(row, await savedCentsOf(tx, row.id), today),
      goal,
      action: "changed",
      subjectId: row.id,
      fields,
    } satisfies GoalWrite<Goal>;
  });
}

/**
 * Deleted with its contributions; the transfers they made stay transfers, money that did move
 * between the accounts (docs/product.md#caixinhas-savings-goals).
 */
export async function deleteGoal(ledger: Ledger, scope: FamilyScope, id: string): Promise<void> {
  await write(ledger, scope, async ({ tx }) => {
    const row = await lockedGoal(tx, scope, id);
    const fields = await goalFields(tx, scope, row);
    await tx.delete(goals).where(eq(goals.id, row.id));
    return {
      result: undefined,
      goal: row,
      action: "deleted",
      subjectId: row.id,
      fields: { before: fields, after: {} },
    } satisfies GoalWrite<undefined>;
  });
}

const contributionColumns = {
  id: goalContributions.id,
  goalId: goalContributions.goalId,
  amount: goalContributions.amount,
  date: goalContributions.date,
  note: goalContributions.note,
  transferId: goalContributions.transferId,
  fromMethodId: transfers.fromMethodId,
  addedByUserId: goalContributions.addedByUserId,
  createdAt: goalContributions.createdAt,
};

const toContribution = (row: ContributionRow & { fromMethodId: string | null }): Contribution => ({
  id: row.id,
  goalId: row.goalId,
  amount: row.amount,
  date: row.date,
  note: row.note,
  transferId: row.transferId,
  fromMethodId: row.fromMethodId,
  addedByUserId: row.addedByUserId,
  createdAt: row.createdAt.toISOString(),
});

/** A goal's contributions and withdrawals, newest first. */
export async function listContributions(
  db: Db,
  scope: FamilyScope,
  goalId: string,
): Promise<ContributionList> {
  const [goal] = await db
    .select({ id: goals.id })
    .from(goals)
    .where(and(eq(goals.id, goalId), eq(goals.familyId, scope.familyId), goalVisibleTo(scope)));
  if (!goal) throw new AppError("goal_not_found");
  const rows = await db
    .select({ ...contributionColumns, familyId: goalContributions.familyId })
    .from(goalContributions)
    .leftJoin(transfers, eq(transfers.id, goalContributions.transferId))
    .where(eq(goalContributions.goalId, goal.id))
    .orderBy(
      desc(goalContributions.date),
      desc(goalContributions.createdAt),
      desc(goalContributions.id),
    );
  return { items: rows.map(toContribution) };
}

const contributionFields = async (
  tx: Db,
  scope: FamilyScope,
  row: ContributionRow,
  fromMethodId: string | null,
): Promise<HistoryFields> => {
  const names = await namesFor(tx, scope.familyId, { methodIds: [fromMethodId] });
  return {
    amount: row.amount,
    date: row.date,
    fromAccount: fromMethodId ? names.method(fromMethodId) : null,
    note: row.note,
  };
};

/**
 * Money put into a goal (amount > 0) or taken out of it (amount < 0). From another account it is
 * a transfer into the goal's account, through the transfer door; a withdrawal never takes out
 * more than is saved.
 */
export async function addContribution(
  ledger: Ledger,
  scope: FamilyScope,
  goalId: string,
  input: CreateContributionInput,
): Promise<Contribution> {
  return write(ledger, scope, async ({ tx, transfers: transferWriter }) => {
    const goal = await lockedGoal(tx, scope, goalId);
    const cents = toCents(input.amount);
    if (cents < 0 && (await savedCentsOf(tx, goal.id)) + cents < 0) {
      throw new AppError("validation_error", {
        fieldErrors: [{ path: "amount", messageKey: "validation.goalWithdrawalTooLarge" }],
      });
    }
    let transferId: string | null = null;
    const fromMethodId = input.fromMethodId ?? null;
    if (fromMethodId) {
      const fieldError = (messageKey: string) =>
        new AppError("validation_error", {
          fieldErrors: [{ path: "fromMethodId", messageKey }],
        });
      if (!goal.methodId) throw fieldError("validation.goalNoAccount");
      if (fromMethodId === goal.methodId) throw fieldError("validation.transferSameAccount");
      // The goal's own account is checked as the goal was made: only the source is the caller's.
      await assertGoalAccount(tx, scope, goal.methodId, goal.isPrivate).catch(() => {
        throw fieldError("validation.goalAccount");
      });
      await assertMoneyAccounts(tx, scope, { fromMethodId });
      const transfer = await transferWriter.insert(scope, {
        fromMethodId,
        toMethodId: goal.methodId,
        amount: input.amount,
        date: input.date,
        // The family reads the transfers between its shared accounts: a private goal's name and
        // note stay its maker's (docs/product.md#caixinhas-savings-goals).
        note: goal.isPrivate ? null : (input.note ?? goal.name),
      });
      transferId = transfer.id;
    }
    const [row] = await tx
      .insert(goalContributions)
      .values({
        familyId: scope.familyId,
        goalId: goal.id,
        amount: input.amount,
        date: input.date,
        note: input.note ?? null,
        transferId,
        addedByUserId: scope.userId,
      })
      .returning();
    if (!row) throw new AppError("internal");
    return {
      result: toContribution({ ...row, fromMethodId }),
      goal,
      action: "created",
      subjectId: row.id,
      fields: { before: {}, after: await contributionFields(tx, scope, row, fromMethodId) },
    } satisfies GoalWrite<Contribution>;
  });
}

/**
 * Undone: the contribution goes, and the transfer it made with it (through the transfer door,
 * which asks first when it was cleared against a bank). Money put in and taken out since is not
 * left below zero.
 */
export async function deleteContribution(
  ledger: Ledger,
  scope: FamilyScope,
  goalId: string,
  contributionId: string,
  confirmedCleared = false,
): Promise<void> {
  const [found] = await ledger.db
    .select({ transferId: goalContributions.transferId })
    .from(goalContributions)
    .where(
      and(
        eq(goalContributions.id, contributionId),
        eq(goalContributions.goalId, goalId),
        eq(goalContributions.familyId, scope.familyId),
      ),
    );
  if (found?.transferId) {
    await assertChangeOfClearedConfirmed(
      ledger.db,
      scope.familyId,
      "transfer",
      [found.transferId],
      confirmedCleared,
    );
  }
  await write(ledger, scope, async ({ tx, transfers: transferWriter }) => {
    const goal = await lockedGoal(tx, scope, goalId);
    const [row] = await tx
      .select({ ...contributionColumns, familyId: goalContributions.familyId })
      .from(goalContributions)
      .leftJoin(transfers, eq(transfers.id, goalContributions.transferId))
      .where(and(eq(goalContributions.id, contributionId), eq(goalContributions.goalId, goal.id)));
    if (!row) throw new AppError("goal_not_found");
    if (toCents(row.amount) > 0 && (await savedCentsOf(tx, goal.id)) < toCents(row.amount)) {
      throw new AppError("goal_contribution_withdrawn");
    }
    const fields = await contributionFields(tx, scope, row, row.fromMethodId);
    await tx.delete(goalContributions).where(eq(goalContributions.id, row.id));
    if (row.transferId) await transferWriter.delete(scope, row.transferId);
    return {
      result: undefined,
      goal,
      action: "deleted",
      subjectId: row.id,
      fields: { before: fields, after: {} },
    } satisfies GoalWrite<undefined>;
  });
}

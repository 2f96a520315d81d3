import { and, desc, eq, getTableColumns, sql } from "drizzle-orm";
import { LIST_ROWS_MAX } from "../../../contract/expense-limits";
import type {
  CreateIncomeInput,
  Income,
  IncomeList,
  UpdateIncomeInput,
} from "../../../contract/incomes";
import { periodNamed } from "../../../domain/budget-period";
import { toIncome } from "../../api-rows";
import type { Db } from "../../db/client";
import { isForeignKeyViolation, isUniqueViolation } from "../../db/errors";
import { familyMembers, incomes, paymentMethods } from "../../db/schema";
import { incomesSeenBy, maskedRow, seenIncomes } from "../../db/seen-by";
import { AppError } from "../../errors";
import { actorOf } from "../../history/record";
import type { FamilyScope } from "../../http/family-scope";
import { type IncomeWrites, privateReceiver } from "../../income-writes/writes";
import { reserveIncomes } from "../../quotas";

/**
 * Income (docs/product.md#income): the family's budget month of it, and a person's create, change
 * and delete, checked here and written through the one door (income-writes/writes.ts).
 */

/**
 * The family's income of the budget month `month`/`year` names (docs/product.md#budget-periods),
 * newest first, in one statement: the rows the caller may see, and the total of every row, others'
 * private incomes included, summed by the database.
 */
export async function listIncomes(
  db: Db,
  scope: FamilyScope,
  query: { month: number; year: number },
): Promise<IncomeList> {
  const period = periodNamed({ year: query.year, month: query.month }, scope.budgetPeriod);
  const rows = await db
    .select({
      income: getTableColumns(incomes),
      hidden: sql<boolean>`${maskedRow("incomes")}`,
      total: sql<string>`(sum(${incomes.amount}) over ())::text`,
    })
    .from(seenIncomes(scope))
    .where(sql`${incomes.date} between ${period.first} and ${period.last}`)
    .orderBy(desc(incomes.date), desc(incomes.createdAt), desc(incomes.id))
    // The total is a window over every row of the month, summed before the limit applies.
    .limit(LIST_ROWS_MAX + 1);
  if (rows.length > LIST_ROWS_MAX) throw new AppError("too_many_rows");
  return {
    items: rows.filter((row) => !row.hidden).map((row) => toIncome(row.income)),
    total: rows[0]?.total ?? "0.00",
  };
}

const fieldError = (path: string, messageKey: string) =>
  new AppError("validation_error", { fieldErrors: [{ path, messageKey }] });

/**
 * Who received it must be a current member of the family; when editing, the one the income
 * already has is kept too (a member who left stays its receiver while it is corrected).
 */
async function assertReceiver(db: Db, scope: FamilyScope, userId: string, incomeId?: string) {
  if (userId === scope.userId) return;
  const keeps = incomeId
    ? sql`or exists (select 1 from ${incomesSeenBy(scope)} where ${incomes.id} = ${incomeId}
        and ${incomes.receivedByUserId} = ${userId})`
    : sql``;
  const result = await db.execute<{ ok: boolean }>(sql`
    select (exists (select 1 from ${familyMembers} where ${familyMembers.familyId} = ${scope.familyId}
      and ${familyMembers.userId} = ${userId}) ${keeps}) as ok`);
  const [row] = (result as unknown as { rows: { ok: boolean }[] }).rows;
  if (!row?.ok) throw fieldError("receivedByUserId", "validation.receiverNotMember");
}

/**
 * The account it came into: one of the family's active methods, never a credit card
 * (docs/product.md#income); when editing, the archived one the income already has is kept.
 */
async function assertAccount(db: Db, scope: FamilyScope, methodId: string, incomeId?: string) {
  const [method] = await db
    .select({ kind: paymentMethods.kind, isActive: paymentMethods.isActive })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, methodId), eq(paymentMethods.familyId, scope.familyId)));
  if (!method) throw fieldError("paymentMethodId", "validation.paymentMethodNotFound");
  if (method.kind === "credit_card") {
    throw fieldError("paymentMethodId", "validation.incomeAccountCard");
  }
  if (method.isActive) return;
  const [kept] = incomeId
    ? await db
        .select({ id: incomes.id })
        .from(seenIncomes(scope))
        .where(and(eq(incomes.id, incomeId), eq(incomes.paymentMethodId, methodId)))
    : [];
  if (!kept) throw fieldError("paymentMethodId", "validation.paymentMethodArchived");
}

/** The method was deleted between its check and the write. */
const methodGone = (error: unknown) =>
  isForeignKeyViolation(error, "incomes_payment_method_family_fk")
    ? fieldError("paymentMethodId", "validation.paymentMethodNotFound")
    : error;

/**
 * With an Idempotency-Key, a repeated create (a double click, a retried request) returns the
 * income the first one made and creates nothing. Received by the caller when not said; a
 * private income by the caller only.
 */
export async function createIncome(
  writes: IncomeWrites,
  scope: FamilyScope,
  input: CreateIncomeInput,
  idempotencyKey: string | undefined,
  maxIncomes: number,
): Promise<Income> {
  const { db } = writes;
  const findRepeat = async () => {
    if (!idempotencyKey) return undefined;
    const [row] = await db
      .select(getTableColumns(incomes))
      .from(seenIncomes(scope))
      .where(
        and(eq(incomes.addedByUserId, scope.userId), eq(incomes.idempotencyKey, idempotencyKey)),
      );
    return row;
  };
  const repeat = await findRepeat();
  if (repeat) return toIncome(repeat);
  const receivedByUserId = input.private
    ? privateReceiver(scope.userId, input.receivedByUserId)
    : (input.receivedByUserId ?? scope.userId);
  await assertReceiver(db, scope, receivedByUserId);
  if (input.paymentMethodId) await assertAccount(db, scope, input.paymentMethodId);
  try {
    const [row] = await writes.transaction(async (tx, write) => {
      // Counted under the family's quota lock (docs/product.md#quotas); a repeated create was
      // answered above, so a retry still answers when the family is full.
      await reserveIncomes(tx, scope.familyId, 1, maxIncomes);
      return write.insert(
        [
          {
            familyId: scope.familyId,
            description: input.description,
            amount: input.amount,
            kind: input.kind,
            date: input.date,
            receivedByUserId,
            paymentMethodId: input.paymentMethodId ?? null,
            private: input.private ?? false,
            addedByUserId: scope.userId,
            idempotencyKey: idempotencyKey ?? null,
          },
        ],
        actorOf(scope),
      );
    });
    if (!row) throw new AppError("internal");
    return toIncome(row);
  } catch (error) {
    if (isUniqueViolation(error, "incomes_idempotency_unique")) {
      const first = await findRepeat();
      if (first) return toIncome(first);
    }
    throw methodGone(error);
  }
}

/** Partial: what is sent changes, the rest stays. */
export async function updateIncome(
  writes: IncomeWrites,
  scope: FamilyScope,
  id: string,
  input: UpdateIncomeInput,
  now: Date,
): Promise<Income> {
  // Another member's private income is not there for the caller, whatever they send.
  const [seen] = await writes.db
    .select({ id: incomes.id })
    .from(seenIncomes(scope))
    .where(and(eq(incomes.id, id), sql`not ${maskedRow("incomes")}`));
  if (!seen) throw new AppError("income_not_found");
  if (input.receivedByUserId !== undefined) {
    await assertReceiver(writes.db, scope, input.receivedByUserId, id);
  }
  if (input.paymentMethodId) await assertAccount(writes.db, scope, input.paymentMethodId, id);
  try {
    return toIncome(await writes.transaction((_tx, write) => write.update(scope, id, input, now)));
  } catch (error) {
    throw methodGone(error);
  }
}

export async function deleteIncome(
  writes: IncomeWrites,
  scope: FamilyScope,
  id: string,
): Promise<void> {
  await writes.transaction((_tx, write) => write.delete(scope, id));
}

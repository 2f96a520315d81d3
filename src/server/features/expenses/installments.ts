import { and, asc, eq, getTableColumns } from "drizzle-orm";
import type {
  CreateInstallmentsInput,
  InstallmentSeries,
  InstallmentSeriesDetail,
  UpdateInstallmentsInput,
} from "../../../contract/installments";
import { toExpense } from "../../api-rows";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { expenses, installmentSeries } from "../../db/schema";
import { seenExpenses, seriesSeenBy } from "../../db/seen-by";
import { AppError } from "../../errors";
import { privateExpenseFields } from "../../expense-writes/private-expense";
import type { ExpenseWrites } from "../../expense-writes/writes";
import { namesFor } from "../../history/record";
import type { FamilyScope } from "../../http/family-scope";
import { reserveExpenses } from "../../quotas";
import { assertOwnCategory, assertPayer, assertPaymentMethod, checkSplit } from "./checks";

/**
 * Purchases in installments (docs/product.md#installments): the checks of the input, then the
 * series written by the expense writes (expense-writes/writes.ts), which record it once in the
 * history and tell of it through the ledger's fan-out (ledger/).
 */

type SeriesRow = typeof installmentSeries.$inferSelect;

const toSeries = (row: SeriesRow): InstallmentSeries => ({
  id: row.id,
  familyId: row.familyId,
  description: row.description,
  total: row.total,
  count: row.count,
  firstDate: row.firstDate,
  firstAmount: row.firstAmount,
  createdByUserId: row.createdByUserId,
  private: row.private,
  createdAt: row.createdAt.toISOString(),
});

/**
 * A series and its installments in order; another family's, or another member's private series
 * (docs/product.md#private-expenses), answers 404.
 */
export async function getInstallments(
  db: Db,
  scope: FamilyScope,
  id: string,
): Promise<InstallmentSeriesDetail> {
  const [[series], installments] = await Promise.all([
    db
      .select()
      .from(installmentSeries)
      .where(and(eq(installmentSeries.id, id), seriesSeenBy(scope))),
    db
      .select(getTableColumns(expenses))
      .from(seenExpenses(scope))
      .where(eq(expenses.seriesId, id))
      .orderBy(asc(expenses.installment)),
  ]);
  if (!series) throw new AppError("installment_series_not_found");
  return {
    ...toSeries(series),
    installments: installments.map((row) => toExpense(row)),
  };
}

/**
 * "Geladeira, R$ 3.600,00 em 12x": the series and its installments, counted against the quota.
 * With an Idempotency-Key, a repeated create (a retry after a lost answer) answers the series the
 * first one made and makes nothing (docs/product.md#idempotent-create).
 */
export async function createInstallments(
  writes: ExpenseWrites,
  scope: FamilyScope,
  input: CreateInstallmentsInput,
  maxExpenses: number,
  idempotencyKey?: string,
): Promise<InstallmentSeriesDetail> {
  const { db } = writes;
  const findRepeat = async () => {
    if (!idempotencyKey) return undefined;
    const [row] = await db
      .select({ id: installmentSeries.id })
      .from(installmentSeries)
      .where(
        and(
          eq(installmentSeries.familyId, scope.familyId),
          eq(installmentSeries.createdByUserId, scope.userId),
          eq(installmentSeries.idempotencyKey, idempotencyKey),
        ),
      );
    return row ? getInstallments(db, scope, row.id) : undefined;
  };
  const repeat = await findRepeat();
  if (repeat) return repeat;
  const category = await assertOwnCategory(db, scope, input.categoryId);
  // Private: paid by and for its author, whatever else was sent (docs/product.md#private-expenses).
  const own = input.private ? privateExpenseFields(scope.userId, input) : null;
  const paidByUserId = own?.paidByUserId ?? input.paidByUserId ?? scope.userId;
  await assertPayer(db, scope, paidByUserId);
  const method = input.paymentMethodId
    ? await assertPaymentMethod(db, scope, input.paymentMethodId)
    : null;
  const payer =
    paidByUserId === scope.userId
      ? scope.actorName
      : (await namesFor(db, scope.familyId, { userIds: [paidByUserId] })).person(paidByUserId);
  const split = own?.split ?? input.split;
  const forWhom = split ? await checkSplit(db, scope, split) : null;
  try {
    const { series, installments } = await writes.transaction(async (tx, write) => {
      await reserveExpenses(tx, scope.familyId, input.count, maxExpenses);
      return write.createSeries(
        scope,
        { ...input, paidByUserId, split, idempotencyKey },
        { category, payer, paymentMethod: method?.name ?? null, forWhom },
        method?.card ?? null,
      );
    });
    return {
      ...toSeries(series),
      installments: installments.map((row) => toExpense(row)),
    };
  } catch (error) {
    // The same key at the same moment: the other request made it.
    if (isUniqueViolation(error, "installment_series_idempotency_unique")) {
      const first = await findRepeat();
      if (first) return first;
    }
    throw error;
  }
}

/**
 * "Esta e as próximas" or "Todas": the fields given set on every installment from `from` on. An
 * archived method is kept only when those installments already have it.
 */
export async function updateInstallments(
  writes: ExpenseWrites,
  scope: FamilyScope,
  id: string,
  input: UpdateInstallmentsInput,
  now: Date,
): Promise<InstallmentSeriesDetail> {
  const { db } = writes;
  const { from, ...changes } = input;
  const [first] = await db
    .select({ id: expenses.id, private: expenses.private })
    .from(seenExpenses(scope))
    .where(eq(expenses.seriesId, id))
    .orderBy(asc(expenses.installment))
    .limit(1);
  if (!first) throw new AppError("installment_series_not_found");
  // A private series stays its author's, paid by and for them (docs/product.md#private-expenses).
  if (first.private) Object.assign(changes, privateExpenseFields(scope.userId, changes));
  if (changes.categoryId !== undefined) await assertOwnCategory(db, scope, changes.categoryId);
  if (changes.paidByUserId !== undefined) {
    await assertPayer(db, scope, changes.paidByUserId, first.id);
  }
  if (changes.paymentMethodId) {
    await assertPaymentMethod(db, scope, changes.paymentMethodId, first.id);
  }
  if (changes.split) await checkSplit(db, scope, changes.split, first.id);
  await writes.transaction((_tx, write) => write.updateSeries(scope, id, from, changes, now));
  return getInstallments(db, scope, id);
}

/** The installments from `from` on; the series too when none is left. */
export async function deleteInstallments(
  writes: ExpenseWrites,
  scope: FamilyScope,
  id: string,
  from: number,
): Promise<{ deletedCount: number; series: InstallmentSeriesDetail | null }> {
  const deletedCount = await writes.transaction((_tx, write) =>
    write.deleteSeries(scope, id, from),
  );
  const [left] = await writes.db
    .select({ id: installmentSeries.id })
    .from(installmentSeries)
    .where(and(eq(installmentSeries.id, id), seriesSeenBy(scope)));
  return { deletedCount, series: left ? await getInstallments(writes.db, scope, id) : null };
}

/** Paid off early: the rest to the card's current bill, or dated today when not on a card. */
export async function payOffInstallments(
  writes: ExpenseWrites,
  scope: FamilyScope,
  id: string,
  today: string,
  now: Date,
): Promise<InstallmentSeriesDetail> {
  await writes.transaction((_tx, write) => write.payOffSeries(scope, id, today, now));
  return getInstallments(writes.db, scope, id);
}

import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { MAX_AMOUNT_CENTS } from "../../contract/installments";
import { fromCents, toCents } from "../../contract/money";
import { FAMILY_SPLIT, type Split } from "../../contract/shares";
import { billClosingOf } from "../../domain/card-bills";
import { installmentDates, splitInstallments } from "../../domain/installments";
import type { ExpenseRow } from "../api-rows";
import { cardBills, expenses, installmentSeries } from "../db/schema";
import { AppError } from "../errors";
import { actorOf, changesBetween, fieldsCreated, namesFor, recordHistory } from "../history/record";
import type { FamilyScope } from "../http/family-scope";
import { type CardDays, cardDaysOf, ensureBill, ensureBills } from "./card-bill";
import { expenseSnapshot, forWhomLabel, splitUserIds } from "./expense-history";
import { assertInstallmentRefunds } from "./refunds";
import type { WriteContext } from "./rows";

/**
 * Purchases in installments (docs/product.md#installments): a series made, changed, deleted from
 * one installment on, or paid off, each with its one history entry.
 */

type SeriesRow = typeof installmentSeries.$inferSelect;

/** A purchase in installments, checked by its service (features/expenses/installments.ts). */
export type SeriesInput = {
  /** Private to its author, each installment too (docs/product.md#private-expenses). */
  private?: boolean | undefined;
  /** The client's Idempotency-Key: a second series with it is refused by its unique index. */
  idempotencyKey?: string | undefined;
  description: string;
  total: string;
  count: number;
  firstDate: string;
  firstAmount?: string | undefined;
  categoryId: string;
  paidByUserId: string;
  paymentMethodId?: string | null | undefined;
  split?: Split | undefined;
};

/** What a change of a series' installments sets on each (checked by its service). */
export type SeriesChanges = {
  description?: string | undefined;
  amount?: string | undefined;
  categoryId?: string | undefined;
  paidByUserId?: string | undefined;
  paymentMethodId?: string | null | undefined;
  split?: Split | undefined;
};

/** A series' one history entry (docs/product.md#installments): named after the purchase. */
const seriesEntry = (
  scope: FamilyScope,
  series: { id: string; description: string; private: boolean; createdByUserId: string | null },
) =>
  ({
    familyId: scope.familyId,
    actor: actorOf(scope),
    kind: "installments",
    subjectId: series.id,
    subjectLabel: series.description,
    privateTo: series.private ? series.createdByUserId : null,
  }) as const;

/**
 * A purchase in installments (docs/product.md#installments): the series, its installments in
 * one insert (each in its own month and, on a card, its own bill: the bills found or made in one
 * statement), and one history entry for the whole purchase. The caller has checked the
 * category, the payer and the method, and reserved room for the installments (quotas.ts).
 */
export async function createSeries(
  w: WriteContext,
  scope: FamilyScope,
  input: SeriesInput,
  names: {
    category: string;
    payer: string | null;
    paymentMethod: string | null;
    forWhom?: string | null;
  },
  card: CardDays | null,
): Promise<{ series: SeriesRow; installments: ExpenseRow[] }> {
  const amounts = splitInstallments(
    toCents(input.total),
    input.count,
    input.firstAmount === undefined ? undefined : toCents(input.firstAmount),
  );
  const dates = installmentDates(input.firstDate, input.count);
  const [series] = await w.tx
    .insert(installmentSeries)
    .values({
      familyId: scope.familyId,
      description: input.description,
      total: fromCents(toCents(input.total)),
      count: input.count,
      firstDate: input.firstDate,
      firstAmount: input.firstAmount ?? null,
      createdByUserId: scope.userId,
      private: input.private === true,
      idempotencyKey: input.idempotencyKey ?? null,
    })
    .returning();
  if (!series) throw new AppError("internal");
  const bills = card
    ? await ensureBills(
        w.tx,
        scope.familyId,
        card,
        dates.map((date) => billClosingOf(date, card.closingDay)),
      )
    : null;
  const installments = await w.tx
    .insert(expenses)
    .values(
      dates.map((date, i) => ({
        familyId: scope.familyId,
        description: input.description,
        amount: fromCents(amounts[i] ?? 0),
        categoryId: input.categoryId,
        addedByUserId: scope.userId,
        paidByUserId: input.paidByUserId,
        paymentMethodId: input.paymentMethodId ?? null,
        billId: card && bills ? (bills.get(billClosingOf(date, card.closingDay)) ?? null) : null,
        seriesId: series.id,
        installment: i + 1,
        installmentCount: input.count,
        split: input.split ?? FAMILY_SPLIT,
        private: series.private,
        date,
      })),
    )
    .returning();
  await recordHistory(w.tx, [
    {
      ...seriesEntry(scope, series),
      action: "created",
      changes: fieldsCreated({
        description: input.description,
        totalAmount: series.total,
        installmentCount: input.count,
        date: input.firstDate,
        category: names.category,
        paidBy: names.payer,
        paymentMethod: names.paymentMethod,
        forWhom: names.forWhom ?? null,
      }),
    },
  ]);
  w.changes.expenses({
    familyId: scope.familyId,
    kind: "created",
    count: installments.length,
    ids: installments.map((row) => row.id),
  });
  installments.sort((a, b) => (a.installment ?? 0) - (b.installment ?? 0));
  return { series, installments };
}

/**
 * "Esta e as próximas" or "Todas": `changes` set on every installment of the series from `from`
 * on, in one statement, with one history entry. A new card puts each in the bill of its own
 * date; another method or none takes them out of their bills.
 */
export async function updateSeries(
  w: WriteContext,
  scope: FamilyScope,
  seriesId: string,
  from: number,
  changes: SeriesChanges,
  now: Date,
): Promise<ExpenseRow[]> {
  const series = await lockedSeries(w, scope, seriesId);
  const where = and(
    eq(expenses.familyId, scope.familyId),
    eq(expenses.seriesId, seriesId),
    gte(expenses.installment, from),
  );
  const before = await w.tx.select().from(expenses).where(where).orderBy(expenses.installment);
  const first = before[0];
  if (!first) throw new AppError("installment_series_not_found");
  if (changes.amount !== undefined) {
    await assertInstallmentRefunds(w, before, changes.amount);
    await assertSeriesTotalFits(w, seriesId, from, changes.amount, before.length);
  }
  const set: PgUpdateSetSource<typeof expenses> = { ...changes, updatedAt: now };
  if (changes.paymentMethodId !== undefined && changes.paymentMethodId !== first.paymentMethodId) {
    const card = changes.paymentMethodId
      ? await cardDaysOf(w.tx, scope.familyId, changes.paymentMethodId)
      : null;
    if (card) {
      // Each installment to the bill of its own date: the bills found or made first, then
      // each row's looked up by its id in the same UPDATE.
      const closings = before.map((row) => billClosingOf(row.date, card.closingDay));
      await ensureBills(w.tx, scope.familyId, card, closings);
      set.billId = sql`(select b.id from ${cardBills} b
        join unnest(${sql.param(before.map((row) => row.id))}::uuid[],
          ${sql.param(closings)}::date[]) as p(expense_id, closes_on)
          on b.closes_on = p.closes_on
        where b.method_id = ${card.methodId} and p.expense_id = ${expenses.id})`;
    } else {
      set.billId = null;
    }
  }
  const rows = await w.tx.update(expenses).set(set).where(where).returning();
  if (changes.amount !== undefined || (changes.description !== undefined && from === 1)) {
    await w.tx
      .update(installmentSeries)
      .set({
        ...(from === 1 && changes.description !== undefined
          ? { description: changes.description }
          : {}),
        total: sql`(select coalesce(sum(${expenses.amount}), ${installmentSeries.total})
          from ${expenses} where ${expenses.seriesId} = ${seriesId})`,
      })
      .where(eq(installmentSeries.id, seriesId));
  }
  const after = rows.find((row) => row.id === first.id) ?? first;
  const names = await namesFor(w.tx, scope.familyId, {
    categoryIds: [first.categoryId, after.categoryId],
    userIds: [
      first.paidByUserId,
      after.paidByUserId,
      ...splitUserIds(first.split),
      ...splitUserIds(after.split),
    ],
    methodIds: [first.paymentMethodId, after.paymentMethodId],
  });
  const fields = (row: ExpenseRow) => ({
    description: row.description,
    amount: row.amount,
    category: names.category(row.categoryId),
    paidBy: names.person(row.paidByUserId),
    paymentMethod: names.method(row.paymentMethodId),
    forWhom: forWhomLabel(row.split, names.person),
  });
  const changed = changesBetween(fields(first), fields(after));
  if (changed.length > 0) {
    await recordHistory(w.tx, [
      {
        ...seriesEntry(scope, { ...series, description: after.description }),
        action: "changed",
        changes: [{ field: "fromInstallment", before: null, after: from }, ...changed],
      },
    ]);
  }
  w.changes.expenses({
    familyId: scope.familyId,
    kind: "changed",
    count: rows.length,
    ids: rows.map((row) => row.id),
  });
  return rows.sort((a, b) => (a.installment ?? 0) - (b.installment ?? 0));
}

/**
 * The installments of a series from `from` on, with one history entry keeping them as they
 * were; the series itself goes with its last installment. Returns how many were deleted.
 */
export async function deleteSeries(
  w: WriteContext,
  scope: FamilyScope,
  seriesId: string,
  from: number,
): Promise<number> {
  const series = await lockedSeries(w, scope, seriesId);
  const deleted = await w.tx
    .delete(expenses)
    .where(
      and(
        eq(expenses.familyId, scope.familyId),
        eq(expenses.seriesId, seriesId),
        gte(expenses.installment, from),
      ),
    )
    .returning();
  if (deleted.length === 0) throw new AppError("installment_series_not_found");
  const [left] = await w.tx
    .select({ n: sql<number>`count(*)::int` })
    .from(expenses)
    .where(eq(expenses.seriesId, seriesId));
  if ((left?.n ?? 0) === 0) {
    await w.tx.delete(installmentSeries).where(eq(installmentSeries.id, seriesId));
  }
  const total = deleted.reduce((sum, row) => sum + toCents(row.amount), 0);
  await recordHistory(w.tx, [
    {
      ...seriesEntry(scope, series),
      action: "deleted",
      changes: [
        { field: "fromInstallment", before: from, after: null },
        { field: "installmentCount", before: deleted.length, after: null },
        { field: "totalAmount", before: fromCents(total), after: null },
      ],
      snapshot: { installments: deleted.map(expenseSnapshot) },
    },
  ]);
  w.changes.expenses({
    familyId: scope.familyId,
    kind: "deleted",
    count: deleted.length,
    ids: deleted.map((row) => row.id),
  });
  return deleted.length;
}

/**
 * Paying a series off early (docs/product.md#installments): on a card, the installments in bills
 * after the one open today move to it (their dates, and so their budget months, stay); paid
 * otherwise, the installments dated after today are dated today. One history entry.
 */
export async function payOffSeries(
  w: WriteContext,
  scope: FamilyScope,
  seriesId: string,
  today: string,
  now: Date,
): Promise<ExpenseRow[]> {
  const series = await lockedSeries(w, scope, seriesId);
  const rows = await w.tx
    .select()
    .from(expenses)
    .where(and(eq(expenses.familyId, scope.familyId), eq(expenses.seriesId, seriesId)))
    .orderBy(expenses.installment);
  const methodId = rows[0]?.paymentMethodId ?? null;
  const card = methodId ? await cardDaysOf(w.tx, scope.familyId, methodId) : null;
  let moved: ExpenseRow[] = [];
  let paidOffTo: string;
  if (card) {
    const current = await ensureBill(
      w.tx,
      scope.familyId,
      card,
      billClosingOf(today, card.closingDay),
    );
    paidOffTo = current.closesOn;
    moved = await w.tx
      .update(expenses)
      .set({ billId: current.id, updatedAt: now })
      .where(
        and(
          eq(expenses.familyId, scope.familyId),
          eq(expenses.seriesId, seriesId),
          sql`${expenses.billId} in (select b.id from ${cardBills} b
            where b.method_id = ${card.methodId} and b.closes_on > ${current.closesOn})`,
        ),
      )
      .returning();
  } else {
    paidOffTo = today;
    moved = await w.tx
      .update(expenses)
      .set({ date: today, updatedAt: now })
      .where(
        and(
          eq(expenses.familyId, scope.familyId),
          eq(expenses.seriesId, seriesId),
          sql`${expenses.date} > ${today}`,
        ),
      )
      .returning();
  }
  if (moved.length > 0) {
    const fromInstallment = Math.min(...moved.map((row) => row.installment ?? 0));
    await recordHistory(w.tx, [
      {
        ...seriesEntry(scope, series),
        action: "changed",
        changes: [
          { field: "fromInstallment", before: null, after: fromInstallment },
          // On a card, the bill they moved to (by its closing date); otherwise their new date.
          { field: card ? "bill" : "paidOffTo", before: null, after: paidOffTo },
        ],
      },
    ]);
    w.changes.expenses({
      familyId: scope.familyId,
      kind: "changed",
      count: moved.length,
      ids: moved.map((row) => row.id),
    });
  }
  const byId = new Map(moved.map((row) => [row.id, row]));
  return rows.map((row) => byId.get(row.id) ?? row);
}

/**
 * The series' total, the installments before `from` plus `count` of the new amount, fits an
 * amount (numeric(10,2)), as the total of a new series must (contract/installments.ts).
 */
export async function assertSeriesTotalFits(
  w: WriteContext,
  seriesId: string,
  from: number,
  amount: string,
  count: number,
): Promise<void> {
  const [earlier] = await w.tx
    .select({ sum: sql<string>`coalesce(sum(${expenses.amount}), 0)::text` })
    .from(expenses)
    .where(and(eq(expenses.seriesId, seriesId), lt(expenses.installment, from)));
  if (toCents(earlier?.sum ?? "0") + toCents(amount) * count > MAX_AMOUNT_CENTS) {
    throw new AppError("validation_error", {
      fieldErrors: [{ path: "amount", messageKey: "validation.installmentTotalTooLarge" }],
    });
  }
}

/** The caller's family's series, locked until the transaction ends; 404 otherwise. */
export async function lockedSeries(
  w: WriteContext,
  scope: FamilyScope,
  seriesId: string,
): Promise<SeriesRow> {
  const [series] = await w.tx
    .select()
    .from(installmentSeries)
    .where(and(eq(installmentSeries.id, seriesId), eq(installmentSeries.familyId, scope.familyId)))
    .for("update");
  // Another member's private series is not there for them (docs/product.md#private-expenses).
  if (!series || (series.private && series.createdByUserId !== scope.userId)) {
    throw new AppError("installment_series_not_found");
  }
  return series;
}

import { and, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import { LIST_ROWS_MAX } from "../../../contract/expense-limits";
import type { CreateIncomeInput, Income, UpdateIncomeInput } from "../../../contract/incomes";
import { periodNamed } from "../../../domain/budget-period";
import { toIncome } from "../../api-rows";
import type { Db } from "../../db/client";
import { isForeignKeyViolation, isUniqueViolation } from "../../db/errors";
import { familyMembers, incomes, paymentMethods } from "../../db/schema";
import { incomesSeenBy, maskedRow, methodUsableBy, seenIncomes } from "../../db/seen-by";
import { AppError } from "../../errors";
import { actorOf } from "../../history/record";
import type { FamilyScope } from "../../http/family-scope";
import { privateReceiver } from "../../income-writes/writer";
import type { IncomeWrites } from "../../income-writes/writes";
import { reserveIncomes } from "../../quotas";
import { assertChangeOfClearedConfirmed, movesBalance } from "../../reconciliation-writes/cleared";

/**
 * Income (docs/product.md#income): the family's budget month of it, and a person's create, change
 * and delete, checked here and written through the one door (income-writes/writes.ts).
 */

/**
 * The family's income of the budget month `month`/`year` names (docs/product.md#budget-periods),
 * newest first, in one statement: the rows the caller may see, and the total of every row, others'
 * private incomes included, summed by the database.
 *
 * Answered as JSON text written by the database, one string for the month (as the expense list,
 * features/expenses/service.ts): 5,000 incomes parsed into objects, mapped and stringified cost
 * the event loop ~100 ms each and the heap hundreds of MB at ten a second
 * (docs/benchmarks.md#parallel-heavy-reads). The text is byte for byte JSON.stringify of the
 * contract's IncomeList (row_to_json is compact and keeps the column order; instants in UTC to the
 * millisecond, truncated, like a JS Date); the API tests compare the two.
 */
export async function listIncomesJson(
  db: Db,
  scope: FamilyScope,
  query: { month: number; year: number },
): Promise<string> {
  const period = periodNamed({ year: query.year, month: query.month }, scope.budgetPeriod);
  // At most LIST_ROWS_MAX rows, read one past it to tell a longer month, which is refused (its
  // text never leaves the database); the total sums every row read, another member's private
  // ones too (docs/product.md#private-income).
  const result = await db.execute<{ body: string | null; rows: number }>(sql`
    select case when count(*) <= ${LIST_ROWS_MAX} then '{"items":[' || coalesce(
        string_agg(row_to_json(j)::text, ',' order by i.date desc, i.created_at desc, i.id desc)
          filter (where not i.hidden),
        '') || '],"total":' || to_json(coalesce(sum(i.amount), 0.00)::text)::text
        || '}' end as body,
      count(*)::int as rows
    from (select i.*, ${maskedRow("i")} as hidden from ${incomesSeenBy(scope, "i")}
      where i.date between ${period.first} and ${period.last}
      order by i.date desc, i.created_at desc, i.id desc limit ${LIST_ROWS_MAX + 1}) i
    cross join lateral (
      select i.id, i.family_id as "familyId", i.description, i.amount::text as amount, i.kind,
        i.received_by_user_id as "receivedByUserId", i.payment_method_id as "paymentMethodId",
        i.private, i.added_by_user_id as "addedByUserId", i.recurring_rule_id as "recurringRuleId",
        to_char(i.date, 'YYYY-MM-DD') as date, ${isoInstant(sql`i.created_at`)} as "createdAt",
        ${isoInstant(sql`i.updated_at`)} as "updatedAt"
    ) j`);
  const [row] = (result as unknown as { rows: { body: string | null; rows: number }[] }).rows;
  if ((row?.rows ?? 0) > LIST_ROWS_MAX) throw new AppError("too_many_rows");
  return row?.body ?? '{"items":[],"total":"0.00"}';
}

/** Date.prototype.toISOString's text, written by PostgreSQL. */
const isoInstant = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

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
 * Another member's private account is not found, unless the income already has it
 * (docs/product.md#private-accounts).
 */
async function assertAccount(db: Db, scope: FamilyScope, methodId: string, incomeId?: string) {
  const usable = incomeId
    ? sql`(${methodUsableBy(scope)} or exists (select 1 from ${incomesSeenBy(scope, "k")}
        where k.id = ${incomeId} and k.payment_method_id = ${methodId}))`
    : methodUsableBy(scope);
  const [method] = await db
    .select({ kind: paymentMethods.kind, isActive: paymentMethods.isActive })
    .from(paymentMethods)
    .where(
      and(eq(paymentMethods.id, methodId), eq(paymentMethods.familyId, scope.familyId), usable),
    );
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
  confirmedCleared = false,
): Promise<Income> {
  // Another member's private income is not there for the caller, whatever they send.
  const [seen] = await writes.db
    .select({ id: incomes.id })
    .from(seenIncomes(scope))
    .where(and(eq(incomes.id, id), sql`not ${maskedRow("incomes")}`));
  if (!seen) throw new AppError("income_not_found");
  if (movesBalance(input, ["amount", "date", "paymentMethodId"])) {
    await assertChangeOfClearedConfirmed(
      writes.db,
      scope.familyId,
      "income",
      [id],
      confirmedCleared,
    );
  }
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
  confirmedCleared = false,
): Promise<void> {
  await assertChangeOfClearedConfirmed(writes.db, scope.familyId, "income", [id], confirmedCleared);
  await writes.transaction((_tx, write) => write.delete(scope, id));
}

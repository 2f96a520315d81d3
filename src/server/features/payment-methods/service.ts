import { and, asc, desc, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import { daysInMonth } from "../../../contract/calendar";
import { fromCents, toCents } from "../../../contract/money";
import {
  type AccountBalances,
  type CreatePaymentMethodInput,
  PAYMENT_METHODS_MAX,
  type PaymentMethod,
  type UpdatePaymentMethodInput,
} from "../../../contract/payment-methods";
import { type PaymentMethodRow, toPaymentMethod } from "../../api-rows";
import type { Db } from "../../db/client";
import { isForeignKeyViolation, isUniqueViolation } from "../../db/errors";
import {
  billPayments,
  cardBills,
  familyMembers,
  paymentMethods,
  reconciliations,
  settlements,
  transfers,
} from "../../db/schema";
import {
  expensesSeenBy,
  inBillIndex,
  incomesSeenBy,
  methodMasked,
  methodUsableBy,
  seenMethods,
} from "../../db/seen-by";
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
import type { Ledger } from "../../ledger/unit-of-work";
import { lockFamilyQuotas } from "../../quotas";

/**
 * The family's payment methods (docs/product.md#payment-methods): any member adds, changes,
 * archives or deletes one; a method its expenses name is archived, never deleted, so no expense
 * loses what it was paid with.
 */

const fieldError = (path: string, messageKey: string) =>
  new AppError("validation_error", { fieldErrors: [{ path, messageKey }] });

const nameTaken = () => fieldError("name", "validation.paymentMethodNameTaken");

/** A method as its history entries show it, with its owner by name. */
const historyFieldsOf = (
  row: PaymentMethodRow,
  person: (id: string | null) => string | null,
): HistoryFields => ({
  name: row.name,
  methodKind: row.kind,
  owner: person(row.ownerUserId),
  closingDay: row.closingDay,
  dueDay: row.dueDay,
  creditLimit: row.creditLimit,
  openingBalance: row.openingBalance,
  openingDate: row.openingDate,
  // A card is never private: its entries say nothing of it.
  isPrivate: row.kind === "credit_card" ? null : row.isPrivate,
  isActive: row.isActive,
});

/**
 * The history entry of a method; one about a private account, or one made private or shared by
 * this change, is its holder's alone (docs/product.md#private-accounts).
 */
const entry = (scope: FamilyScope, row: PaymentMethodRow, before?: PaymentMethodRow) =>
  ({
    familyId: scope.familyId,
    actor: actorOf(scope),
    kind: "paymentMethod",
    subjectId: row.id,
    subjectLabel: row.name,
    privateTo: row.isPrivate || before?.isPrivate ? row.ownerUserId : null,
  }) as const;

/**
 * 'Só meu' is an account's (never a card's), and its holder's to say: the caller, who must also
 * be the owner it ends with (docs/product.md#private-accounts).
 */
function assertPrivateAccount(
  scope: FamilyScope,
  method: { kind: string; ownerUserId: string | null; isPrivate: boolean },
) {
  if (!method.isPrivate) return;
  if (method.kind === "credit_card")
    throw fieldError("isPrivate", "validation.privateAccountsOnly");
  if (method.ownerUserId !== scope.userId) {
    throw fieldError("isPrivate", "validation.privateAccountHolder");
  }
}

/**
 * An owner from the client must be a current member of the caller's family; the owner a method
 * already has is kept while it is edited, as an expense keeps a former member as its payer.
 */
async function assertOwner(db: Db, scope: FamilyScope, ownerId: string, keeps?: string | null) {
  if (ownerId === scope.userId || ownerId === keeps) return;
  const [row] = await db
    .select({ userId: familyMembers.userId })
    .from(familyMembers)
    .where(and(eq(familyMembers.familyId, scope.familyId), eq(familyMembers.userId, ownerId)));
  if (!row) throw fieldError("ownerUserId", "validation.ownerNotMember");
}

/**
 * A card's limit used: what each of its bills still owes (its purchases less its payments, never
 * below zero), future installments' bills included; null for an account. The method's own
 * columns are written out with their table: Drizzle leaves them unqualified in a one-table select.
 */
const limitUsed = (scope: FamilyScope) => sql<
  string | null
>`case when payment_methods.kind = 'credit_card' then
  (select coalesce(sum(greatest(
      coalesce((select sum(e.amount) from ${expensesSeenBy(scope, "e")}
        where e.bill_id = b.id and ${inBillIndex(sql`b.id`, "e")}), 0)
      - coalesce((select sum(p.amount) from ${billPayments} p
        where p.bill_id = b.id and p.family_id = b.family_id), 0), 0)), 0)::numeric(20, 2)::text
    from ${cardBills} b where b.method_id = payment_methods.id
      and b.family_id = payment_methods.family_id) end`;

/**
 * An account's balance at the end of `day` (db/functions/accounts.sql, the rule's one home);
 * null for a card, before the account's opening date, and for another member's private account.
 */
const balanceOn = (scope: FamilyScope, day: string) =>
  sql<string | null>`case when ${methodMasked(scope)} then null
    else account_balance(payment_methods.id, payment_methods.family_id, ${day}::date)::numeric(20, 2)::text end`;

/** The family's methods `where` picks, each with its limit used and its balance `today`. */
const methodsWithUsage = (db: Db, scope: FamilyScope, where: SQL | undefined, today: string) =>
  db
    .select({
      ...getTableColumns(paymentMethods),
      limitUsed: limitUsed(scope),
      balance: balanceOn(scope, today),
      hidden: sql<boolean>`${methodMasked(scope)}`,
    })
    .from(seenMethods(scope))
    .where(where);

/** Active first, then by name as a person reads it, then by id so the order is total. */
export async function listPaymentMethods(
  db: Db,
  scope: FamilyScope,
  today: string,
): Promise<PaymentMethod[]> {
  const rows = await methodsWithUsage(
    db,
    scope,
    eq(paymentMethods.familyId, scope.familyId),
    today,
  ).orderBy(
    desc(paymentMethods.isActive),
    asc(sql`lower(${paymentMethods.name})`),
    asc(paymentMethods.id),
  );
  return rows.map(toPaymentMethod);
}

/** The validated input: the contract has refused a card without its days, an account with them. */
export async function createPaymentMethod(
  ledger: Ledger,
  scope: FamilyScope,
  input: CreatePaymentMethodInput,
  today: string,
): Promise<PaymentMethod> {
  const { db } = ledger;
  const ownerUserId = input.ownerUserId ?? scope.userId;
  await assertOwner(db, scope, ownerUserId);
  const card = input.kind === "credit_card";
  const isPrivate = input.isPrivate ?? false;
  assertPrivateAccount(scope, { kind: input.kind, ownerUserId, isPrivate });
  try {
    return await ledger.transaction(async ({ tx, changed }) => {
      changed(scope.familyId, ["paymentMethods"]);
      // The quota is counted after the family's quota lock, so two adds at once cannot pass it.
      await lockFamilyQuotas(tx, [scope.familyId]);
      const [count] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(paymentMethods)
        .where(eq(paymentMethods.familyId, scope.familyId));
      if ((count?.n ?? 0) >= PAYMENT_METHODS_MAX) {
        throw new AppError("quota_exceeded", {
          messageKey: "errors.payment_method_quota",
          params: { max: PAYMENT_METHODS_MAX },
        });
      }
      const [row] = await tx
        .insert(paymentMethods)
        .values({
          familyId: scope.familyId,
          kind: input.kind,
          name: input.name,
          ownerUserId,
          closingDay: card ? (input.closingDay ?? null) : null,
          dueDay: card ? (input.dueDay ?? null) : null,
          creditLimit: card ? (input.creditLimit ?? null) : null,
          openingBalance: card ? null : (input.openingBalance ?? null),
          openingDate: card ? null : (input.openingDate ?? null),
          isPrivate,
        })
        .returning();
      if (!row) throw new AppError("internal");
      const names = await namesFor(tx, scope.familyId, { userIds: [row.ownerUserId] });
      await recordHistory(tx, [
        {
          ...entry(scope, row),
          action: "created",
          changes: fieldsCreated(historyFieldsOf(row, names.person)),
        },
      ]);
      const [created] = await methodsWithUsage(tx, scope, eq(paymentMethods.id, row.id), today);
      return toPaymentMethod(created ?? { ...row, limitUsed: null, balance: null, hidden: false });
    });
  } catch (error) {
    if (isUniqueViolation(error, "payment_methods_family_name_unique")) throw nameTaken();
    throw error;
  }
}

/**
 * Partial; the kind never changes. A card's days and limit on an account are refused, and an
 * opening balance on a card. Another family's id answers 404 exactly like a missing one and
 * changes nothing.
 */
export async function updatePaymentMethod(
  ledger: Ledger,
  scope: FamilyScope,
  id: string,
  input: UpdatePaymentMethodInput,
  when: { now: Date; today: string },
): Promise<PaymentMethod> {
  try {
    return await ledger.transaction(async ({ tx, changed }) => {
      changed(scope.familyId, ["paymentMethods"]);
      const where = and(eq(paymentMethods.id, id), eq(paymentMethods.familyId, scope.familyId));
      // Another member's private account is theirs alone to change: not found for the caller.
      const [before] = await tx
        .select()
        .from(paymentMethods)
        .where(and(where, methodUsableBy(scope)))
        .for("update");
      if (!before) throw new AppError("payment_method_not_found");
      if (before.kind !== "credit_card") {
        for (const field of ["closingDay", "dueDay", "creditLimit"] as const) {
          if (input[field] !== undefined && input[field] !== null) {
            throw fieldError(field, "validation.cardFieldsOnly");
          }
        }
      } else {
        for (const field of ["openingBalance", "openingDate"] as const) {
          if (input[field] !== undefined && input[field] !== null) {
            throw fieldError(field, "validation.accountFieldsOnly");
          }
        }
      }
      if (input.ownerUserId !== undefined) {
        await assertOwner(tx, scope, input.ownerUserId, before.ownerUserId);
      }
      assertPrivateAccount(scope, {
        kind: before.kind,
        ownerUserId: input.ownerUserId ?? before.ownerUserId,
        isPrivate: input.isPrivate ?? before.isPrivate,
      });
      const [row] = await tx
        .update(paymentMethods)
        .set({ ...input, updatedAt: when.now })
        .where(where)
        .returning();
      if (!row) throw new AppError("payment_method_not_found");
      const names = await namesFor(tx, scope.familyId, {
        userIds: [before.ownerUserId, row.ownerUserId],
      });
      const changes = changesBetween(
        historyFieldsOf(before, names.person),
        historyFieldsOf(row, names.person),
      );
      if (changes.length > 0) {
        await recordHistory(tx, [{ ...entry(scope, row, before), action: "changed", changes }]);
      }
      const [withUsage] = await methodsWithUsage(
        tx,
        scope,
        eq(paymentMethods.id, row.id),
        when.today,
      );
      return toPaymentMethod(
        withUsage ?? { ...row, limitUsed: null, balance: null, hidden: false },
      );
    });
  } catch (error) {
    if (isUniqueViolation(error, "payment_methods_family_name_unique")) throw nameTaken();
    throw error;
  }
}

/**
 * Only a method nothing names: no expense paid with it, no income received into it, no bill
 * payment from it (an account) or to it (a card's bills), no transfer out of it or into it, no
 * reconciliation of it;
 * otherwise payment_method_in_use, and the person archives it. A card's
 * empty bills go with it. The foreign keys refuse it too when something names it between the
 * check and the delete.
 */
export async function deletePaymentMethod(
  ledger: Ledger,
  scope: FamilyScope,
  id: string,
  when: { now: Date; today: string },
): Promise<void> {
  try {
    await ledger.transaction(async ({ tx, changed }) => {
      changed(scope.familyId, ["paymentMethods"]);
      const [usage] = await tx
        .select({
          // Another member's private account is not the caller's to delete: not found.
          hidden: sql<boolean>`exists (select 1 from ${paymentMethods} m
            where m.id = ${id} and m.family_id = ${scope.familyId} and ${methodMasked(scope, "m")})`,
          // What the caller may see uses it (db/seen-by.ts): another member's private expense
          // or income is not theirs to learn of, not even as "in use".
          used: sql<boolean>`exists (select 1 from ${expensesSeenBy(scope, "e")}
            where e.payment_method_id = ${id})
          or exists (select 1 from ${incomesSeenBy(scope, "i")} where i.payment_method_id = ${id})
          or exists (select 1 from ${billPayments} p
            where p.family_id = ${scope.familyId} and (p.from_method_id = ${id}
              or p.bill_id in (select b.id from ${cardBills} b where b.method_id = ${id})))
          or exists (select 1 from ${transfers} t
            where t.family_id = ${scope.familyId}
              and (t.from_method_id = ${id} or t.to_method_id = ${id}))
          or exists (select 1 from ${reconciliations} r
            where r.family_id = ${scope.familyId} and r.method_id = ${id})
          or exists (select 1 from ${settlements} s
            where s.family_id = ${scope.familyId}
              and (s.from_method_id = ${id} or s.to_method_id = ${id}))`,
        })
        .from(sql`(select 1) as one`);
      if (usage?.hidden) throw new AppError("payment_method_not_found");
      if (usage?.used) throw new AppError("payment_method_in_use");
      const [deleted] = await tx
        .delete(paymentMethods)
        .where(and(eq(paymentMethods.id, id), eq(paymentMethods.familyId, scope.familyId)))
        .returning();
      if (!deleted) throw new AppError("payment_method_not_found");
      const names = await namesFor(tx, scope.familyId, { userIds: [deleted.ownerUserId] });
      await recordHistory(tx, [
        {
          ...entry(scope, deleted),
          action: "deleted",
          changes: fieldsDeleted(historyFieldsOf(deleted, names.person)),
        },
      ]);
    });
  } catch (error) {
    // Only another member's private expense or income names it: the caller cannot be told so
    // (docs/product.md#private-expenses), and it cannot go, so it is archived as the caller would
    // archive it, and the delete answers as done.
    if (
      isForeignKeyViolation(error, "expenses_payment_method_same_family_fk") ||
      isForeignKeyViolation(error, "incomes_payment_method_family_fk")
    ) {
      await updatePaymentMethod(ledger, scope, id, { isActive: false }, when);
      return;
    }
    if (
      isForeignKeyViolation(error, "expenses_bill_same_family_fk") ||
      isForeignKeyViolation(error, "bill_payments_from_method_same_family_fk") ||
      isForeignKeyViolation(error, "transfers_from_method_same_family_fk") ||
      isForeignKeyViolation(error, "transfers_to_method_same_family_fk") ||
      isForeignKeyViolation(error, "reconciliations_method_same_family_fk") ||
      isForeignKeyViolation(error, "settlements_from_method_same_family_fk") ||
      isForeignKeyViolation(error, "settlements_to_method_same_family_fk")
    ) {
      throw new AppError("payment_method_in_use");
    }
    throw error;
  }
}

/**
 * The balance of each of the family's accounts at the end of the month `query` names, or today
 * when that is earlier (the current month, or one to come): the dashboard's 'Saldo em contas'
 * (docs/product.md#account-balances). Accounts with no balance that day (opened later) are left
 * out; archived ones stay while they hold money.
 */
export async function accountBalances(
  db: Db,
  scope: FamilyScope,
  query: { month: number; year: number },
  today: string,
): Promise<AccountBalances> {
  const monthEnd = `${query.year}-${String(query.month).padStart(2, "0")}-${String(daysInMonth(query.year, query.month)).padStart(2, "0")}`;
  const day = monthEnd < today ? monthEnd : today;
  const rows = await db
    .select({
      id: paymentMethods.id,
      name: paymentMethods.name,
      kind: paymentMethods.kind,
      isActive: paymentMethods.isActive,
      balance: balanceOn(scope, day),
    })
    .from(seenMethods(scope))
    .where(
      and(
        eq(paymentMethods.familyId, scope.familyId),
        sql`${paymentMethods.kind} <> 'credit_card'`,
        // Another member's private account is not in the card (docs/product.md#private-accounts).
        methodUsableBy(scope),
      ),
    )
    .orderBy(
      desc(paymentMethods.isActive),
      asc(sql`lower(${paymentMethods.name})`),
      asc(paymentMethods.id),
    );
  const accounts = rows.flatMap((row) =>
    row.balance === null || (!row.isActive && toCents(row.balance) === 0)
      ? []
      : [{ ...row, balance: row.balance }],
  );
  const total = fromCents(accounts.reduce((sum, account) => sum + toCents(account.balance), 0));
  return { date: day, total, accounts };
}

import { and, desc, eq, sql } from "drizzle-orm";
import { fromCents, toCents } from "../../../contract/cents";
import {
  type AccountEntry,
  type ClearEntryInput,
  RECONCILIATION_ENTRIES_LISTED,
  type ReconcileInput,
  type Reconciliation,
  type ReconciliationState,
} from "../../../contract/reconciliation";
import type { Db } from "../../db/client";
import { paymentMethods, reconciliations } from "../../db/schema";
import {
  expensesSeenBy,
  incomesSeenBy,
  maskedRow,
  methodsSeenBy,
  methodUsableBy,
} from "../../db/seen-by";
import { AppError } from "../../errors";
import type { FamilyScope } from "../../http/family-scope";
import type { Ledger } from "../../ledger/unit-of-work";
import type { ReconciliationRow } from "../../reconciliation-writes/writes";

/**
 * Reconciliation with the bank (docs/product.md#reconciliation): where an account stands against
 * its statement on a day, entries cleared one by one, and "Conciliar". Any member, on any of the
 * family's accounts (never a card: its bill is what a statement shows). The balances are the
 * rule's one home, db/functions/accounts.sql; the writes go through the ledger's door
 * (reconciliation-writes/writes.ts).
 */

const fieldError = (path: string, messageKey: string) =>
  new AppError("validation_error", { fieldErrors: [{ path, messageKey }] });

const toReconciliation = (row: ReconciliationRow): Reconciliation => ({
  id: row.id,
  date: row.date,
  bankBalance: row.bankBalance,
  adjustment: row.adjustment,
  reason: row.reason,
  createdAt: row.createdAt.toISOString(),
});

type Account = { id: string; name: string; openingDate: string | null; isPrivate: boolean };

/**
 * The family's account `id`, never a card; another family's id is not found like a missing one,
 * and so is another member's private account: its holder alone reconciles it
 * (docs/product.md#private-accounts).
 */
async function findAccount(db: Db, scope: FamilyScope, id: string, lock?: "update" | "share") {
  const query = db
    .select({
      id: paymentMethods.id,
      name: paymentMethods.name,
      openingDate: paymentMethods.openingDate,
      isPrivate: paymentMethods.isPrivate,
    })
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.id, id),
        eq(paymentMethods.familyId, scope.familyId),
        sql`${paymentMethods.kind} <> 'credit_card'`,
        methodUsableBy(scope),
      ),
    );
  const [account] = lock ? await query.for(lock) : await query;
  if (!account) throw new AppError("payment_method_not_found");
  return account satisfies Account;
}

/** Both balances of the account at the end of `day` (null before its opening date). */
async function balancesOn(db: Db, scope: FamilyScope, accountId: string, day: string) {
  const [row] = await db
    .select({
      balance: sql<
        string | null
      >`account_balance(${accountId}::uuid, ${scope.familyId}::uuid, ${day}::date)::numeric(20, 2)::text`,
      cleared: sql<
        string | null
      >`account_cleared_balance(${accountId}::uuid, ${scope.familyId}::uuid, ${day}::date)::numeric(20, 2)::text`,
    })
    .from(sql`(select 1) as one`);
  return { balance: row?.balance ?? null, cleared: row?.cleared ?? null };
}

type EntryRow = {
  kind: AccountEntry["kind"];
  id: string;
  date: string;
  amount: string;
  label: string | null;
  hidden: boolean;
  cleared: boolean;
  total: number;
};

/**
 * The account's movements up to `day` not yet reconciled, newest first: each expense's and
 * income's description as the reader may see it (db/seen-by.ts: another member's private expense
 * keeps only its amount and date; another member's private income is in no list, as everywhere,
 * and only its author clears it), a bill's card, a transfer's other account (another member's
 * private one unnamed: docs/product.md#private-accounts).
 */
async function entriesOn(db: Db, scope: FamilyScope, account: Account, day: string) {
  const result = await db.execute<EntryRow>(sql`
    select mv.kind, mv.id, to_char(mv.date, 'YYYY-MM-DD') as date,
      mv.amount::numeric(20, 2)::text as amount,
      coalesce(e.description, i.description, card.name, other.name, settled.name) as label,
      coalesce(${maskedRow("e")}, ${maskedRow("i")}, false) as hidden,
      c.entry_id is not null as cleared,
      count(*) over ()::int as total
    from account_movements(${account.id}::uuid, ${scope.familyId}::uuid,
      ${account.openingDate}::date, ${day}::date) mv
    left join cleared_entries c
      on c.method_id = ${account.id} and c.entry_kind = mv.kind and c.entry_id = mv.id
    left join ${expensesSeenBy(scope, "e")} on mv.kind = 'expense' and e.id = mv.id
    left join ${incomesSeenBy(scope, "i")} on mv.kind = 'income' and i.id = mv.id
    left join bill_payments p on mv.kind = 'billPayment' and p.id = mv.id
    left join card_bills b on b.id = p.bill_id
    left join payment_methods card on card.id = b.method_id
    left join transfers t on mv.kind = 'transfer' and t.id = mv.id
    left join ${methodsSeenBy(scope, "other")} on other.id =
      case when t.from_method_id = ${account.id} then t.to_method_id else t.from_method_id end
    left join settlements s on mv.kind = 'settlement' and s.id = mv.id
    left join ${methodsSeenBy(scope, "settled")} on settled.id =
      case when s.from_method_id = ${account.id} then s.to_method_id else s.from_method_id end
    where mv.kind <> 'adjustment' and c.reconciliation_id is null
      and not coalesce(${maskedRow("i")}, false)
    order by mv.date desc, mv.kind, mv.id
    limit ${RECONCILIATION_ENTRIES_LISTED}`);
  const rows = (result as unknown as { rows: EntryRow[] }).rows;
  return {
    entries: rows.map(
      (row): AccountEntry => ({
        kind: row.kind,
        id: row.id,
        date: row.date,
        amount: row.amount,
        label: row.hidden ? "" : (row.label ?? ""),
        hidden: row.hidden,
        cleared: row.cleared,
      }),
    ),
    more: Math.max(0, (rows[0]?.total ?? 0) - rows.length),
  };
}

/**
 * Where the account stands against its bank at the end of `date` (today when left out): its
 * balance, its cleared balance, the latest reconciliation and the entries not yet reconciled.
 */
export async function reconciliationState(
  db: Db,
  scope: FamilyScope,
  accountId: string,
  date: string,
): Promise<ReconciliationState> {
  const account = await findAccount(db, scope, accountId);
  const [balances, last, listed] = await Promise.all([
    balancesOn(db, scope, account.id, date),
    db
      .select()
      .from(reconciliations)
      .where(
        and(eq(reconciliations.methodId, account.id), eq(reconciliations.familyId, scope.familyId)),
      )
      .orderBy(desc(reconciliations.date), desc(reconciliations.createdAt))
      .limit(1),
    entriesOn(db, scope, account, date),
  ]);
  return {
    accountId: account.id,
    date,
    balance: balances.balance,
    clearedBalance: balances.cleared,
    last: last[0] ? toReconciliation(last[0]) : null,
    entries: listed.entries,
    more: listed.more,
  };
}

/**
 * An entry of the account marked as seen on the statement, or the mark taken back. The entry must
 * be one of the account's movements the caller may list (else validation.invalid, whatever the id
 * names: nothing is learnt of other families, nor of another member's private income).
 */
export async function setCleared(
  ledger: Ledger,
  scope: FamilyScope,
  accountId: string,
  input: ClearEntryInput,
): Promise<{ cleared: boolean }> {
  return ledger.transaction(async ({ tx, reconciliations: writer }) => {
    const account = await findAccount(tx, scope, accountId, "share");
    const result = await tx.execute<{ found: boolean }>(sql`
      select exists (select 1 from account_movements(${account.id}::uuid, ${scope.familyId}::uuid,
        null, '9999-12-31'::date) mv
        where mv.kind = ${input.kind} and mv.id = ${input.entryId}
          and not exists (select 1 from ${incomesSeenBy(scope, "i")}
            where mv.kind = 'income' and i.id = mv.id and ${maskedRow("i")})) as found`);
    if (!(result as unknown as { rows: { found: boolean }[] }).rows[0]?.found) {
      throw fieldError("entryId", "validation.invalid");
    }
    await writer.setCleared(
      scope,
      account.id,
      { kind: input.kind, id: input.entryId },
      input.cleared,
    );
    return { cleared: input.cleared };
  });
}

/**
 * "Conciliar": records the bank's balance at the end of `date`. When the app's cleared balance
 * differs, the difference is recorded as an adjustment, which needs a reason. The account's row
 * is locked, so a clear in flight waits and the difference is the one the balances say.
 */
export async function reconcile(
  ledger: Ledger,
  scope: FamilyScope,
  accountId: string,
  input: ReconcileInput & { bankBalance: string },
  today: string,
): Promise<Reconciliation> {
  if (input.date > today) throw fieldError("date", "validation.reconcileFuture");
  return ledger.transaction(async ({ tx, reconciliations: writer }) => {
    const account = await findAccount(tx, scope, accountId, "update");
    const { cleared } = await balancesOn(tx, scope, account.id, input.date);
    if (cleared === null) throw fieldError("date", "validation.reconcileBeforeOpening");
    const adjustment = toCents(input.bankBalance) - toCents(cleared);
    if (Math.abs(adjustment) > 9_999_999_999) {
      throw fieldError("bankBalance", "validation.amountTooBig");
    }
    if (adjustment !== 0 && !input.reason) throw fieldError("reason", "validation.reconcileReason");
    const row = await writer.reconcile(
      scope,
      {
        methodId: account.id,
        date: input.date,
        bankBalance: input.bankBalance,
        adjustment: fromCents(adjustment),
        reason: input.reason ?? null,
      },
      account.name,
      // The caller is its holder: another member's private account was not found.
      account.isPrivate ? scope.userId : null,
    );
    return toReconciliation(row);
  });
}

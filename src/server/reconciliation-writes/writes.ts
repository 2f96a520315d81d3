import { and, eq, isNull, sql } from "drizzle-orm";
import type { AccountEntryKind } from "../../contract/reconciliation";
import type { Db } from "../db/client";
import { clearedEntries, reconciliations } from "../db/schema";
import { AppError } from "../errors";
import { actorOf, fieldsCreated, recordHistory } from "../history/record";
import type { FamilyScope } from "../http/family-scope";
import type { ChangeLog } from "../ledger/changes";

/**
 * The door for reconciliations (docs/product.md#reconciliation): an account's entries cleared
 * against its bank's statement, and the reconciliation that takes them in with its adjustment,
 * which moves the account's balance (db/functions/accounts.sql). Written in the ledger's unit of
 * work with the reconciliation's history entry; the fan-out tells the family's screens (the live
 * topic `paymentMethods`, whose reads hold the balances). That the account is the family's and
 * the entry one of its movements is the caller's check (features/reconciliation).
 */

export type ReconciliationRow = typeof reconciliations.$inferSelect;

export type NewReconciliation = Pick<
  ReconciliationRow,
  "methodId" | "date" | "bankBalance" | "adjustment" | "reason"
>;

/** The reconciliation writes of one unit of work. */
export class ReconciliationWriter {
  constructor(
    private readonly tx: Db,
    private readonly changes: ChangeLog,
  ) {}

  /**
   * Marks one movement of the account cleared, or takes the mark back; a reconciled one stays
   * (entry_reconciled): its reconciliation counted it.
   */
  async setCleared(
    scope: FamilyScope,
    methodId: string,
    entry: { kind: AccountEntryKind; id: string },
    cleared: boolean,
  ): Promise<void> {
    const key = and(
      eq(clearedEntries.methodId, methodId),
      eq(clearedEntries.entryKind, entry.kind),
      eq(clearedEntries.entryId, entry.id),
    );
    if (cleared) {
      await this.tx
        .insert(clearedEntries)
        .values({ familyId: scope.familyId, methodId, entryKind: entry.kind, entryId: entry.id })
        .onConflictDoNothing();
    } else {
      const [reconciled] = await this.tx
        .select({ reconciliationId: clearedEntries.reconciliationId })
        .from(clearedEntries)
        .where(and(key, sql`${clearedEntries.reconciliationId} is not null`));
      if (reconciled) throw new AppError("entry_reconciled");
      await this.tx.delete(clearedEntries).where(and(key, isNull(clearedEntries.reconciliationId)));
    }
    this.changes.changed(scope.familyId, ["paymentMethods"]);
  }

  /**
   * Records the reconciliation and takes in every entry cleared up to its date: they are
   * reconciled from then on. `accountName` names the account in the history entry, which is
   * `privateTo` its holder's alone when the account is private (docs/product.md#private-accounts).
   */
  async reconcile(
    scope: FamilyScope,
    reconciliation: NewReconciliation,
    accountName: string,
    privateTo: string | null = null,
  ): Promise<ReconciliationRow> {
    const [row] = await this.tx
      .insert(reconciliations)
      .values({ ...reconciliation, familyId: scope.familyId, addedByUserId: scope.userId })
      .returning();
    if (!row) throw new AppError("internal");
    await this.tx.execute(sql`
      update ${clearedEntries} c set reconciliation_id = ${row.id}
      where c.method_id = ${row.methodId} and c.reconciliation_id is null
        and (c.entry_kind, c.entry_id) in (
          select mv.kind, mv.id
          from payment_methods m,
            account_movements(m.id, m.family_id, m.opening_date, ${row.date}::date) mv
          where m.id = ${row.methodId} and m.family_id = ${scope.familyId})`);
    await recordHistory(this.tx, [
      {
        familyId: scope.familyId,
        actor: actorOf(scope),
        kind: "reconciliation",
        action: "created",
        subjectId: row.id,
        subjectLabel: accountName,
        changes: fieldsCreated({
          account: accountName,
          date: row.date,
          bankBalance: row.bankBalance,
          adjustment: row.adjustment,
          reason: row.reason,
        }),
        privateTo,
      },
    ]);
    this.changes.changed(scope.familyId, ["paymentMethods"]);
    return row;
  }
}

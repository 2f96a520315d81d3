import { and, desc, eq, getTableColumns, sql } from "drizzle-orm";
import {
  type CreateTransferInput,
  TRANSFERS_LISTED,
  type Transfer,
  type TransferList,
} from "../../../contract/transfers";
import type { Db } from "../../db/client";
import { goalContributions, paymentMethods, transfers } from "../../db/schema";
import { methodMasked, methodUsableBy } from "../../db/seen-by";
import { AppError } from "../../errors";
import type { FamilyScope } from "../../http/family-scope";
import type { Ledger } from "../../ledger/unit-of-work";
import { assertChangeOfClearedConfirmed } from "../../reconciliation-writes/cleared";
import { assertMoneyAccounts } from "../../transfer-writes/accounts";
import type { TransferRow } from "../../transfer-writes/writes";

/**
 * Transfers between the family's accounts (docs/product.md#transfers): any member records one
 * between two of the family's active accounts, and undoes one recorded by mistake. Written through
 * the ledger's door (transfer-writes/writes.ts); read here.
 */

const toTransfer = (row: TransferRow): Transfer => ({
  id: row.id,
  fromMethodId: row.fromMethodId,
  toMethodId: row.toMethodId,
  amount: row.amount,
  date: row.date,
  note: row.note,
  addedByUserId: row.addedByUserId,
  createdAt: row.createdAt.toISOString(),
});

export async function createTransfer(
  ledger: Ledger,
  scope: FamilyScope,
  input: CreateTransferInput,
): Promise<Transfer> {
  return ledger.transaction(async ({ tx, transfers: writer }) => {
    await assertMoneyAccounts(tx, scope, input);
    const row = await writer.insert(scope, {
      fromMethodId: input.fromMethodId,
      toMethodId: input.toMethodId,
      amount: input.amount,
      date: input.date,
      note: input.note ?? null,
    });
    return toTransfer(row);
  });
}

/**
 * Undone: the history keeps it. Another family's id answers 404 like a missing one; one cleared
 * against a bank asks first (reconciliation-writes/cleared.ts). One a savings goal's contribution
 * made is undone from the goal, which takes the contribution out with it and keeps what the goal
 * saved from going below zero (docs/product.md#caixinhas-savings-goals).
 */
export async function deleteTransfer(
  ledger: Ledger,
  scope: FamilyScope,
  id: string,
  confirmedCleared = false,
) {
  await assertChangeOfClearedConfirmed(
    ledger.db,
    scope.familyId,
    "transfer",
    [id],
    confirmedCleared,
  );
  await ledger.transaction(async ({ tx, transfers: writer }) => {
    const [ofGoal] = await tx
      .select({ id: goalContributions.id })
      .from(goalContributions)
      .where(
        and(eq(goalContributions.transferId, id), eq(goalContributions.familyId, scope.familyId)),
      );
    if (ofGoal) throw new AppError("transfer_of_goal");
    await writer.delete(scope, id);
  });
}

/**
 * The family's latest transfers, newest first (by date, then as recorded); one between two of
 * another member's private accounts is theirs alone, and one into or out of one says no note
 * (docs/product.md#private-accounts).
 */
export async function listTransfers(db: Db, scope: FamilyScope): Promise<TransferList> {
  const rows = await db
    .select({
      ...getTableColumns(transfers),
      // Into or out of another member's private account: the movement of the shared side, and
      // nothing of why (the holder's note).
      note: sql<string | null>`case when exists (select 1 from ${paymentMethods}
          where ${paymentMethods.id} in (${transfers.fromMethodId}, ${transfers.toMethodId})
            and ${methodMasked(scope)}) then null else ${transfers.note} end`,
    })
    .from(transfers)
    .where(
      and(
        eq(transfers.familyId, scope.familyId),
        sql`exists (select 1 from ${paymentMethods}
          where ${paymentMethods.id} in (${transfers.fromMethodId}, ${transfers.toMethodId})
            and ${methodUsableBy(scope)})`,
      ),
    )
    .orderBy(desc(transfers.date), desc(transfers.createdAt), desc(transfers.id))
    .limit(TRANSFERS_LISTED);
  return { items: rows.map(toTransfer) };
}

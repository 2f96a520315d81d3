import { and, desc, eq, inArray, sql } from "drizzle-orm";
import {
  type CreateTransferInput,
  TRANSFERS_LISTED,
  type Transfer,
  type TransferList,
} from "../../../contract/transfers";
import type { Db } from "../../db/client";
import { paymentMethods, transfers } from "../../db/schema";
import { AppError } from "../../errors";
import type { FamilyScope } from "../../http/family-scope";
import type { Ledger } from "../../ledger/unit-of-work";
import { assertChangeOfClearedConfirmed } from "../../reconciliation-writes/cleared";
import type { TransferRow } from "../../transfer-writes/writes";

/**
 * Transfers between the family's accounts (docs/product.md#transfers): any member records one
 * between two of the family's active accounts, and undoes one recorded by mistake. Written through
 * the ledger's door (transfer-writes/writes.ts); read here.
 */

const fieldError = (path: string, messageKey: string) =>
  new AppError("validation_error", { fieldErrors: [{ path, messageKey }] });

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

/**
 * Both accounts are the family's active ones and neither is a card (a card's bill is paid
 * instead): another family's id, an archived account or a card is a field error on its side,
 * the same whatever the id names, so nothing is learnt of other families.
 */
async function assertAccounts(db: Db, scope: FamilyScope, input: CreateTransferInput) {
  const found = await db
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.familyId, scope.familyId),
        inArray(paymentMethods.id, [input.fromMethodId, input.toMethodId]),
        eq(paymentMethods.isActive, true),
        sql`${paymentMethods.kind} <> 'credit_card'`,
      ),
    )
    .for("share");
  const ids = new Set(found.map((row) => row.id));
  if (!ids.has(input.fromMethodId)) {
    throw fieldError("fromMethodId", "validation.transferFromAccount");
  }
  if (!ids.has(input.toMethodId)) throw fieldError("toMethodId", "validation.transferToAccount");
}

export async function createTransfer(
  ledger: Ledger,
  scope: FamilyScope,
  input: CreateTransferInput,
): Promise<Transfer> {
  return ledger.transaction(async ({ tx, transfers: writer }) => {
    await assertAccounts(tx, scope, input);
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
 * against a bank asks first (reconciliation-writes/cleared.ts).
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
  await ledger.transaction(({ transfers: writer }) => writer.delete(scope, id));
}

/** The family's latest transfers, newest first (by date, then as recorded). */
export async function listTransfers(db: Db, scope: FamilyScope): Promise<TransferList> {
  const rows = await db
    .select()
    .from(transfers)
    .where(eq(transfers.familyId, scope.familyId))
    .orderBy(desc(transfers.date), desc(transfers.createdAt), desc(transfers.id))
    .limit(TRANSFERS_LISTED);
  return { items: rows.map(toTransfer) };
}

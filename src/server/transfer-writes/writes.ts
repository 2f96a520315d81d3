import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { paymentMethods, transfers } from "../db/schema";
import { methodMasked } from "../db/seen-by";
import { AppError } from "../errors";
import { actorOf, fieldsCreated, fieldsDeleted, recordHistory } from "../history/record";
import type { FamilyScope } from "../http/family-scope";
import type { ChangeLog } from "../ledger/changes";

/**
 * The door for transfers (docs/product.md#transfers): money moved between two of the family's
 * accounts. Written in the ledger's unit of work (ledger/unit-of-work.ts) with its history entry;
 * the fan-out tells the family's screens (the live topic `paymentMethods`, whose reads hold the
 * accounts' balances) once the transaction committed. Which accounts a person may name is the
 * caller's check (features/transfers).
 */

export type TransferRow = typeof transfers.$inferSelect;

/** A new transfer as the door writes it, in the caller's family, added by the caller. */
export type NewTransfer = Pick<
  TransferRow,
  "fromMethodId" | "toMethodId" | "amount" | "date" | "note"
>;

/** The transfer writes of one unit of work. */
export class TransferWriter {
  constructor(
    private readonly tx: Db,
    private readonly changes: ChangeLog,
  ) {}

  async insert(scope: FamilyScope, transfer: NewTransfer): Promise<TransferRow> {
    const [row] = await this.tx
      .insert(transfers)
      .values({ ...transfer, familyId: scope.familyId, addedByUserId: scope.userId })
      .returning();
    if (!row) throw new AppError("internal");
    await this.record(scope, row, "created");
    return row;
  }

  /**
   * Undoes a transfer of the caller's family; another family's is not found, and so is one on
   * another member's private account, which only its holder moves (docs/product.md#private-accounts).
   */
  async delete(scope: FamilyScope, id: string): Promise<TransferRow> {
    const [row] = await this.tx
      .delete(transfers)
      .where(
        and(
          eq(transfers.id, id),
          eq(transfers.familyId, scope.familyId),
          sql`not exists (select 1 from ${paymentMethods} m
            where m.id in (${transfers.fromMethodId}, ${transfers.toMethodId})
              and ${methodMasked(scope, "m")})`,
        ),
      )
      .returning();
    if (!row) throw new AppError("transfer_not_found");
    await this.record(scope, row, "deleted");
    return row;
  }

  /** "Itaú conta → Poupança": the entry names the accounts as they are called now. */
  private async record(scope: FamilyScope, row: TransferRow, action: "created" | "deleted") {
    const accounts = await this.tx
      .select({
        id: paymentMethods.id,
        name: paymentMethods.name,
        isPrivate: paymentMethods.isPrivate,
      })
      .from(paymentMethods)
      .where(
        and(
          eq(paymentMethods.familyId, scope.familyId),
          inArray(paymentMethods.id, [row.fromMethodId, row.toMethodId]),
        ),
      );
    const name = (id: string) => accounts.find((account) => account.id === id)?.name ?? "?";
    const fields = {
      fromAccount: name(row.fromMethodId),
      toAccount: name(row.toMethodId),
      amount: row.amount,
      date: row.date,
      note: row.note,
    };
    await recordHistory(this.tx, [
      {
        familyId: scope.familyId,
        actor: actorOf(scope),
        kind: "transfer",
        action,
        subjectId: row.id,
        subjectLabel: `${fields.fromAccount} → ${fields.toAccount}`,
        changes: action === "created" ? fieldsCreated(fields) : fieldsDeleted(fields),
        // On a private account: its holder's, who alone records one (docs/product.md#private-accounts).
        privateTo: accounts.some((account) => account.isPrivate) ? scope.userId : null,
      },
    ]);
    this.changes.changed(scope.familyId, ["paymentMethods"]);
  }
}

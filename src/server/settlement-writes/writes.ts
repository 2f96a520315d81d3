import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { settlements } from "../db/schema";
import { AppError } from "../errors";
import { actorOf, fieldsCreated, fieldsDeleted, namesFor, recordHistory } from "../history/record";
import type { FamilyScope } from "../http/family-scope";
import type { ChangeLog } from "../ledger/changes";

/**
 * The door for settlements (docs/product.md#who-owes-whom): a member paid another back. Written
 * in the ledger's unit of work (ledger/unit-of-work.ts) with their history entry; the fan-out
 * tells the family's screens (the live topic `balances`) once the transaction committed. The
 * checks of what a person sends (both are members, the family's quota) are the caller's
 * (features/shares/settlements.ts). Every trigger a settlement's write fires:
 * db/triggers.api.test.ts.
 */

export type SettlementRow = typeof settlements.$inferSelect;

/** A new settlement as the door writes it, in the caller's family, added by the caller. */
export type NewSettlement = Pick<
  SettlementRow,
  "fromUserId" | "toUserId" | "amount" | "paidOn" | "method" | "note"
> &
  Partial<Pick<SettlementRow, "fromMethodId" | "toMethodId">>;

type Names = {
  person: (id: string | null) => string | null;
  method: (id: string | null) => string | null;
};

const settlementFields = (row: SettlementRow, names: Names) => ({
  paidBy: names.person(row.fromUserId),
  member: names.person(row.toUserId),
  amount: row.amount,
  date: row.paidOn,
  settlementMethod: row.method,
  // The accounts, by name, only when the settlement names them.
  ...(row.fromMethodId ? { fromAccount: names.method(row.fromMethodId) } : {}),
  ...(row.toMethodId ? { toAccount: names.method(row.toMethodId) } : {}),
});

const subjectLabel = (row: SettlementRow, person: (id: string | null) => string | null) =>
  `${person(row.fromUserId) ?? "?"} → ${person(row.toUserId) ?? "?"}`;

/** The settlement writes of one unit of work. */
export class SettlementWriter {
  constructor(
    private readonly tx: Db,
    private readonly changes: ChangeLog,
  ) {}

  async insert(scope: FamilyScope, settlement: NewSettlement): Promise<SettlementRow> {
    const [row] = await this.tx
      .insert(settlements)
      .values({ ...settlement, familyId: scope.familyId, addedByUserId: scope.userId })
      .returning();
    if (!row) throw new AppError("internal");
    await this.record(scope, row, "created");
    return row;
  }

  /** Undoes a settlement of the caller's family; another family's is not found. */
  async delete(scope: FamilyScope, id: string): Promise<SettlementRow> {
    const [row] = await this.tx
      .delete(settlements)
      .where(and(eq(settlements.id, id), eq(settlements.familyId, scope.familyId)))
      .returning();
    if (!row) throw new AppError("settlement_not_found");
    await this.record(scope, row, "deleted");
    return row;
  }

  private async record(scope: FamilyScope, row: SettlementRow, action: "created" | "deleted") {
    const names = await namesFor(this.tx, scope.familyId, {
      userIds: [row.fromUserId, row.toUserId],
      methodIds: [row.fromMethodId, row.toMethodId],
    });
    const fields = settlementFields(row, names);
    await recordHistory(this.tx, [
      {
        familyId: scope.familyId,
        actor: actorOf(scope),
        kind: "settlement",
        action,
        subjectId: row.id,
        subjectLabel: subjectLabel(row, names.person),
        changes: action === "created" ? fieldsCreated(fields) : fieldsDeleted(fields),
      },
    ]);
    // Named accounts' balances move too, as a transfer's do.
    this.changes.changed(
      scope.familyId,
      row.fromMethodId || row.toMethodId ? ["balances", "paymentMethods"] : ["balances"],
    );
  }
}

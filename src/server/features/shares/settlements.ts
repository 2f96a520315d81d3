import { and, eq, sql } from "drizzle-orm";
import type { CreateSettlementInput, Settlement } from "../../../contract/balances";
import type { Db } from "../../db/client";
import { familyMembers, settlements } from "../../db/schema";
import { AppError } from "../../errors";
import {
  actorOf,
  fieldsCreated,
  fieldsDeleted,
  namesFor,
  recordHistory,
} from "../../history/record";
import type { FamilyScope } from "../../http/family-scope";
import { reserveSettlement } from "../../quotas";

/**
 * "Acertar contas" (docs/product.md#who-owes-whom): a member records that one member paid another
 * back (PIX, cash, a transfer). It is a transfer between the two, never spending: it changes only
 * their balance. Any member may record or undo one; the history keeps both.
 */

type SettlementRow = typeof settlements.$inferSelect;

const toSettlement = (row: SettlementRow): Settlement => ({
  id: row.id,
  fromUserId: row.fromUserId,
  toUserId: row.toUserId,
  amount: row.amount,
  paidOn: row.paidOn,
  method: row.method,
  note: row.note,
  addedByUserId: row.addedByUserId,
  createdAt: row.createdAt.toISOString(),
});

const settlementFields = (row: SettlementRow, person: (id: string | null) => string | null) => ({
  paidBy: person(row.fromUserId),
  member: person(row.toUserId),
  amount: row.amount,
  date: row.paidOn,
  settlementMethod: row.method,
});

const subjectLabel = (row: SettlementRow, person: (id: string | null) => string | null) =>
  `${person(row.fromUserId) ?? "?"} → ${person(row.toUserId) ?? "?"}`;

export async function createSettlement(
  db: Db,
  scope: FamilyScope,
  input: CreateSettlementInput & { amount: string; note?: string | undefined },
  maxSettlements: number,
): Promise<Settlement> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    // Counted under the family's quota lock, so two at once cannot pass it (docs/product.md#quotas).
    await reserveSettlement(t, scope.familyId, maxSettlements);
    const [check] = await t
      .select({
        members: sql<number>`count(*)::int`,
      })
      .from(familyMembers)
      .where(
        and(
          eq(familyMembers.familyId, scope.familyId),
          sql`${familyMembers.userId} in (${input.fromUserId}::uuid, ${input.toUserId}::uuid)`,
        ),
      );
    if ((check?.members ?? 0) !== 2) {
      throw new AppError("validation_error", {
        fieldErrors: [{ path: "fromUserId", messageKey: "validation.settlementMember" }],
      });
    }
    const [row] = await t
      .insert(settlements)
      .values({
        familyId: scope.familyId,
        fromUserId: input.fromUserId,
        toUserId: input.toUserId,
        amount: input.amount,
        paidOn: input.paidOn,
        method: input.method,
        note: input.note ?? null,
        addedByUserId: scope.userId,
      })
      .returning();
    if (!row) throw new AppError("internal");
    const names = await namesFor(t, scope.familyId, { userIds: [row.fromUserId, row.toUserId] });
    await recordHistory(t, [
      {
        familyId: scope.familyId,
        actor: actorOf(scope),
        kind: "settlement",
        action: "created",
        subjectId: row.id,
        subjectLabel: subjectLabel(row, names.person),
        changes: fieldsCreated(settlementFields(row, names.person)),
      },
    ]);
    return toSettlement(row);
  });
}

/** Undoes a settlement of the caller's family; another family's is not found. */
export async function deleteSettlement(db: Db, scope: FamilyScope, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [row] = await t
      .delete(settlements)
      .where(and(eq(settlements.id, id), eq(settlements.familyId, scope.familyId)))
      .returning();
    if (!row) throw new AppError("settlement_not_found");
    const names = await namesFor(t, scope.familyId, { userIds: [row.fromUserId, row.toUserId] });
    await recordHistory(t, [
      {
        familyId: scope.familyId,
        actor: actorOf(scope),
        kind: "settlement",
        action: "deleted",
        subjectId: row.id,
        subjectLabel: subjectLabel(row, names.person),
        changes: fieldsDeleted(settlementFields(row, names.person)),
      },
    ]);
  });
}

import { and, eq, sql } from "drizzle-orm";
import type { CreateSettlementInput, Settlement } from "../../../contract/balances";
import { familyMembers } from "../../db/schema";
import { AppError } from "../../errors";
import type { FamilyScope } from "../../http/family-scope";
import type { Ledger } from "../../ledger/unit-of-work";
import { reserveSettlement } from "../../quotas";
import { assertChangeOfClearedConfirmed } from "../../reconciliation-writes/cleared";
import type { SettlementRow } from "../../settlement-writes/writes";
import { assertMoneyAccounts } from "../../transfer-writes/accounts";

/**
 * "Acertar contas" (docs/product.md#who-owes-whom): a member records that one member paid another
 * back (PIX, cash, a transfer). It is a transfer between the two, never spending: it changes only
 * their balance. Any member may record or undo one; the history keeps both.
 */

const toSettlement = (row: SettlementRow): Settlement => ({
  id: row.id,
  fromUserId: row.fromUserId,
  toUserId: row.toUserId,
  amount: row.amount,
  paidOn: row.paidOn,
  method: row.method,
  note: row.note,
  fromMethodId: row.fromMethodId,
  toMethodId: row.toMethodId,
  addedByUserId: row.addedByUserId,
  createdAt: row.createdAt.toISOString(),
});

export async function createSettlement(
  ledger: Ledger,
  scope: FamilyScope,
  input: CreateSettlementInput & { amount: string; note?: string | undefined },
  maxSettlements: number,
): Promise<Settlement> {
  return ledger.transaction(async ({ tx, settlements }) => {
    // Counted under the family's quota lock, so two at once cannot pass it (docs/product.md#quotas).
    await reserveSettlement(tx, scope.familyId, maxSettlements);
    const [check] = await tx
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
    await assertMoneyAccounts(tx, scope, input);
    const row = await settlements.insert(scope, {
      fromUserId: input.fromUserId,
      toUserId: input.toUserId,
      amount: input.amount,
      paidOn: input.paidOn,
      method: input.method,
      note: input.note ?? null,
      fromMethodId: input.fromMethodId ?? null,
      toMethodId: input.toMethodId ?? null,
    });
    return toSettlement(row);
  });
}

/**
 * Undoes a settlement of the caller's family; another family's is not found. One cleared on an
 * account against its bank asks first (reconciliation-writes/cleared.ts).
 */
export async function deleteSettlement(
  ledger: Ledger,
  scope: FamilyScope,
  id: string,
  confirmedCleared = false,
): Promise<void> {
  await assertChangeOfClearedConfirmed(
    ledger.db,
    scope.familyId,
    "settlement",
    [id],
    confirmedCleared,
  );
  await ledger.transaction(({ settlements }) => settlements.delete(scope, id));
}

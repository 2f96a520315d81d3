import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { paymentMethods } from "../db/schema";
import { methodUsableBy } from "../db/seen-by";
import { AppError } from "../errors";
import type { FamilyScope } from "../http/family-scope";

/**
 * The accounts money moves between, for a transfer (both named) and a settlement that names its
 * accounts (either may be left out): the family's active ones, never a card (a card's bill is
 * paid instead). Another family's id, an archived account or a card is a field error on its side,
 * the same whatever the id names, so nothing is learnt of other families. Another member's
 * private account is refused the same way: only its holder moves money on it
 * (docs/product.md#private-accounts). Locked for share, so
 * neither is archived or deleted before the write.
 */
export async function assertMoneyAccounts(
  db: Db,
  scope: FamilyScope,
  input: { fromMethodId?: string | undefined; toMethodId?: string | undefined },
): Promise<void> {
  const named = [input.fromMethodId, input.toMethodId].filter((id): id is string => Boolean(id));
  if (named.length === 0) return;
  const found = await db
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.familyId, scope.familyId),
        inArray(paymentMethods.id, named),
        eq(paymentMethods.isActive, true),
        sql`${paymentMethods.kind} <> 'credit_card'`,
        methodUsableBy(scope),
      ),
    )
    .for("share");
  const ids = new Set(found.map((row) => row.id));
  for (const [path, id, messageKey] of [
    ["fromMethodId", input.fromMethodId, "validation.transferFromAccount"],
    ["toMethodId", input.toMethodId, "validation.transferToAccount"],
  ] as const) {
    if (id && !ids.has(id)) {
      throw new AppError("validation_error", { fieldErrors: [{ path, messageKey }] });
    }
  }
}

import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { BudgetPeriodRule } from "../../contract/budget-period-rule";
import type { CardSpendingBy, FamilyRole } from "../../contract/family";
import { displayNameOf } from "../../domain/person-name";
import type { Db } from "../db/client";
import { familyMembers } from "../db/schema";
import { AppError } from "../errors";
import { requireUser } from "./authentication";

/**
 * The caller as a member of their family. `actorName` is how the family history names them
 * (docs/product.md#family-history): kept on each entry as it was, so it still reads after they
 * leave.
 */
export type FamilyScope = {
  userId: string;
  familyId: string;
  role: FamilyRole;
  actorName: string | null;
  /** The family's budget month rule, read with the session (http/sessions.ts). */
  budgetPeriod: BudgetPeriodRule;
  /** When a card purchase counts in the budget, read with the session (http/sessions.ts). */
  cardSpendingBy: CardSpendingBy;
};

/** A user's family membership, for the calls that change it (joining checks it first). */
export async function findMembership(
  db: Db,
  userId: string,
): Promise<Omit<FamilyScope, "actorName" | "budgetPeriod" | "cardSpendingBy"> | undefined> {
  const [row] = await db
    .select({ familyId: familyMembers.familyId, role: familyMembers.role })
    .from(familyMembers)
    .where(eq(familyMembers.userId, userId));
  return row ? { userId, familyId: row.familyId, role: row.role } : undefined;
}

/**
 * Every family-scoped route starts here: 401 signed out, 404 without a family. The membership
 * was read with the session in this request's one authentication statement (http/sessions.ts),
 * so a removed member loses access on their very next request, with no second query.
 */
export function requireFamily(request: FastifyRequest): FamilyScope {
  const user = requireUser(request);
  const membership = request.auth?.membership;
  if (!membership) throw new AppError("not_in_family");
  return {
    userId: user.id,
    familyId: membership.familyId,
    role: membership.role,
    actorName: displayNameOf(user),
    budgetPeriod: membership.budgetPeriod,
    cardSpendingBy: membership.cardSpendingBy,
  };
}

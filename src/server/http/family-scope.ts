import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { FamilyRole } from "../../contract/family";
import type { Db } from "../db/client";
import { familyMembers } from "../db/schema";
import { AppError } from "../errors";
import { requireUser } from "./authentication";

export type FamilyScope = { userId: string; familyId: string; role: FamilyRole };

/** The caller's family membership, looked up on every call: a removed member loses access at once. */
export async function findMembership(db: Db, userId: string): Promise<FamilyScope | undefined> {
  const [row] = await db
    .select({ familyId: familyMembers.familyId, role: familyMembers.role })
    .from(familyMembers)
    .where(eq(familyMembers.userId, userId));
  return row ? { userId, familyId: row.familyId, role: row.role } : undefined;
}

/** Every family-scoped route starts here: 401 signed out, 404 without a family. */
export async function requireFamily(db: Db, request: FastifyRequest): Promise<FamilyScope> {
  const user = requireUser(request);
  const membership = await findMembership(db, user.id);
  if (!membership) throw new AppError("not_in_family");
  return membership;
}

import { randomInt } from "node:crypto";
import { and, asc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { type BudgetPeriodRule, budgetPeriodRuleCode } from "../../../contract/budget-period-rule";
import {
  type CardSpendingBy,
  type Family,
  type FamilyMember,
  type FamilyPerson,
  INVITE_CODE_ALPHABET,
  INVITE_CODE_LENGTH,
  INVITE_TTL_DAYS,
  type Invite,
  type InvitePreview,
} from "../../../contract/family";
import { displayNameOf } from "../../../domain/person-name";
import { budgetPeriodRuleOf } from "../../api-rows";
import type { Clock } from "../../clock";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import {
  categories,
  expenses,
  families,
  familyInvites,
  familyMembers,
  users,
} from "../../db/schema";
import { expensesSeenBy } from "../../db/seen-by";
import { AppError } from "../../errors";
import type { ExpenseWrites } from "../../expense-writes/writes";
import { actorOf, fieldsCreated, namesFor, recordHistory } from "../../history/record";
import { type FamilyScope, findMembership } from "../../http/family-scope";
import type { Ledger } from "../../ledger/unit-of-work";
import { assertInviteRoom, lockFamilyQuotas } from "../../quotas";
import type { UserRow } from "../../users";
import { exampleExpensesFor, starterCategoriesFor } from "./starter-data";

const DAY_MS = 24 * 60 * 60 * 1000;

const toFamily = (row: typeof families.$inferSelect, role: Family["role"]): Family => ({
  id: row.id,
  name: row.name,
  ownerId: row.ownerId,
  role,
  budgetPeriod: budgetPeriodRuleOf(row),
  cardSpendingBy: row.cardSpendingBy,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export async function getFamily(db: Db, userId: string): Promise<Family | null> {
  const [row] = await db
    .select({ family: families, role: familyMembers.role })
    .from(familyMembers)
    .innerJoin(families, eq(families.id, familyMembers.familyId))
    .where(eq(familyMembers.userId, userId));
  return row ? toFamily(row.family, row.role) : null;
}

export async function listMembers(db: Db, scope: FamilyScope): Promise<FamilyMember[]> {
  const rows = await db
    .select({ member: familyMembers, user: users })
    .from(familyMembers)
    .innerJoin(users, eq(users.id, familyMembers.userId))
    .where(eq(familyMembers.familyId, scope.familyId))
    .orderBy(
      sql`case when ${familyMembers.role} = 'owner' then 0 else 1 end`,
      asc(familyMembers.joinedAt),
    );
  return rows.map(({ member, user }) => ({
    id: member.id,
    userId: member.userId,
    role: member.role,
    joinedAt: member.joinedAt.toISOString(),
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      firstName: user.firstName,
      lastName: user.lastName,
      profileImageUrl: user.profileImageUrl,
    },
  }));
}

/**
 * The members, then everyone else who paid one of the family's expenses (a member who left or
 * was removed and kept their expenses), so every payer has a name. Of a former member only the
 * name fields: the e-mail and picture were shared with the family while they belonged to it.
 */
export async function listPeople(db: Db, scope: FamilyScope): Promise<FamilyPerson[]> {
  const result = await db.execute<PersonRow>(sql`
    with people as (
      select ${familyMembers.userId} as user_id from ${familyMembers}
        where ${familyMembers.familyId} = ${scope.familyId}
      union
      -- Payers as the caller may see them (db/seen-by.ts): another member's private expense names
      -- nobody, so it brings no former member into the list.
      select ${expenses.paidByUserId} from ${expensesSeenBy(scope)}
        where ${expenses.paidByUserId} is not null
    )
    select u.id, u.name, u.first_name, u.last_name, u.email, u.profile_image_url,
      m.user_id is not null as is_member
    from people p
    join users u on u.id = p.user_id
    left join family_members m on m.user_id = p.user_id and m.family_id = ${scope.familyId}
    order by m.user_id is null, m.role = 'owner' desc, m.joined_at, u.name, u.id`);
  return (result as unknown as { rows: PersonRow[] }).rows.map((row) => ({
    userId: row.id,
    name: row.name,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.is_member ? row.email : null,
    profileImageUrl: row.is_member ? row.profile_image_url : null,
    isMember: row.is_member,
  }));
}

type PersonRow = {
  id: string;
  name: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string;
  profile_image_url: string | null;
  is_member: boolean;
};

/** The calendar date of `now` in UTC, for seeding examples into "this month". */
const utcDate = (now: Date) => now.toISOString().slice(0, 10);

export async function createFamily(
  writes: ExpenseWrites,
  clock: Clock,
  user: UserRow,
  name: string,
): Promise<Family> {
  const now = clock.now();
  try {
    return await writes.transaction(async (tx, write) => {
      const [family] = await tx.insert(families).values({ name, ownerId: user.id }).returning();
      if (!family) throw new AppError("internal");
      await tx
        .insert(familyMembers)
        .values({ familyId: family.id, userId: user.id, role: "owner" });
      const seeded = await tx
        .insert(categories)
        .values(
          starterCategoriesFor(user.preferredLanguage).map(({ key: _key, ...category }) => ({
            ...category,
            familyId: family.id,
          })),
        )
        .returning({ id: categories.id, name: categories.name });
      const starters = starterCategoriesFor(user.preferredLanguage);
      const idByKey = new Map(
        starters.map((starter) => [
          starter.key,
          seeded.find((row) => row.name === starter.name)?.id,
        ]),
      );
      await write.seedExamples(
        family.id,
        user.id,
        exampleExpensesFor(user.preferredLanguage, utcDate(now)).map((example) => ({
          description: example.description,
          amount: example.amount,
          date: example.date,
          categoryId: idByKey.get(example.categoryKey) ?? null,
        })),
      );
      return toFamily(family, "owner");
    });
  } catch (error) {
    if (isUniqueViolation(error, "family_members_user_unique"))
      throw new AppError("already_in_family");
    throw error;
  }
}

function newInviteCode() {
  let code = "";
  for (let i = 0; i < INVITE_CODE_LENGTH; i++)
    code += INVITE_CODE_ALPHABET[randomInt(INVITE_CODE_ALPHABET.length)];
  return code;
}

/**
 * A new code valid 7 days; the caller's previous unused code stops working. The family keeps at
 * most `maxOpen` open codes (docs/product.md#quotas).
 */
export async function createInvite(
  ledger: Ledger,
  clock: Clock,
  scope: FamilyScope,
  appUrl: string,
  maxOpen: number,
): Promise<Invite> {
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + INVITE_TTL_DAYS * DAY_MS);
  for (let attempt = 0; ; attempt++) {
    const inviteCode = newInviteCode();
    try {
      await ledger.transaction(async ({ tx, changed }) => {
        changed(scope.familyId, ["family"]);
        // Before the revoke: two invites of one member at once then revoke one after the other,
        // and never both leave an open code (docs/product.md#quotas).
        await lockFamilyQuotas(tx, [scope.familyId]);
        await tx
          .update(familyInvites)
          .set({ revokedAt: now })
          .where(
            and(
              eq(familyInvites.invitedByUserId, scope.userId),
              isNull(familyInvites.usedAt),
              isNull(familyInvites.revokedAt),
            ),
          );
        await assertInviteRoom(tx, scope.familyId, now, maxOpen);
        const [invite] = await tx
          .insert(familyInvites)
          .values({
            familyId: scope.familyId,
            inviteCode,
            invitedByUserId: scope.userId,
            expiresAt,
          })
          .returning({ id: familyInvites.id });
        // The code itself is not kept in the history: it is a credential while it is valid.
        await recordHistory(tx, [
          {
            familyId: scope.familyId,
            actor: actorOf(scope),
            kind: "invite",
            action: "created",
            subjectId: invite?.id ?? null,
            changes: fieldsCreated({ expiresAt: expiresAt.toISOString() }),
          },
        ]);
      });
      return {
        inviteCode,
        expiresAt: expiresAt.toISOString(),
        url: `${appUrl}/api/family/join/${inviteCode}`,
      };
    } catch (error) {
      // 31^8 codes make a collision rare; try another code rather than fail the household.
      if (attempt < 5 && isUniqueViolation(error, "family_invites_invite_code_unique")) continue;
      throw error;
    }
  }
}

/**
 * Joins with a code. The invite is claimed and the member added in one transaction: of two
 * people racing for one code exactly one joins, and a user already in a family claims nothing.
 */
export async function joinFamily(
  ledger: Ledger,
  clock: Clock,
  user: UserRow,
  inviteCode: string,
): Promise<Family> {
  const { db } = ledger;
  const now = clock.now();
  if (await findMembership(db, user.id)) throw new AppError("already_in_family");
  try {
    return await ledger.transaction(async ({ tx, changed }) => {
      const [invite] = await tx
        .select()
        .from(familyInvites)
        .where(eq(familyInvites.inviteCode, inviteCode));
      if (!invite) throw new AppError("invalid_invite_code");
      const [claimed] = await tx
        .update(familyInvites)
        .set({ usedAt: now, usedByUserId: user.id })
        .where(
          and(
            eq(familyInvites.id, invite.id),
            isNull(familyInvites.usedAt),
            isNull(familyInvites.revokedAt),
            gt(familyInvites.expiresAt, now),
          ),
        )
        .returning({ familyId: familyInvites.familyId });
      if (!claimed) throw new AppError("invite_expired");
      changed(claimed.familyId, ["family"]);
      await tx
        .insert(familyMembers)
        .values({ familyId: claimed.familyId, userId: user.id, role: "member" });
      const name = displayNameOf(user);
      await recordHistory(tx, [
        {
          familyId: claimed.familyId,
          actor: { userId: user.id, name },
          kind: "member",
          action: "joined",
          subjectId: user.id,
          subjectLabel: name,
        },
      ]);
      const [family] = await tx.select().from(families).where(eq(families.id, claimed.familyId));
      if (!family) throw new AppError("invalid_invite_code");
      return toFamily(family, "member");
    });
  } catch (error) {
    if (isUniqueViolation(error, "family_members_user_unique"))
      throw new AppError("already_in_family");
    throw error;
  }
}

// --- Join confirmation (docs/product.md#joining-by-link): the preview behind its screen. ---

/**
 * What the join confirmation screen shows for a code (docs/product.md#joining-by-link): the
 * family's name and the inviter's display name, and nothing else (no ids, no e-mail), only for a
 * code that would join. The checks and their order are joinFamily's, so the screen fails with the
 * error the join would give; it reads and writes nothing else.
 */
export async function previewInvite(
  db: Db,
  clock: Clock,
  user: UserRow,
  inviteCode: string,
): Promise<InvitePreview> {
  if (await findMembership(db, user.id)) throw new AppError("already_in_family");
  const [row] = await db
    .select({ invite: familyInvites, familyName: families.name, inviter: users })
    .from(familyInvites)
    .innerJoin(families, eq(families.id, familyInvites.familyId))
    .innerJoin(users, eq(users.id, familyInvites.invitedByUserId))
    .where(eq(familyInvites.inviteCode, inviteCode));
  if (!row) throw new AppError("invalid_invite_code");
  const { invite, inviter } = row;
  if (invite.usedAt || invite.revokedAt || invite.expiresAt <= clock.now()) {
    throw new AppError("invite_expired");
  }
  // Named as everywhere else but never by the e-mail, which a code holder outside the family does
  // not see (docs/product.md#joining-by-link: the preview says nothing else).
  const invitedByName = displayNameOf({ ...inviter, email: null });
  return { familyName: row.familyName, invitedByName };
}

// --- End of the join confirmation. ---

/**
 * Owner only; the owner cannot be removed. With keepExpenses=false every expense the member added
 * goes in the same transaction as the removal. Their unused invites stop working.
 */
export async function removeMember(
  writes: ExpenseWrites,
  clock: Clock,
  scope: FamilyScope,
  targetUserId: string,
  keepExpenses: boolean,
): Promise<{ removed: true; deletedExpenses: number }> {
  if (scope.role !== "owner") throw new AppError("only_owner");
  return writes.transaction(async (tx, write, { changed }) => {
    // The removed member's open streams check their access on this and end.
    changed(scope.familyId, ["family"]);
    const [target] = await tx
      .select()
      .from(familyMembers)
      .where(
        and(eq(familyMembers.familyId, scope.familyId), eq(familyMembers.userId, targetUserId)),
      );
    if (!target) throw new AppError("member_not_found");
    if (target.role === "owner" || target.userId === scope.userId)
      throw new AppError("cannot_remove_owner");
    let deletedExpenses = 0;
    const actor = actorOf(scope);
    if (!keepExpenses) {
      // Each one restorable from its entry, like any deleted expense.
      deletedExpenses = (await write.delete(scope, { addedByUserId: targetUserId })).length;
    }
    const name = (await namesFor(tx, scope.familyId, { userIds: [targetUserId] })).person(
      targetUserId,
    );
    await recordHistory(tx, [
      {
        familyId: scope.familyId,
        actor,
        kind: "member",
        action: "removed",
        subjectId: targetUserId,
        subjectLabel: name,
        changes: keepExpenses ? [] : fieldsCreated({ deletedExpenses }),
      },
    ]);
    await tx
      .update(familyInvites)
      .set({ revokedAt: clock.now() })
      .where(
        and(
          eq(familyInvites.invitedByUserId, targetUserId),
          isNull(familyInvites.usedAt),
          isNull(familyInvites.revokedAt),
        ),
      );
    await tx.delete(familyMembers).where(eq(familyMembers.id, target.id));
    return { removed: true as const, deletedExpenses };
  });
}

// Leaving, handing over and deleting a family (docs/product.md#leaving-a-family).

/**
 * A member leaves: their membership goes and their unused invites stop working; every expense
 * they added stays with the family under their name (added_by is kept), as when the owner removes
 * someone and keeps their expenses. The owner cannot leave: the family would have nobody to run
 * it. The delete matches only a member row, so an owner made so a moment ago is refused too.
 */
export async function leaveFamily(ledger: Ledger, clock: Clock, scope: FamilyScope): Promise<void> {
  if (scope.role === "owner") throw new AppError("owner_cannot_leave");
  await ledger.transaction(async ({ tx, changed }) => {
    changed(scope.familyId, ["family"]);
    const left = await tx
      .delete(familyMembers)
      .where(
        and(
          eq(familyMembers.familyId, scope.familyId),
          eq(familyMembers.userId, scope.userId),
          eq(familyMembers.role, "member"),
        ),
      )
      .returning({ role: familyMembers.role });
    if (left.length === 0) {
      const now = await findMembership(tx, scope.userId);
      throw new AppError(now?.role === "owner" ? "owner_cannot_leave" : "not_in_family");
    }
    await recordHistory(tx, [
      {
        familyId: scope.familyId,
        actor: actorOf(scope),
        kind: "member",
        action: "left",
        subjectId: scope.userId,
        subjectLabel: scope.actorName,
      },
    ]);
    await tx
      .update(familyInvites)
      .set({ revokedAt: clock.now() })
      .where(
        and(
          eq(familyInvites.invitedByUserId, scope.userId),
          isNull(familyInvites.usedAt),
          isNull(familyInvites.revokedAt),
        ),
      );
  });
}

/**
 * Locks the caller's family row for a change of owner or a deletion, and checks the caller still
 * owns it: two such changes (or a join that adds a member) wait for each other instead of
 * interleaving, since a join's insert into family_members takes a key-share lock on this row.
 */
async function lockOwnedFamily(tx: Db, scope: FamilyScope) {
  const [family] = await tx
    .select()
    .from(families)
    .where(eq(families.id, scope.familyId))
    .for("update");
  if (!family || family.ownerId !== scope.userId) throw new AppError("only_owner");
  return family;
}

/** The owner hands the family to one of its members and stays on as a member. */
export async function transferOwnership(
  ledger: Ledger,
  clock: Clock,
  scope: FamilyScope,
  targetUserId: string,
): Promise<Family> {
  if (scope.role !== "owner") throw new AppError("only_owner");
  if (targetUserId === scope.userId) throw new AppError("transfer_to_self");
  return ledger.transaction(async ({ tx, changed }) => {
    changed(scope.familyId, ["family"]);
    await lockOwnedFamily(tx, scope);
    const [promoted] = await tx
      .update(familyMembers)
      .set({ role: "owner" })
      .where(
        and(
          eq(familyMembers.familyId, scope.familyId),
          eq(familyMembers.userId, targetUserId),
          eq(familyMembers.role, "member"),
        ),
      )
      .returning({ id: familyMembers.id });
    if (!promoted) throw new AppError("member_not_found");
    const name = (await namesFor(tx, scope.familyId, { userIds: [targetUserId] })).person(
      targetUserId,
    );
    await recordHistory(tx, [
      {
        familyId: scope.familyId,
        actor: actorOf(scope),
        kind: "member",
        action: "ownershipTransferred",
        subjectId: targetUserId,
        subjectLabel: name,
      },
    ]);
    await tx
      .update(familyMembers)
      .set({ role: "member" })
      .where(
        and(eq(familyMembers.familyId, scope.familyId), eq(familyMembers.userId, scope.userId)),
      );
    const [family] = await tx
      .update(families)
      .set({ ownerId: targetUserId, updatedAt: clock.now() })
      .where(eq(families.id, scope.familyId))
      .returning();
    if (!family) throw new AppError("not_in_family");
    return toFamily(family, "member");
  });
}

/**
 * The owner, alone in the family, deletes it with everything in it, after typing its name
 * (surrounding spaces aside, exactly: a phone keyboard's trailing space is not a different name).
 * One transaction: expenses, categories, invites, the membership and the family go together or
 * not at all. Kept bodies need no clearing: they are keyed by family id and data version
 * (http/family-json-cache.ts), and nobody can ask for a family that no longer exists.
 */
export async function deleteFamily(
  writes: ExpenseWrites,
  scope: FamilyScope,
  typedName: string,
): Promise<void> {
  if (scope.role !== "owner") throw new AppError("only_owner");
  await writes.transaction(async (tx, write, { changed }) => {
    changed(scope.familyId, ["family"]);
    const family = await lockOwnedFamily(tx, scope);
    const others = await tx
      .select({ id: familyMembers.id })
      .from(familyMembers)
      .where(
        and(eq(familyMembers.familyId, scope.familyId), ne(familyMembers.userId, scope.userId)),
      )
      .limit(1);
    if (others.length > 0) throw new AppError("family_has_members");
    if (typedName.trim() !== family.name) {
      throw new AppError("family_name_mismatch", {
        fieldErrors: [{ path: "name", messageKey: "validation.familyNameMismatch" }],
      });
    }
    await write.deleteAllOf(scope.familyId);
    await tx.delete(categories).where(eq(categories.familyId, scope.familyId));
    await tx.delete(familyInvites).where(eq(familyInvites.familyId, scope.familyId));
    await tx.delete(familyMembers).where(eq(familyMembers.familyId, scope.familyId));
    await tx.delete(families).where(eq(families.id, scope.familyId));
  });
}

/**
 * The owner sets when the family's budget month starts (docs/product.md#budget-periods). No
 * expense moves (their dates are calendar dates); every month the family's calls name follows
 * the new rule from the next request on. The family's data version moves with it (the trigger
 * families_rules_changed, listed in db/triggers.api.test.ts), so the months, lists and trends each
 * process kept for the old rule are not answered again (http/family-json-cache.ts). A rule equal
 * to the stored one changes nothing and records no entry.
 */
export async function setBudgetPeriod(
  ledger: Ledger,
  clock: Clock,
  scope: FamilyScope,
  rule: BudgetPeriodRule,
): Promise<Family> {
  if (scope.role !== "owner") throw new AppError("only_owner");
  return ledger.transaction(async ({ tx, changed }) => {
    const current = await lockOwnedFamily(tx, scope);
    const before = budgetPeriodRuleCode(budgetPeriodRuleOf(current));
    const after = budgetPeriodRuleCode(rule);
    if (before === after) return toFamily(current, "owner");
    changed(scope.familyId, ["family", "expenses"]);
    const [family] = await tx
      .update(families)
      .set({
        periodStart: rule.start,
        periodDay: rule.day,
        periodSaturdays: rule.saturdays,
        periodClosedDay: rule.closedDay,
        updatedAt: clock.now(),
      })
      .where(eq(families.id, scope.familyId))
      .returning();
    if (!family) throw new AppError("not_in_family");
    await recordHistory(tx, [
      {
        familyId: scope.familyId,
        actor: actorOf(scope),
        kind: "family",
        action: "changed",
        subjectId: scope.familyId,
        subjectLabel: family.name,
        changes: [{ field: "budgetPeriod", before, after }],
      },
    ]);
    return toFamily(family, "owner");
  });
}

/**
 * The owner chooses when card purchases count in the budget
 * (docs/product.md#counting-card-spending-by-bill): by their date or by their bill's due date.
 * No expense changes; the family's data version moves (families_rules_changed), so no month kept
 * for the old choice is answered again. The same choice again changes nothing and records no entry.
 */
export async function setCardSpendingBy(
  ledger: Ledger,
  clock: Clock,
  scope: FamilyScope,
  by: CardSpendingBy,
): Promise<Family> {
  if (scope.role !== "owner") throw new AppError("only_owner");
  return ledger.transaction(async ({ tx, changed }) => {
    const current = await lockOwnedFamily(tx, scope);
    if (current.cardSpendingBy === by) return toFamily(current, "owner");
    changed(scope.familyId, ["family", "expenses"]);
    const [family] = await tx
      .update(families)
      .set({
        cardSpendingBy: by,
        updatedAt: clock.now(),
      })
      .where(eq(families.id, scope.familyId))
      .returning();
    if (!family) throw new AppError("not_in_family");
    await recordHistory(tx, [
      {
        familyId: scope.familyId,
        actor: actorOf(scope),
        kind: "family",
        action: "changed",
        subjectId: scope.familyId,
        subjectLabel: family.name,
        changes: [{ field: "cardSpendingBy", before: current.cardSpendingBy, after: by }],
      },
    ]);
    return toFamily(family, "owner");
  });
}

import { and, desc, eq, sql } from "drizzle-orm";
import type { SplitRuleInput, SplitRules } from "../../../contract/shares";
import type { Db } from "../../db/client";
import { families, familyMembers, familySplitRules } from "../../db/schema";
import { AppError } from "../../errors";
import { actorOf, namesFor, recordHistory } from "../../history/record";
import type { FamilyScope } from "../../http/family-scope";
import type { Ledger } from "../../ledger/unit-of-work";

/**
 * The family's default split (docs/product.md#the-familys-default-split, decision 012): from a
 * date on, expenses for the family are split equally or by a weight per member. The database
 * applies the rule of an expense's date when the expense is written
 * (db/functions/expense-shares.sql); a rule set or removed later re-splits nothing written.
 */

/** No family needs more: ten years of a rule a month is 120. */
export const SPLIT_RULES_MAX = 240;

export async function listSplitRules(db: Db, scope: FamilyScope): Promise<SplitRules> {
  const rows = await db
    .select({ validFrom: familySplitRules.validFrom, weights: familySplitRules.weights })
    .from(familySplitRules)
    .where(eq(familySplitRules.familyId, scope.familyId))
    .orderBy(desc(familySplitRules.validFrom));
  return { rules: rows.map(toRule) };
}

const toRule = (row: { validFrom: string; weights: Record<string, number> | null }) => ({
  validFrom: row.validFrom,
  weights: row.weights
    ? // jsonb keeps its own key order: by user id, so the answer is the same every time.
      Object.entries(row.weights)
        .map(([userId, weight]) => ({ userId, weight }))
        .sort((a, b) => (a.userId < b.userId ? -1 : 1))
    : null,
});

const notMember = () =>
  new AppError("validation_error", {
    fieldErrors: [{ path: "weights", messageKey: "validation.shareNotMember" }],
  });

/** The owner's locked family row: two changes of the rules never interleave. */
async function lockFamilyAsOwner(tx: Db, scope: FamilyScope) {
  if (scope.role !== "owner") throw new AppError("only_owner");
  const [family] = await tx
    .select({ name: families.name, ownerId: families.ownerId })
    .from(families)
    .where(eq(families.id, scope.familyId))
    .for("update");
  if (!family || family.ownerId !== scope.userId) throw new AppError("only_owner");
  return family;
}

/**
 * The history's words for a rule: null is equal, else "Ana 60 · Léo 40", in the order given
 * (the form sends the members' order; jsonb keeps its own).
 */
const ruleLabel = (
  weights: { userId: string; weight: number }[] | null,
  person: (id: string | null) => string | null,
) => (weights ? weights.map((w) => `${person(w.userId) ?? "?"} ${w.weight}`).join(" · ") : null);

const weightList = (weights: Record<string, number> | null) =>
  weights ? Object.entries(weights).map(([userId, weight]) => ({ userId, weight })) : null;

/**
 * The owner sets the rule from `validFrom` on (one starting that day is replaced). Weights name
 * current members only; a member left out weighs nothing.
 */
export async function putSplitRule(
  ledger: Ledger,
  scope: FamilyScope,
  input: SplitRuleInput,
): Promise<SplitRules> {
  const { db } = ledger;
  await ledger.transaction(async ({ tx, changed }) => {
    changed(scope.familyId, ["family"]);
    const family = await lockFamilyAsOwner(tx as unknown as Db, scope);
    const ids = input.weights?.map((w) => w.userId) ?? [];
    const [counts] = await tx
      .select({
        members: sql<number>`(select count(*)::int from ${familyMembers}
          where ${familyMembers.familyId} = ${scope.familyId}
          and ${familyMembers.userId} = any(${sql.param(ids)}::uuid[]))`,
        rules: sql<number>`(select count(*)::int from ${familySplitRules}
          where ${familySplitRules.familyId} = ${scope.familyId})`,
        before: sql<Record<string, number> | null>`(select ${familySplitRules.weights}
          from ${familySplitRules} where ${familySplitRules.familyId} = ${scope.familyId}
          and ${familySplitRules.validFrom} = ${input.validFrom})`,
        exists: sql<boolean>`exists (select 1 from ${familySplitRules}
          where ${familySplitRules.familyId} = ${scope.familyId}
          and ${familySplitRules.validFrom} = ${input.validFrom})`,
      })
      .from(sql`(select 1) as one`);
    if ((counts?.members ?? 0) !== ids.length) throw notMember();
    if (!counts?.exists && (counts?.rules ?? 0) >= SPLIT_RULES_MAX) {
      throw new AppError("validation_error", {
        fieldErrors: [{ path: "validFrom", messageKey: "validation.splitRulesMax" }],
      });
    }
    const weights = input.weights
      ? Object.fromEntries(input.weights.map((w) => [w.userId, w.weight]))
      : null;
    await tx
      .insert(familySplitRules)
      .values({
        familyId: scope.familyId,
        validFrom: input.validFrom,
        weights,
        createdByUserId: scope.userId,
      })
      .onConflictDoUpdate({
        target: [familySplitRules.familyId, familySplitRules.validFrom],
        set: { weights, createdByUserId: scope.userId, createdAt: sql`now()` },
      });
    const names = await namesFor(tx as unknown as Db, scope.familyId, {
      userIds: [...ids, ...Object.keys(counts?.before ?? {})],
    });
    await recordHistory(tx as unknown as Db, [
      {
        familyId: scope.familyId,
        actor: actorOf(scope),
        kind: "family",
        action: "changed",
        subjectId: scope.familyId,
        subjectLabel: family.name,
        changes: [
          { field: "startDate", before: null, after: input.validFrom },
          {
            field: "splitRule",
            before: counts?.exists ? ruleLabel(weightList(counts.before), names.person) : null,
            after: ruleLabel(input.weights ?? null, names.person),
          },
        ],
      },
    ]);
  });
  return listSplitRules(db, scope);
}

/** The owner removes the rule starting on `validFrom`: the one before it applies again. */
export async function deleteSplitRule(
  ledger: Ledger,
  scope: FamilyScope,
  validFrom: string,
): Promise<SplitRules> {
  const { db } = ledger;
  await ledger.transaction(async ({ tx, changed }) => {
    changed(scope.familyId, ["family"]);
    const family = await lockFamilyAsOwner(tx as unknown as Db, scope);
    const [gone] = await tx
      .delete(familySplitRules)
      .where(
        and(
          eq(familySplitRules.familyId, scope.familyId),
          eq(familySplitRules.validFrom, validFrom),
        ),
      )
      .returning();
    if (!gone) throw new AppError("split_rule_not_found");
    await recordHistory(tx as unknown as Db, [
      {
        familyId: scope.familyId,
        actor: actorOf(scope),
        kind: "family",
        action: "changed",
        subjectId: scope.familyId,
        subjectLabel: family.name,
        // The rule removed, by its day (the web words an entry without a split as a removal).
        changes: [{ field: "startDate", before: validFrom, after: null }],
      },
    ]);
  });
  return listSplitRules(db, scope);
}

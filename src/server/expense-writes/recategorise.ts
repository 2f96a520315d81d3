import { type SQL, sql } from "drizzle-orm";
import { actorOf, recordHistory } from "../history/record";
import type { FamilyScope } from "../http/family-scope";
import type { WriteContext } from "./rows";

/** The rule whose application this is, as its history entry names it. */
export type AppliedRule = {
  id: string;
  pattern: string;
  category: string;
  /** A private rule's author: its entry is theirs alone (docs/product.md#private-expenses). */
  privateTo: string | null;
};

/**
 * A category rule applied to past expenses (docs/product.md#category-rules): the expenses of
 * `ids` (a subquery of an `id` column the caller built, of expenses the caller sees in full) that have another
 * category take `categoryId`, in one statement whatever their number; their payer, split and
 * privacy stay. One entry for the rule's application rather than one per expense: a rule may
 * change thousands at once, and the history would read as nothing else. Answers the count.
 */
export async function recategorise(
  w: WriteContext,
  scope: FamilyScope,
  ids: SQL,
  categoryId: string,
  rule: AppliedRule,
  now: Date,
): Promise<number> {
  const result = (await w.tx.execute(sql`
    update expenses e set category_id = ${categoryId}, updated_at = ${now}
    from (${ids}) m
    where e.id = m.id and e.family_id = ${scope.familyId}
      and e.category_id is distinct from ${categoryId}
    returning e.id`)) as unknown as { rows: { id: string }[] };
  const changed = result.rows.map((row) => row.id);
  if (changed.length === 0) return 0;
  await recordHistory(w.tx, [
    {
      familyId: scope.familyId,
      actor: actorOf(scope),
      kind: "categoryRule",
      action: "changed",
      subjectId: rule.id,
      subjectLabel: rule.pattern,
      changes: [
        { field: "category", before: rule.category, after: rule.category },
        { field: "appliedTo", before: null, after: changed.length },
      ],
      privateTo: rule.privateTo,
    },
  ]);
  w.changes.expenses({
    familyId: scope.familyId,
    kind: "changed",
    count: changed.length,
    ids: changed,
  });
  return changed.length;
}

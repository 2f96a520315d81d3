import { sql } from "drizzle-orm";
import { personNameSql } from "../history/record";
import type { WriteContext } from "./rows";

/** A recurring rule's expenses (features/recurring/generate.ts): one insert for the batch. */

/**
 * The expenses of recurring rules on their dates (`ruleIds[i]` on `dates[i]`), in one statement
 * for the whole batch, whatever families the rules are of: the rule's payer pays, its creator
 * is who added it (docs/product.md#creating-the-expenses). A date a rule already has is skipped
 * (the unique rule and date). Each created expense gets its history entry in the same
 * statement, made by the app itself (no actor), with the fields a person's create records.
 * Returns how many were created.
 */
export async function generate(
  w: WriteContext,
  ruleIds: string[],
  dates: string[],
): Promise<number> {
  if (ruleIds.length === 0) return 0;
  const result = await w.tx.execute(sql`
    with created as (
      insert into expenses (family_id, description, amount, category_id, added_by_user_id,
        paid_by_user_id, date, recurring_rule_id, recurring_date)
      select r.family_id, r.description, r.amount, r.category_id, r.created_by_user_id,
        coalesce(r.paid_by_user_id, r.created_by_user_id), o.date, r.id, o.date
      from unnest(${sql.param(ruleIds)}::uuid[], ${sql.param(dates)}::date[]) as o(rule_id, date)
      join recurring_rules r on r.id = o.rule_id
      on conflict (recurring_rule_id, recurring_date) do nothing
      returning id, family_id, description, amount, date, category_id, paid_by_user_id
    ), history as (
      insert into family_history (family_id, kind, action, subject_id, subject_label, changes)
      select c.family_id, 'expense', 'created', c.id, c.description,
        jsonb_path_query_array(jsonb_build_array(
          jsonb_build_object('field', 'description', 'before', null, 'after', c.description),
          jsonb_build_object('field', 'amount', 'before', null, 'after', c.amount::text),
          jsonb_build_object('field', 'date', 'before', null, 'after', c.date::text),
          jsonb_build_object('field', 'category', 'before', null, 'after', cat.name),
          jsonb_build_object('field', 'paidBy', 'before', null, 'after', ${personNameSql(sql.raw("u"))})
        ), '$[*] ? (@.after != null)')
      from created c
      left join categories cat on cat.id = c.category_id
      left join users u on u.id = c.paid_by_user_id
    )
    select family_id as "familyId", count(*)::int as created from created group by family_id`);
  let created = 0;
  for (const row of (result as unknown as { rows: { familyId: string; created: number }[] }).rows) {
    created += row.created;
    w.changes.expenses({ familyId: row.familyId, kind: "generated", count: row.created });
  }
  return created;
}

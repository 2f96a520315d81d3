import { type SQL, sql } from "drizzle-orm";
import type { RuleAction } from "../../contract/category-rules";
import { expensesSeenBy } from "../db/seen-by";
import type { FamilyScope } from "../http/family-scope";

/**
 * What decides an expense's category before a person does (docs/product.md#category-rules): the
 * family's rules, first by their order, else the category the family used most for the payee.
 * The import's preview, the quick add's suggestion and the rules' own test and application read
 * them here; whether a rule matches is db/functions/category-rules.sql's one function.
 */

/**
 * The rules `scope`'s member sees, as a SELECT: the family's, less another member's private ones,
 * which apply only to what their author adds. Each with its needle (the pattern as its kind
 * compares it), and the members it names only while they are in the family.
 */
const seenRules = (scope: FamilyScope): SQL => sql`
  select x.id, x.position, x.created_at, x.match_kind, x.pattern, x.min_amount, x.max_amount,
    x.payment_method_id, x.category_id, x.private,
    category_rule_needle(x.match_kind, x.pattern) as needle,
    (select m.user_id from family_members m
      where m.family_id = x.family_id and m.user_id = x.for_user_id) as for_user_id,
    (select m.user_id from family_members m
      where m.family_id = x.family_id and m.user_id = x.paid_by_user_id) as paid_by_user_id
  from category_rules x
  where x.family_id = ${scope.familyId}
    and (not x.private or x.created_by_user_id = ${scope.userId})`;

/** A line as a rule reads it: its folded description, payee key, amount and method (SQL each). */
export type RuleLine = { folded: SQL; payee: SQL; amount: SQL; methodId: SQL };

/** Whether rule `r` matches the line. A bound on an unknown amount never does. */
export const ruleMatches = (line: RuleLine): SQL => sql`(
  category_rule_matches(r.match_kind, r.needle, ${line.folded}, ${line.payee})
  and (r.min_amount is null or ${line.amount} >= r.min_amount)
  and (r.max_amount is null or ${line.amount} <= r.max_amount)
  and (r.payment_method_id is null or r.payment_method_id = ${line.methodId}))`;

/** The first of `rules` (a FROM item aliased r) matching the line, by the family's order. */
const firstOf = (rules: SQL, line: RuleLine): SQL => sql`lateral (
  select r.id, r.pattern, r.category_id, r.for_user_id, r.paid_by_user_id, r.private
  from ${rules}
  where ${ruleMatches(line)}
  order by r.position, r.created_at desc, r.id
  limit 1)`;

/** The first rule matching one line: a LATERAL subquery to join `on true`. */
export const firstRuleFor = (scope: FamilyScope, line: RuleLine): SQL =>
  firstOf(sql`(${seenRules(scope)}) r`, line);

/**
 * The first rule matching each of an import's lines (`linesJson`: n, a the amount, k the folded
 * description, y the payee key), all paid with `methodId`: rows (n, RuleRow's columns) for the
 * lines a rule matches. One statement; the rules are read once, not once per line.
 */
export const firstRuleOfEachLine = (
  scope: FamilyScope,
  linesJson: string,
  methodId: string | null,
): SQL => sql`
  with r as materialized (${seenRules(scope)})
  select i.n, ${ruleColumns("f")}
  from jsonb_to_recordset(${linesJson}::jsonb) as i(n int, a numeric, k text, y text)
  cross join ${firstOf(sql`r`, {
    folded: sql`i.k`,
    payee: sql`i.y`,
    amount: sql`i.a`,
    methodId: sql`${methodId}::uuid`,
  })} f`;

/** A row of firstRuleFor's columns, as selected by `ruleColumns`. */
export type RuleRow = {
  ruleId: string | null;
  rulePattern: string | null;
  ruleCategoryId: string | null;
  ruleForUserId: string | null;
  rulePaidByUserId: string | null;
  rulePrivate: boolean | null;
};

/** firstRuleFor's columns under `alias`, named as RuleRow's. */
export const ruleColumns = (alias: string): SQL =>
  sql.raw(`${alias}.id as "ruleId", ${alias}.pattern as "rulePattern",
    ${alias}.category_id as "ruleCategoryId",
    ${alias}.for_user_id as "ruleForUserId", ${alias}.paid_by_user_id as "rulePaidByUserId",
    ${alias}.private as "rulePrivate"`);

export const ruleActionOf = (row: RuleRow): RuleAction | null =>
  row.ruleId && row.ruleCategoryId
    ? {
        ruleId: row.ruleId,
        pattern: row.rulePattern ?? "",
        categoryId: row.ruleCategoryId,
        forUserId: row.ruleForUserId,
        paidByUserId: row.rulePaidByUserId,
        private: row.rulePrivate === true,
      }
    : null;

/** How many of a payee's last used descriptions the quick add's suggestion reads (below). */
const PAYEE_HISTORY_DESCRIPTIONS = 2_000;

/**
 * The category the family used most for each payee key of `keysJson` (a JSON array of
 * strings), the most recently used of those tied: rows (k, categoryId). Another member's private
 * expense comes without its category (docs/product.md#private-expenses), so it never counts; a
 * refund is no purchase from the payee. The key is computed once per description and category,
 * not per expense: a family of ten years has 50,000 expenses and a few thousand descriptions
 * (docs/benchmarks.md). With `word`, a key's first word, only descriptions holding it are read,
 * and of those the PAYEE_HISTORY_DESCRIPTIONS last used: the quick add asks while a person types,
 * and a family whose every line is a description of its own (a bank's codes in each) would
 * otherwise key 50,000 of them per question (~47 µs each, measured).
 */
export const payeeCategoriesSql = (scope: FamilyScope, keysJson: string, word?: string): SQL => sql`
  select distinct on (u.k) u.k, u.category_id as "categoryId"
  from (select payee_key(d.description) as k, d.category_id, sum(d.uses) as uses,
      max(d.last_date) as last_date, max(d.last_created) as last_created
    from (select e.description, e.category_id, count(*) as uses, max(e.date) as last_date,
        max(e.created_at) as last_created
      from ${expensesSeenBy(scope, "e")}
      where e.category_id is not null and e.refund_of_id is null
        ${word ? sql`and strpos(lower(e.search_text), ${word}) > 0` : sql``}
      group by e.description, e.category_id
      ${word ? sql`order by last_date desc, last_created desc limit ${PAYEE_HISTORY_DESCRIPTIONS}` : sql``}) d
    group by 1, 2) u
  where u.k in (select jsonb_array_elements_text(${keysJson}::jsonb))
  order by u.k, u.uses desc, u.last_date desc, u.last_created desc`;

/** The description folded as rules and the duplicate check compare it (search_text, lower, spaces). */
export const foldedDescription = (alias: string): SQL =>
  sql.raw(`lower(regexp_replace(${alias}.search_text, '\\s+', ' ', 'g'))`);

import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import {
  CATEGORY_RULES_MAX,
  type CategoryRule,
  type CategoryRuleInput,
  type CategoryRuleTest,
  type CategorySuggestion,
  type CategorySuggestionQuery,
  RULE_TEST_EXAMPLES,
  type RuleOffer,
} from "../../../contract/category-rules";
import { fromCents, toCents } from "../../../contract/money";
import { payeeKey } from "../../../domain/payee";
import {
  firstRuleFor,
  foldedDescription,
  payeeCategoriesSql,
  type RuleLine,
  type RuleRow,
  ruleActionOf,
  ruleColumns,
} from "../../categorising/rules-sql";
import type { Db } from "../../db/client";
import { isInvalidRegularExpression } from "../../db/errors";
import { categoryRules } from "../../db/schema";
import { expensesSeenBy, maskedRow, methodsSeenBy, methodUsableBy } from "../../db/seen-by";
import { AppError } from "../../errors";
import type { ExpenseWrites } from "../../expense-writes/writes";
import {
  actorOf,
  changesBetween,
  fieldsCreated,
  fieldsDeleted,
  type HistoryFields,
  personNameSql,
  recordHistory,
} from "../../history/record";
import type { FamilyScope } from "../../http/family-scope";
import type { Ledger } from "../../ledger/unit-of-work";

/**
 * The family's category rules (docs/product.md#category-rules): listed, written, ordered,
 * tested against past expenses and applied to them; and what the quick add proposes while a
 * description is typed, and the "Sempre usar…" offer after a correction
 * (docs/product.md#learned-rules). Every rule is matched by db/functions/category-rules.sql,
 * through categorising/rules-sql.ts.
 */

type RuleRecord = typeof categoryRules.$inferSelect;
type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

const toRule = (row: RuleRecord): CategoryRule => ({
  id: row.id,
  matchKind: row.matchKind as CategoryRule["matchKind"],
  pattern: row.pattern,
  minAmount: row.minAmount === null ? null : fromCents(toCents(row.minAmount)),
  maxAmount: row.maxAmount === null ? null : fromCents(toCents(row.maxAmount)),
  paymentMethodId: row.paymentMethodId,
  categoryId: row.categoryId,
  forUserId: row.forUserId,
  paidByUserId: row.paidByUserId,
  private: row.private,
  learned: row.learned,
  createdByUserId: row.createdByUserId,
});

/** The rows the caller sees: the family's, less another member's private ones. */
const seenBy = (scope: FamilyScope) =>
  and(
    eq(categoryRules.familyId, scope.familyId),
    sql`(not ${categoryRules.private} or ${categoryRules.createdByUserId} = ${scope.userId})`,
  );

export async function listRules(db: Db, scope: FamilyScope): Promise<CategoryRule[]> {
  const rows = await db
    .select()
    .from(categoryRules)
    .where(seenBy(scope))
    .orderBy(asc(categoryRules.position), desc(categoryRules.createdAt), asc(categoryRules.id));
  return rows.map(toRule);
}

/** The input as the validated contract gives it: every optional field present or undefined. */
type RuleInput = {
  matchKind: CategoryRule["matchKind"];
  pattern: string;
  minAmount?: string | null | undefined;
  maxAmount?: string | null | undefined;
  paymentMethodId?: string | null | undefined;
  categoryId: string;
  forUserId?: string | null | undefined;
  paidByUserId?: string | null | undefined;
  private?: boolean | undefined;
  learned?: boolean | undefined;
};

const fieldError = (path: string, messageKey: string) =>
  new AppError("validation_error", { fieldErrors: [{ path, messageKey }] });

/**
 * The names a rule's history entry and checks need, in one statement: its category (the
 * family's), its account or card (one the caller may name), its members (current ones), and
 * whether its pattern is a regular expression PostgreSQL reads. Each missing one is refused with
 * the field's translated error.
 */
async function checkedNames(db: Db, scope: FamilyScope, input: RuleInput) {
  let names: {
    category: string | null;
    method: string | null;
    forWhom: string | null;
    paidBy: string | null;
    patternOk: boolean;
  };
  try {
    const [row] = rowsOf<typeof names>(
      await db.execute(sql`
        select
          (select c.name from categories c
            where c.id = ${input.categoryId} and c.family_id = ${scope.familyId}) as category,
          (select pm.name from ${methodsSeenBy(scope, "pm")}
            where pm.id = ${input.paymentMethodId ?? null}::uuid and ${methodUsableBy(scope, "pm")})
            as method,
          (select ${personNameSql(sql.raw("u"))} from family_members m join users u on u.id = m.user_id
            where m.family_id = ${scope.familyId} and m.user_id = ${input.forUserId ?? null}::uuid)
            as "forWhom",
          (select ${personNameSql(sql.raw("u"))} from family_members m join users u on u.id = m.user_id
            where m.family_id = ${scope.familyId}
              and m.user_id = ${input.paidByUserId ?? null}::uuid) as "paidBy",
          category_rule_matches(${input.matchKind},
            category_rule_needle(${input.matchKind}, ${input.pattern}), '', '') is not null
            as "patternOk"`),
    );
    names = row as typeof names;
  } catch (error) {
    if (isInvalidRegularExpression(error)) {
      throw fieldError("pattern", "validation.rulePatternInvalid");
    }
    throw error;
  }
  if (names.category === null) throw fieldError("categoryId", "validation.categoryNotFound");
  if (input.paymentMethodId && names.method === null) {
    throw fieldError("paymentMethodId", "validation.paymentMethodNotFound");
  }
  if (input.forUserId && names.forWhom === null) {
    throw fieldError("forUserId", "validation.shareNotMember");
  }
  if (input.paidByUserId && names.paidBy === null) {
    throw fieldError("paidByUserId", "validation.payerNotMember");
  }
  return names;
}

const historyFieldsOf = (
  input: RuleInput,
  names: Awaited<ReturnType<typeof checkedNames>>,
): HistoryFields => ({
  matchKind: input.matchKind,
  pattern: input.pattern,
  minAmount: input.minAmount ?? null,
  maxAmount: input.maxAmount ?? null,
  paymentMethod: names.method,
  category: names.category,
  forWhom: names.forWhom,
  paidBy: names.paidBy,
  isPrivate: input.private === true,
});

const rowValues = (input: RuleInput) => ({
  matchKind: input.matchKind,
  pattern: input.pattern,
  minAmount: input.minAmount ?? null,
  maxAmount: input.maxAmount ?? null,
  paymentMethodId: input.paymentMethodId ?? null,
  categoryId: input.categoryId,
  forUserId: input.forUserId ?? null,
  paidByUserId: input.paidByUserId ?? null,
  private: input.private === true,
});

const entry = (scope: FamilyScope, row: RuleRecord) =>
  ({
    familyId: scope.familyId,
    actor: actorOf(scope),
    kind: "categoryRule",
    subjectId: row.id,
    subjectLabel: row.pattern,
    // A private rule is its author's alone, its history too.
    privateTo: row.private ? row.createdByUserId : null,
  }) as const;

/**
 * A new rule goes first: the latest thing a person said about a payee wins over what they said
 * before (a learned "Sempre usar…" over an older, broader rule). The family's rules are counted
 * under a lock on its rules, so two adds at once cannot pass CATEGORY_RULES_MAX together.
 */
export async function createRule(
  ledger: Ledger,
  scope: FamilyScope,
  input: CategoryRuleInput,
): Promise<CategoryRule> {
  const rule = input as RuleInput;
  const names = await checkedNames(ledger.db, scope, rule);
  return ledger.transaction(async ({ tx, changed }) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`category-rules:${scope.familyId}`}, 0))`,
    );
    const [counted] = rowsOf<{ count: number; first: number | null }>(
      await tx.execute(sql`select count(*)::int as count, min(position) as first
        from category_rules where family_id = ${scope.familyId}`),
    );
    if ((counted?.count ?? 0) >= CATEGORY_RULES_MAX) {
      throw fieldError("pattern", "validation.rulesTooMany");
    }
    const [row] = await tx
      .insert(categoryRules)
      .values({
        ...rowValues(rule),
        familyId: scope.familyId,
        position: (counted?.first ?? 1) - 1,
        learned: rule.learned === true,
        createdByUserId: scope.userId,
      })
      .returning();
    if (!row) throw new Error("category rule insert returned no row");
    await recordHistory(tx, [
      {
        ...entry(scope, row),
        action: "created",
        changes: fieldsCreated(historyFieldsOf(rule, names)),
      },
    ]);
    changed(scope.familyId, ["categories"]);
    return toRule(row);
  });
}

/** Names of a stored rule, for the "before" of its entry (its members may have left). */
async function namesOf(db: Db, scope: FamilyScope, row: RuleRecord) {
  const [names] = rowsOf<{
    category: string | null;
    method: string | null;
    forWhom: string | null;
    paidBy: string | null;
  }>(
    await db.execute(sql`select
      (select c.name from categories c where c.id = ${row.categoryId}) as category,
      (select pm.name from ${methodsSeenBy(scope, "pm")}
        where pm.id = ${row.paymentMethodId}::uuid) as method,
      (select ${personNameSql(sql.raw("u"))} from users u where u.id = ${row.forUserId}::uuid)
        as "forWhom",
      (select ${personNameSql(sql.raw("u"))} from users u where u.id = ${row.paidByUserId}::uuid)
        as "paidBy"`),
  );
  return { ...(names as NonNullable<typeof names>), patternOk: true };
}

/** The row the caller may change, locked; another family's, or another's private one, is 404. */
async function lockedRule(tx: Db, scope: FamilyScope, id: string): Promise<RuleRecord> {
  const [row] = await tx
    .select()
    .from(categoryRules)
    .where(and(eq(categoryRules.id, id), seenBy(scope)))
    .for("update");
  if (!row) throw new AppError("category_rule_not_found");
  return row;
}

/**
 * A rule replaced by what the person wrote. Only its author makes a rule private or shared again,
 * as with an expense (docs/product.md#private-expenses).
 */
export async function updateRule(
  ledger: Ledger,
  scope: FamilyScope,
  id: string,
  input: CategoryRuleInput,
  now: Date,
): Promise<CategoryRule> {
  const rule = input as RuleInput;
  return ledger.transaction(async ({ tx, changed }) => {
    // Another family's rule is not there, whatever the input names (404 before its checks).
    const before = await lockedRule(tx, scope, id);
    const names = await checkedNames(tx, scope, rule);
    if ((rule.private === true) !== before.private && before.createdByUserId !== scope.userId) {
      throw fieldError("private", "validation.privateOnlyYours");
    }
    const [row] = await tx
      .update(categoryRules)
      .set({ ...rowValues(rule), updatedAt: now })
      .where(eq(categoryRules.id, id))
      .returning();
    if (!row) throw new AppError("category_rule_not_found");
    const beforeNames = await namesOf(tx, scope, before);
    const changes = changesBetween(
      historyFieldsOf(before as unknown as RuleInput, beforeNames),
      historyFieldsOf(rule, names),
    );
    if (changes.length > 0) {
      await recordHistory(tx, [{ ...entry(scope, row), action: "changed", changes }]);
    }
    changed(scope.familyId, ["categories"]);
    return toRule(row);
  });
}

export async function deleteRule(ledger: Ledger, scope: FamilyScope, id: string): Promise<void> {
  await ledger.transaction(async ({ tx, changed }) => {
    const before = await lockedRule(tx, scope, id);
    const names = await namesOf(tx, scope, before);
    await tx.delete(categoryRules).where(eq(categoryRules.id, id));
    await recordHistory(tx, [
      {
        ...entry(scope, before),
        action: "deleted",
        changes: fieldsDeleted(historyFieldsOf(before as unknown as RuleInput, names)),
      },
    ]);
    changed(scope.familyId, ["categories"]);
  });
}

/**
 * The family's order, as the caller sees it: `ids` must be exactly the rules they see (a list
 * that changed meanwhile is refused, never half applied). Another member's private rules keep
 * their places relative to the others' new positions, after them.
 */
export async function orderRules(
  ledger: Ledger,
  scope: FamilyScope,
  ids: string[],
): Promise<CategoryRule[]> {
  await ledger.transaction(async ({ tx, changed }) => {
    const seen = await tx
      .select({ id: categoryRules.id })
      .from(categoryRules)
      .where(seenBy(scope))
      .for("update");
    const known = new Set(seen.map((row) => row.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length) {
      throw fieldError("ids", "validation.ruleOrderIncomplete");
    }
    if (ids.some((ruleId) => !known.has(ruleId))) {
      throw fieldError("ids", "validation.ruleOrderIncomplete");
    }
    await tx.execute(sql`
      update category_rules r set position = o.position
      from (select id, (ordinality * 2)::int as position
        from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) with ordinality as x(id)) o
      where r.id = o.id::uuid and r.family_id = ${scope.familyId}`);
    changed(scope.familyId, ["categories"]);
  });
  return listRules(ledger.db, scope);
}

/**
 * The family's purchases the caller sees in full that `rule` matches and that have another
 * category, as `e` rows: what its test counts and its application changes. Refunds keep the
 * category they took from their purchase, as a person's edit of the purchase leaves them
 * (docs/product.md#refunds).
 *
 * One pass over the family's expenses, keying a payee (payee_key, a plpgsql call of ~20-50 µs)
 * only when the folded description alone does not match and holds the rule's first word (the
 * key's words are the folded description's, payees.sql, so one without it cannot match); a
 * "contains" of one word never needs the key. Measured on 50,000 expenses of 50,000 descriptions,
 * docs/benchmarks.md.
 */
const matchedExpenses = (scope: FamilyScope, rule: RuleInput, columns: SQL, tail = sql``) => {
  const foldedPattern = rule.pattern
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim();
  const firstWord = foldedPattern.split(/[^a-z0-9]+/).find(Boolean) ?? "";
  const singleWord = rule.matchKind === "contains" && /^[a-z0-9]+$/.test(foldedPattern);
  const folded = foldedDescription("e");
  const r = sql`(select ${rule.matchKind}::text as match_kind,
      category_rule_needle(${rule.matchKind}, ${rule.pattern}) as needle,
      ${rule.minAmount ?? null}::numeric as min_amount, ${rule.maxAmount ?? null}::numeric as max_amount,
      ${rule.paymentMethodId ?? null}::uuid as payment_method_id) r`;
  return sql`select ${columns} from ${expensesSeenBy(scope, "e")} cross join ${r}
    where not ${maskedRow("e")} and e.refund_of_id is null
      and e.category_id is distinct from ${rule.categoryId}::uuid
      and (r.min_amount is null or e.amount >= r.min_amount)
      and (r.max_amount is null or e.amount <= r.max_amount)
      and (r.payment_method_id is null or r.payment_method_id = e.payment_method_id)
      and case
        when category_rule_matches(r.match_kind, r.needle, ${folded}, '') then true
        when r.match_kind = 'matches' or ${singleWord} or strpos(${folded}, ${firstWord}) = 0
          then false
        else category_rule_matches(r.match_kind, r.needle, ${folded}, payee_key(e.description))
      end
    ${tail}`;
};

export async function testRule(
  db: Db,
  scope: FamilyScope,
  input: CategoryRuleInput,
): Promise<CategoryRuleTest> {
  const rule = input as RuleInput;
  await checkedNames(db, scope, rule);
  const rows = rowsOf<{
    total: number;
    id: string;
    date: string;
    description: string;
    amount: string;
    categoryId: string | null;
  }>(
    await db.execute(
      matchedExpenses(
        scope,
        rule,
        sql`count(*) over ()::int as total, e.id, e.date::text as date, e.description,
          e.amount::text as amount, e.category_id as "categoryId"`,
        sql`order by e.date desc, e.created_at desc limit ${RULE_TEST_EXAMPLES}`,
      ),
    ),
  );
  return {
    count: rows[0]?.total ?? 0,
    examples: rows.map(({ total: _, ...example }) => ({
      ...example,
      amount: fromCents(toCents(example.amount)),
    })),
  };
}

/** The rule's category on the past expenses its test counts (its other actions left as they were). */
export async function applyRule(
  writes: ExpenseWrites,
  scope: FamilyScope,
  id: string,
  now: Date,
): Promise<number> {
  return writes.transaction(async (tx, write) => {
    const row = await lockedRule(tx, scope, id);
    const rule: RuleInput = {
      ...(row as unknown as RuleInput),
      minAmount: row.minAmount,
      maxAmount: row.maxAmount,
    };
    const [category] = rowsOf<{ name: string }>(
      await tx.execute(sql`select name from categories where id = ${row.categoryId}`),
    );
    return write.recategorise(
      scope,
      matchedExpenses(scope, rule, sql`e.id`),
      row.categoryId,
      {
        id: row.id,
        pattern: row.pattern,
        category: category?.name ?? "",
        privateTo: row.private ? row.createdByUserId : null,
      },
      now,
    );
  });
}

/**
 * A payee key's first word, which every description of that payee holds (folded): what narrows
 * the family's descriptions before payee_key() reads each, a plpgsql call per description.
 */
const firstWordOf = (payee: string) => payee.split(" ")[0] ?? "";

/**
 * What the quick add proposes for a typed description (docs/product.md#category-rules): the
 * first rule that matches it (with the amount and method when given), else the category the
 * family used most for its payee. One statement.
 */
export async function suggest(
  db: Db,
  scope: FamilyScope,
  query: CategorySuggestionQuery,
): Promise<CategorySuggestion> {
  const payee = payeeKey(query.description);
  const line: RuleLine = {
    folded: sql`category_rule_needle('contains', ${query.description})`,
    payee: sql`${payee}::text`,
    amount: sql`${query.amount ?? null}::numeric`,
    methodId: sql`${query.paymentMethodId ?? null}::uuid`,
  };
  const [row] = rowsOf<RuleRow & { historyCategoryId: string | null }>(
    await db.execute(sql`
      select ${ruleColumns("rule")},
        (select h."categoryId" from (${payeeCategoriesSql(scope, JSON.stringify([payee]), firstWordOf(payee))}) h)
          as "historyCategoryId"
      from (select 1) one
      left join ${firstRuleFor(scope, line)} rule on true`),
  );
  const rule = row ? ruleActionOf(row) : null;
  return { categoryId: rule?.categoryId ?? row?.historyCategoryId ?? null, rule };
}

/**
 * Whether to offer "Sempre usar <categoria> para <PAYEE>" (docs/product.md#learned-rules) after
 * the caller gave `expenseId` its category: its payee is known (the family has another purchase
 * from it), and the rules do not already give its description that category. The offer's
 * pattern is the payee key in capitals, a "contains" rule's text.
 */
export async function offerRule(db: Db, scope: FamilyScope, expenseId: string): Promise<RuleOffer> {
  const [expense] = rowsOf<{
    description: string;
    categoryId: string | null;
    amount: string;
    methodId: string | null;
    refund: boolean;
  }>(
    await db.execute(sql`select e.description, e.category_id as "categoryId",
        e.amount::text as amount, e.payment_method_id as "methodId",
        e.refund_of_id is not null as refund
      from ${expensesSeenBy(scope, "e")}
      where e.id = ${expenseId} and not ${maskedRow("e")}`),
  );
  if (!expense) throw new AppError("expense_not_found");
  const payee = payeeKey(expense.description);
  if (!expense.categoryId || expense.refund || payee === "") return { offer: null };
  const line: RuleLine = {
    folded: sql`category_rule_needle('contains', ${expense.description})`,
    payee: sql`${payee}::text`,
    amount: sql`${expense.amount}::numeric`,
    methodId: sql`${expense.methodId}::uuid`,
  };
  const [row] = rowsOf<RuleRow & { seen: boolean }>(
    await db.execute(sql`
      select ${ruleColumns("rule")},
        exists (select 1 from ${expensesSeenBy(scope, "o")}
          where o.id <> ${expenseId} and not ${maskedRow("o")} and o.refund_of_id is null
            and strpos(lower(o.search_text), ${firstWordOf(payee)}) > 0
            and payee_key(o.description) = ${payee}) as seen
      from (select 1) one
      left join ${firstRuleFor(scope, line)} rule on true`),
  );
  if (!row?.seen || row.ruleCategoryId === expense.categoryId) return { offer: null };
  return { offer: { pattern: payee.toUpperCase(), categoryId: expense.categoryId } };
}

import { z } from "zod";
import { descriptionSchema } from "./expenses";
import { amountSchema, toCents } from "./money";
import { text } from "./text";

/**
 * The family's category rules (docs/product.md#category-rules): "when the description contains,
 * starts with or matches X (and, if said, the amount is in a range, the account is this one),
 * then this category (and, if said, for whom, who paid, private)". The first rule in the family's
 * order that matches an expense's description decides; an import's lines and the quick add's
 * suggestion follow it. Matching is db/functions/category-rules.sql's `category_rule_matches`.
 */
export const ruleMatchKinds = ["contains", "startsWith", "matches"] as const;
export type RuleMatchKind = (typeof ruleMatchKinds)[number];
export const RULE_PATTERN_MAX = 100;
/** How many rules a family may keep: a list a person can still read and order. */
export const CATEGORY_RULES_MAX = 200;
/** How many of the past expenses a rule would change the test shows. */
export const RULE_TEST_EXAMPLES = 5;

export const categoryRuleSchema = z.object({
  id: z.uuid(),
  matchKind: z.enum(ruleMatchKinds),
  pattern: z.string(),
  /** Decimal strings; null: no bound. */
  minAmount: z.string().nullable(),
  maxAmount: z.string().nullable(),
  /** Only lines paid with this account or card; null: any. */
  paymentMethodId: z.uuid().nullable(),
  categoryId: z.uuid(),
  /** For this member alone; null: the family's split. */
  forUserId: z.uuid().nullable(),
  /** Paid by this member; null: whoever adds it. */
  paidByUserId: z.uuid().nullable(),
  /** Private to whoever adds it; a private rule is its author's alone, applied to theirs. */
  private: z.boolean(),
  /** Made by one tap on "Sempre usar…" after a category was corrected. */
  learned: z.boolean(),
  createdByUserId: z.uuid().nullable(),
});
export type CategoryRule = z.infer<typeof categoryRuleSchema>;

/** GET /api/category-rules: the rules the caller sees, in the family's order (first decides). */
export const categoryRuleListSchema = z.object({ items: z.array(categoryRuleSchema) });
export type CategoryRuleList = z.infer<typeof categoryRuleListSchema>;

const optionalId = (error: string) => z.uuid({ error }).nullable().optional();
const optionalAmount = amountSchema.nullable().optional();

/** POST /api/category-rules, PUT /api/category-rules/:id and the draft a test reads. */
export const categoryRuleInputSchema = z
  .strictObject({
    matchKind: z.enum(ruleMatchKinds, { error: "validation.invalidOption" }),
    pattern: text("validation.rulePatternRequired")
      .trim()
      .min(1, "validation.rulePatternRequired")
      .max(RULE_PATTERN_MAX, "validation.rulePatternMax"),
    minAmount: optionalAmount,
    maxAmount: optionalAmount,
    paymentMethodId: optionalId("validation.paymentMethodNotFound"),
    categoryId: z.uuid({ error: "validation.categoryRequired" }),
    forUserId: optionalId("validation.shareNotMember"),
    paidByUserId: optionalId("validation.payerNotMember"),
    private: z.boolean({ error: "validation.invalid" }).optional(),
    /** Made from "Sempre usar…" (a correction), rather than on the rules' screen. */
    learned: z.boolean({ error: "validation.invalid" }).optional(),
  })
  .superRefine((rule, context) => {
    if (rule.minAmount && rule.maxAmount && toCents(rule.minAmount) > toCents(rule.maxAmount)) {
      context.addIssue({
        code: "custom",
        path: ["maxAmount"],
        message: "validation.ruleAmountRange",
      });
    }
    // A private expense is paid by and for its author alone (docs/product.md#private-expenses).
    if (rule.private && (rule.forUserId || rule.paidByUserId)) {
      context.addIssue({
        code: "custom",
        path: ["private"],
        message: "validation.rulePrivateAlone",
      });
    }
  });
export type CategoryRuleInput = z.input<typeof categoryRuleInputSchema>;

export const categoryRuleParamsSchema = z.object({ id: z.uuid({ error: "validation.invalid" }) });

/** PUT /api/category-rules/order: every rule the caller sees, in the order they should apply. */
export const categoryRuleOrderSchema = z.strictObject({
  ids: z
    .array(z.uuid({ error: "validation.invalid" }), { error: "validation.invalidType" })
    .max(CATEGORY_RULES_MAX, "validation.ruleOrderIncomplete"),
});

/**
 * POST /api/category-rules/test: of the family's expenses the caller sees in full, how many the
 * rule would give another category ("mudaria 37 gastos"), and a few of them, newest first.
 */
export const categoryRuleTestSchema = z.object({
  count: z.number().int(),
  examples: z.array(
    z.object({
      id: z.uuid(),
      date: z.string(),
      description: z.string(),
      amount: z.string(),
      categoryId: z.uuid().nullable(),
    }),
  ),
});
export type CategoryRuleTest = z.infer<typeof categoryRuleTestSchema>;

/** POST /api/category-rules/:id/apply: how many past expenses took the rule's category. */
export const categoryRuleApplySchema = z.object({ changed: z.number().int() });
export type CategoryRuleApply = z.infer<typeof categoryRuleApplySchema>;

/** GET /api/category-rules/suggestion: what the quick add proposes while a description is typed. */
export const categorySuggestionQuerySchema = z.strictObject({
  description: descriptionSchema,
  amount: amountSchema.optional(),
  paymentMethodId: z.uuid({ error: "validation.paymentMethodNotFound" }).optional(),
});
export type CategorySuggestionQuery = z.input<typeof categorySuggestionQuerySchema>;

/** What a rule sets besides the category; all null when the suggestion is the history's. */
export const ruleActionSchema = z.object({
  ruleId: z.uuid(),
  /** The rule's text, so a screen can say which rule decided ('Pela regra CARREFOUR'). */
  pattern: z.string(),
  categoryId: z.uuid(),
  forUserId: z.uuid().nullable(),
  paidByUserId: z.uuid().nullable(),
  private: z.boolean(),
});
export type RuleAction = z.infer<typeof ruleActionSchema>;

/**
 * The first rule that matches, else the category the family used most for the same payee
 * (docs/product.md#category-rules); both null when neither says anything.
 */
export const categorySuggestionSchema = z.object({
  categoryId: z.uuid().nullable(),
  rule: ruleActionSchema.nullable(),
});
export type CategorySuggestion = z.infer<typeof categorySuggestionSchema>;

/**
 * GET /api/category-rules/offer?expenseId=: after a person gave an expense another category,
 * whether to offer "Sempre usar Mercado para CARREFOUR" (docs/product.md#learned-rules): the
 * payee (as the rule's pattern) when the family has seen it on another expense and no rule
 * already gives it this category; null otherwise.
 */
export const ruleOfferQuerySchema = z.strictObject({
  expenseId: z.uuid({ error: "validation.invalid" }),
});
export const ruleOfferSchema = z.object({
  offer: z.object({ pattern: z.string(), categoryId: z.uuid() }).nullable(),
});
export type RuleOffer = z.infer<typeof ruleOfferSchema>;

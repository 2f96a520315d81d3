import { z } from "zod";
import { calendarDateSchema } from "./calendar-date";
import { fromCents, toCents } from "./cents";
import { text } from "./text";

/**
 * For whom an expense is (docs/product.md#for-whom, decision 012): the family (its default split
 * of the expense's date), one member, or shares the person typed as percentages or amounts. The
 * database stores each member's share in cents from this choice
 * (src/server/db/functions/expense-shares.sql); src/domain/shares.ts is the same rule for the web.
 */

/** At most this many shares on one expense: every member of the largest family. */
export const SHARES_MAX = 20;
/** A member's weight in the family's default split ("in proportion to income": 5000 and 3000). */
export const SPLIT_WEIGHT_MAX = 1_000_000;

const memberId = z.uuid({ error: "validation.shareNotMember" });
const percentPattern = /^\d{1,3}(\.\d{1,2})?$/;
const amountPattern = /^\d{1,8}(\.\d{1,2})?$/;

const percentSchema = text("validation.percentInvalid")
  .trim()
  .regex(percentPattern, "validation.percentInvalid")
  .refine((value) => toCents(value) <= 10_000, "validation.percentInvalid")
  .transform((value) => {
    const hundredths = toCents(value);
    return hundredths % 100 === 0
      ? String(hundredths / 100)
      : `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, "0")}`;
  });

const shareAmountSchema = text("validation.amountInvalid")
  .trim()
  .regex(amountPattern, "validation.amountInvalid")
  .transform((value) => fromCents(toCents(value)));

const distinctMembers = (shares: { userId: string }[]) =>
  new Set(shares.map((s) => s.userId)).size === shares.length;

export const splitSchema = z.discriminatedUnion(
  "mode",
  [
    z.strictObject({ mode: z.literal("family") }),
    z.strictObject({ mode: z.literal("one"), userId: memberId }),
    z.strictObject({
      mode: z.literal("percent"),
      shares: z
        .array(z.strictObject({ userId: memberId, percent: percentSchema }))
        .min(1, "validation.sharesRequired")
        .max(SHARES_MAX, "validation.sharesRequired")
        .refine(distinctMembers, "validation.shareDuplicate")
        .refine(
          (shares) => shares.reduce((sum, s) => sum + toCents(s.percent), 0) === 10_000,
          "validation.percentsMustAddUp",
        ),
    }),
    z.strictObject({
      mode: z.literal("amounts"),
      shares: z
        .array(z.strictObject({ userId: memberId, amount: shareAmountSchema }))
        .min(1, "validation.sharesRequired")
        .max(SHARES_MAX, "validation.sharesRequired")
        .refine(distinctMembers, "validation.shareDuplicate"),
    }),
  ],
  { error: "validation.invalidOption" },
);
export type Split = z.output<typeof splitSchema>;
export type SplitInput = z.input<typeof splitSchema>;

/** An expense's split as the API answers it: the choice as it was made, in canonical strings. */
export const splitViewSchema = z.union([
  z.object({ mode: z.literal("family") }),
  z.object({ mode: z.literal("one"), userId: z.uuid() }),
  z.object({
    mode: z.literal("percent"),
    shares: z.array(z.object({ userId: z.uuid(), percent: z.string() })),
  }),
  z.object({
    mode: z.literal("amounts"),
    shares: z.array(z.object({ userId: z.uuid(), amount: z.string() })),
  }),
  /** Another member's private expense: for whom it is is theirs to know. */
  z.object({ mode: z.literal("private") }),
]);

/** The split an expense has when none was said: the family's. */
export const FAMILY_SPLIT: Split = { mode: "family" };

/** Whether an "amounts" split adds up to the expense's amount (the others always do). */
export const splitAddsUp = (split: Split | undefined, amount: string | undefined): boolean =>
  split?.mode !== "amounts" ||
  amount === undefined ||
  split.shares.reduce((sum, s) => sum + toCents(s.amount), 0) === toCents(amount);

/** The family's default split from a date on (docs/product.md#the-familys-default-split). */
export const splitRuleSchema = z.object({
  validFrom: z.string(),
  /** null: equal between the members of the day; otherwise a weight per member. */
  weights: z.array(z.object({ userId: z.uuid(), weight: z.number().int() })).nullable(),
});

export const splitRulesSchema = z.object({
  /** Newest first. Before the first, and with none, the family splits equally. */
  rules: z.array(splitRuleSchema),
});
export type SplitRules = z.infer<typeof splitRulesSchema>;
export type SplitRuleDto = z.infer<typeof splitRuleSchema>;

/** PUT /api/family/split-rules: the rule from `validFrom` on, replacing one that starts then. */
export const splitRuleInputSchema = z.strictObject({
  validFrom: calendarDateSchema,
  weights: z
    .array(
      z.strictObject({
        userId: memberId,
        weight: z
          .number({ error: "validation.splitWeightInvalid" })
          .int("validation.splitWeightInvalid")
          .min(0, "validation.splitWeightInvalid")
          .max(SPLIT_WEIGHT_MAX, "validation.splitWeightInvalid"),
      }),
    )
    .min(1, "validation.sharesRequired")
    .max(SHARES_MAX, "validation.sharesRequired")
    .refine(distinctMembers, "validation.shareDuplicate")
    .refine((weights) => weights.some((w) => w.weight > 0), "validation.splitWeightsZero")
    .nullable(),
});
export type SplitRuleInput = z.input<typeof splitRuleInputSchema>;

export const splitRuleParamsSchema = z.object({ validFrom: calendarDateSchema });

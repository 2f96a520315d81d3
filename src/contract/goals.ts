import { z } from "zod";
import { MAX_YEAR, MIN_YEAR } from "./calendar";
import { calendarDateSchema } from "./calendar-date";
import { amountSchema, signedAmountSchema } from "./money";
import { text } from "./text";

/**
 * Caixinhas, the family's savings goals (docs/product.md#caixinhas-savings-goals): a target, an
 * optional month to reach it by and an optional account that holds the money, shared by the
 * family or a member's own. Saving is never spending: no budget, category or month's net reads it.
 */
export const GOAL_NAME_MAX = 60;
export const GOAL_NOTE_MAX = 200;
/** A family keeps at most this many goals, its members' private ones included. */
export const GOALS_MAX = 100;

export const goalSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  targetAmount: z.string(),
  /** The last day of the month it is meant for; null: no date. */
  targetDate: z.string().nullable(),
  /** The account that holds it; null: none named. */
  methodId: z.uuid().nullable(),
  /** Its maker's own: only they see it. */
  isPrivate: z.boolean(),
  createdByUserId: z.uuid().nullable(),
  createdAt: z.string(),
  /** Its contributions less its withdrawals. */
  saved: z.string(),
  /** target − saved, never below zero. */
  left: z.string(),
  /** Dated goals only: the months from this one through the target month, at least 1. */
  monthsLeft: z.number().int().nullable(),
  /** Dated goals only: what to put away each month to get there, to the cent above. */
  perMonth: z.string().nullable(),
  /** Dated goals only: whether it has what the months gone by asked (domain/goals.ts). */
  onTrack: z.boolean().nullable(),
});
export type Goal = z.infer<typeof goalSchema>;

/** GET /api/goals: the goals the caller sees, and other members' private ones as sums. */
export const goalListSchema = z.object({
  items: z.array(goalSchema),
  othersPrivate: z.object({ count: z.number().int(), saved: z.string(), target: z.string() }),
});
export type GoalList = z.infer<typeof goalListSchema>;

/** "2027-03": the month a goal is meant for (it is stored as that month's last day). */
const targetMonthSchema = text("validation.goalTargetMonth").refine((value) => {
  const match = /^(\d{4})-(\d{2})$/.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  return year >= MIN_YEAR && year <= MAX_YEAR && month >= 1 && month <= 12;
}, "validation.goalTargetMonth");

const goalFields = {
  name: text("validation.goalNameRequired")
    .trim()
    .min(1, "validation.goalNameRequired")
    .max(GOAL_NAME_MAX, "validation.nameMax"),
  targetAmount: amountSchema,
  /** null clears it. */
  targetMonth: targetMonthSchema.nullable(),
  /** One of the family's accounts the caller may use, never a card; null: none. */
  methodId: z.uuid({ error: "validation.goalAccount" }).nullable(),
  /** Only its maker may make it their own. */
  isPrivate: z.boolean({ error: "validation.invalidType" }),
};

export const createGoalInputSchema = z.strictObject({
  name: goalFields.name,
  targetAmount: goalFields.targetAmount,
  targetMonth: goalFields.targetMonth.optional(),
  methodId: goalFields.methodId.optional(),
  isPrivate: goalFields.isPrivate.optional(),
});
export type CreateGoalInput = z.input<typeof createGoalInputSchema>;

/** The fields sent change; the others stay. */
export const updateGoalInputSchema = z.strictObject({
  name: goalFields.name.optional(),
  targetAmount: goalFields.targetAmount.optional(),
  targetMonth: goalFields.targetMonth.optional(),
  methodId: goalFields.methodId.optional(),
  isPrivate: goalFields.isPrivate.optional(),
});
export type UpdateGoalInput = z.input<typeof updateGoalInputSchema>;

export const goalParamsSchema = z.object({ id: z.uuid({ error: "validation.invalid" }) });
export const contributionParamsSchema = z.object({
  id: z.uuid({ error: "validation.invalid" }),
  cid: z.uuid({ error: "validation.invalid" }),
});

export const contributionSchema = z.object({
  id: z.uuid(),
  goalId: z.uuid(),
  /** More than zero put in; less than zero taken out. */
  amount: z.string(),
  date: z.string(),
  note: z.string().nullable(),
  /** The transfer into the goal's account it made, when it came from another account. */
  transferId: z.uuid().nullable(),
  /** That transfer's source account. */
  fromMethodId: z.uuid().nullable(),
  addedByUserId: z.uuid().nullable(),
  createdAt: z.string(),
});
export type Contribution = z.infer<typeof contributionSchema>;

export const contributionListSchema = z.object({ items: z.array(contributionSchema) });
export type ContributionList = z.infer<typeof contributionListSchema>;

/**
 * A contribution (amount > 0) or a withdrawal (amount < 0). `fromMethodId`: the account the money
 * comes from, into the goal's account by a transfer; left out, the money is already there.
 */
export const createContributionInputSchema = z
  .strictObject({
    amount: signedAmountSchema,
    date: calendarDateSchema,
    fromMethodId: z.uuid({ error: "validation.transferFromAccount" }).optional(),
    /** Left out or empty: none. */
    note: text()
      .trim()
      .max(GOAL_NOTE_MAX, "validation.noteMax")
      .optional()
      .transform((note) => (note ? note : undefined)),
  })
  .superRefine((input, ctx) => {
    if (input.fromMethodId && input.amount.startsWith("-")) {
      ctx.addIssue({
        code: "custom",
        path: ["fromMethodId"],
        message: "validation.goalWithdrawalAccount",
      });
    }
  });
export type CreateContributionInput = z.input<typeof createContributionInputSchema>;

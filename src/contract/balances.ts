import { z } from "zod";
import { calendarDateSchema, monthSchema, yearSchema } from "./calendar-date";
import { amountSchema } from "./money";
import { text } from "./text";

/**
 * Who owes whom (docs/product.md#who-owes-whom, decision 012): from who paid each expense and
 * each member's share of it, and the settlements between members, which are transfers: never
 * spending, never in a budget.
 */

export const settlementMethods = ["pix", "cash", "transfer", "other"] as const;
export type SettlementMethod = (typeof settlementMethods)[number];
export const SETTLEMENT_NOTE_MAX = 200;

export const settlementSchema = z.object({
  id: z.uuid(),
  /** Who paid the other back; null only when their account was deleted. */
  fromUserId: z.uuid().nullable(),
  toUserId: z.uuid().nullable(),
  amount: z.string(),
  paidOn: z.string(),
  method: z.enum(settlementMethods),
  note: z.string().nullable(),
  /** The accounts the money left and came into, when named (docs/product.md#who-owes-whom). */
  fromMethodId: z.uuid().nullable(),
  toMethodId: z.uuid().nullable(),
  addedByUserId: z.uuid().nullable(),
  createdAt: z.string(),
});
export type Settlement = z.infer<typeof settlementSchema>;

/** POST /api/settlements: "Acertar contas". Both people are members of the family. */
export const createSettlementInputSchema = z
  .strictObject({
    fromUserId: z.uuid({ error: "validation.settlementMember" }),
    toUserId: z.uuid({ error: "validation.settlementMember" }),
    amount: amountSchema,
    paidOn: calendarDateSchema,
    method: z.enum(settlementMethods, { error: "validation.invalidOption" }),
    note: text()
      .trim()
      .max(SETTLEMENT_NOTE_MAX, "validation.noteMax")
      .optional()
      .transform((note) => (note ? note : undefined)),
    /**
     * Optional: the family's active account the money left, and the one it came into; they then
     * move those balances as a transfer does (never a card).
     */
    fromMethodId: z.uuid({ error: "validation.transferFromAccount" }).optional(),
    toMethodId: z.uuid({ error: "validation.transferToAccount" }).optional(),
  })
  .refine((input) => input.fromUserId !== input.toUserId, {
    error: "validation.settlementSamePerson",
    path: ["toUserId"],
  })
  .refine((input) => !input.fromMethodId || input.fromMethodId !== input.toMethodId, {
    error: "validation.transferSameAccount",
    path: ["toMethodId"],
  });
export type CreateSettlementInput = z.input<typeof createSettlementInputSchema>;

export const settlementParamsSchema = z.object({ id: z.uuid({ error: "validation.invalid" }) });

/** Both or neither: one budget month; neither: all time. */
export const balancesQuerySchema = z
  .strictObject({ year: yearSchema.optional(), month: monthSchema.optional() })
  .refine((q) => (q.month === undefined) === (q.year === undefined), {
    error: "validation.monthAndYear",
    path: ["month"],
  });

export const memberBalanceSchema = z.object({
  userId: z.uuid(),
  /** What they paid of the family's expenses. */
  paid: z.string(),
  /** What their shares of the expenses add up to. */
  share: z.string(),
  /** Settlements they paid, and were paid. */
  settledOut: z.string(),
  settledIn: z.string(),
  /** What the others owe them (negative: what they owe); the members' add up to zero. */
  net: z.string(),
  /**
   * Still to come: their shares of expenses dated after today that someone else paid (the future
   * installments of a purchase, a future-dated expense), in none of the figures above until each
   * comes due: "Parcelas futuras: Léo R$ 1.650,00".
   */
  ahead: z.string(),
});
export type MemberBalance = z.infer<typeof memberBalanceSchema>;

/** "Léo deve R$ 80,00 a Ana": one line per pair whose balance is not zero. */
export const debtSchema = z.object({
  debtorUserId: z.uuid(),
  creditorUserId: z.uuid(),
  amount: z.string(),
});
export type Debt = z.infer<typeof debtSchema>;

export const balancesSchema = z.object({
  /** The budget month asked for (its first and last day), or null for all time. */
  period: z
    .object({
      year: z.number().int(),
      month: z.number().int(),
      first: z.string(),
      last: z.string(),
    })
    .nullable(),
  members: z.array(memberBalanceSchema),
  debts: z.array(debtSchema),
});
export type Balances = z.infer<typeof balancesSchema>;

export const BALANCE_LINES_PAGE = 50;

/** GET /api/balances/lines: what is behind the balance of two people, newest first. */
export const balanceLinesQuerySchema = z
  .strictObject({
    userId: z.uuid({ error: "validation.invalid" }),
    otherUserId: z.uuid({ error: "validation.invalid" }),
    year: yearSchema.optional(),
    month: monthSchema.optional(),
    cursor: text().max(300).optional(),
  })
  .refine((q) => (q.month === undefined) === (q.year === undefined), {
    error: "validation.monthAndYear",
    path: ["month"],
  })
  // A balance is between two people: the same person twice has none (docs/product.md#who-owes-whom).
  .refine((q) => q.userId !== q.otherUserId, {
    error: "validation.balanceTwoPeople",
    path: ["otherUserId"],
  });

export const balanceLineSchema = z.union([
  z.object({
    kind: z.literal("expense"),
    id: z.uuid(),
    date: z.string(),
    description: z.string(),
    amount: z.string(),
    paidByUserId: z.uuid(),
    /** Whose share of it the payer is owed. */
    shareOfUserId: z.uuid(),
    share: z.string(),
  }),
  z.object({
    kind: z.literal("settlement"),
    id: z.uuid(),
    date: z.string(),
    amount: z.string(),
    fromUserId: z.uuid(),
    toUserId: z.uuid(),
    method: z.enum(settlementMethods),
    note: z.string().nullable(),
  }),
]);
export type BalanceLine = z.infer<typeof balanceLineSchema>;

export const balanceLinesSchema = z.object({
  lines: z.array(balanceLineSchema),
  /** null on the last page. */
  nextCursor: z.string().nullable(),
});
export type BalanceLines = z.infer<typeof balanceLinesSchema>;

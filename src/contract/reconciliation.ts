import { z } from "zod";
import { calendarDateSchema } from "./calendar-date";
import { balanceSchema } from "./money";
import { text } from "./text";

/**
 * Reconciliation with the bank (docs/product.md#reconciliation): the person types the bank's
 * balance of an account on a date, clears the entries the statement shows, and "Conciliar"
 * records the reconciliation when the cleared balance agrees, or an adjustment with its reason.
 */
export const RECONCILIATION_REASON_MAX = 200;
/** How many entries not yet reconciled the screen lists, newest first. */
export const RECONCILIATION_ENTRIES_LISTED = 300;

/** What moves an account's balance, as a reconciliation names it. */
export const accountEntryKinds = [
  "expense",
  "income",
  "billPayment",
  "transfer",
  "settlement",
] as const;
export type AccountEntryKind = (typeof accountEntryKinds)[number];

export const reconciliationParamsSchema = z.object({ id: z.uuid({ error: "validation.invalid" }) });

/** The day the bank's balance is at; left out: today. */
export const reconciliationQuerySchema = z.object({ date: calendarDateSchema.optional() });

export const accountEntrySchema = z.object({
  kind: z.enum(accountEntryKinds),
  id: z.uuid(),
  date: z.string(),
  /** Signed as it moves the balance: an expense or money out is negative. */
  amount: z.string(),
  /**
   * What the entry is: an expense's or income's description, a bill's card, a transfer's other
   * account. Empty when `hidden`.
   */
  label: z.string(),
  /** Another member's private expense or income: only its amount and date show. */
  hidden: z.boolean(),
  cleared: z.boolean(),
});
export type AccountEntry = z.infer<typeof accountEntrySchema>;

export const reconciliationSchema = z.object({
  id: z.uuid(),
  date: z.string(),
  bankBalance: z.string(),
  /** The bank's balance less the app's cleared balance that day; "0.00" when they agreed. */
  adjustment: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;

/** GET /api/accounts/:id/reconciliation: where the account stands against its bank on a day. */
export const reconciliationStateSchema = z.object({
  accountId: z.uuid(),
  date: z.string(),
  /** The account's balance that day, every entry counted (null before its opening date). */
  balance: z.string().nullable(),
  /** Its opening balance, the entries cleared or reconciled and the adjustments up to that day. */
  clearedBalance: z.string().nullable(),
  /** The latest reconciliation, if any. */
  last: reconciliationSchema.nullable(),
  /** Entries up to that day not yet reconciled, newest first (at most RECONCILIATION_ENTRIES_LISTED). */
  entries: z.array(accountEntrySchema),
  /** How many more not yet reconciled are older than the last listed. */
  more: z.number().int(),
});
export type ReconciliationState = z.infer<typeof reconciliationStateSchema>;

/** PUT /api/accounts/:id/cleared: an entry of the account seen, or not, on the statement. */
export const clearEntryInputSchema = z.strictObject({
  kind: z.enum(accountEntryKinds, { error: "validation.invalid" }),
  entryId: z.uuid({ error: "validation.invalid" }),
  cleared: z.boolean({ error: "validation.invalid" }),
});
export type ClearEntryInput = z.infer<typeof clearEntryInputSchema>;

/** POST /api/accounts/:id/reconciliations. A reason is needed only when the balances differ. */
export const reconcileInputSchema = z.strictObject({
  date: calendarDateSchema,
  bankBalance: balanceSchema,
  /** Left out or empty: none. */
  reason: text()
    .trim()
    .max(RECONCILIATION_REASON_MAX, "validation.noteMax")
    .optional()
    .transform((reason) => (reason ? reason : undefined)),
});
export type ReconcileInput = z.input<typeof reconcileInputSchema>;

/**
 * `?confirm=cleared` on a change of an entry cleared against the bank (its amount, date or
 * account, or its deletion): the person was told it moves the cleared balance, and goes ahead.
 */
export const confirmClearedQuerySchema = z.object({
  confirm: z.literal("cleared", { error: "validation.invalid" }).optional(),
});

import { z } from "zod";
import { calendarDateSchema, monthSchema, yearSchema } from "./calendar-date";
import { amountSchema, balanceSchema } from "./money";
import { text } from "./text";

/**
 * A family's payment methods (docs/product.md#payment-methods): the accounts money leaves from
 * and the credit cards purchases go on. Any member may add, change or archive one; each has an
 * owner among the members. A card also has the day its bill closes and the day it is due, and
 * optionally its limit (docs/decisions/011-cards-bills-installments.md).
 */
export const paymentMethodKinds = [
  "checking",
  "savings",
  "cash",
  "investment",
  "credit_card",
] as const;
export type PaymentMethodKind = (typeof paymentMethodKinds)[number];

export const PAYMENT_METHOD_NAME_MAX = 60;
/** A family keeps at most this many payment methods, archived ones included. */
export const PAYMENT_METHODS_MAX = 50;

export const paymentMethodSchema = z.object({
  id: z.uuid(),
  familyId: z.uuid(),
  kind: z.enum(paymentMethodKinds),
  name: z.string(),
  /** A member when it was set; kept after they leave; null only if their account was deleted. */
  ownerUserId: z.uuid().nullable(),
  /** Cards only (null otherwise): the day of the month the bill closes, 1-31 (the month's last day when shorter). */
  closingDay: z.number().int().nullable(),
  /** Cards only (null otherwise): the day of the month the bill is due, 1-31. */
  dueDay: z.number().int().nullable(),
  /** Cards only, optional: the card's limit as a decimal string. */
  creditLimit: z.string().nullable(),
  /**
   * Cards only (null otherwise): what the card still owes, what its limit is used by: every
   * purchase in its bills not yet paid, future installments included (docs/product.md#card-bills).
   */
  limitUsed: z.string().nullable(),
  /**
   * Accounts only (null otherwise, and until it is typed): the balance the bank showed at the
   * start of `openingDate` (docs/product.md#account-balances), negative when overdrawn.
   */
  openingBalance: z.string().nullable(),
  /** Set with openingBalance: the day it was the account's balance. */
  openingDate: z.string().nullable(),
  /**
   * Accounts only (null for a card, and for an account whose opening date is after today): its
   * balance today, the opening balance plus what came in and less what went out since.
   */
  balance: z.string().nullable(),
  /**
   * 'Só meu' (docs/product.md#private-accounts): an account its holder alone reads and moves
   * money on. To the other members it exists and nothing more: its name is empty, its opening
   * balance, date and balance null, and it is offered in none of their forms.
   */
  isPrivate: z.boolean(),
  /** Another member's private account, as the reader reads it: it exists, and nothing more. */
  hidden: z.boolean(),
  /** An archived method stays on its expenses but is no longer offered for new ones. */
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

const dayOfMonth = (messageKey: string) =>
  z.number({ error: messageKey }).int(messageKey).min(1, messageKey).max(31, messageKey);

const methodFields = {
  name: text("validation.paymentMethodNameRequired")
    .trim()
    .min(1, "validation.paymentMethodNameRequired")
    .max(PAYMENT_METHOD_NAME_MAX, "validation.nameMax"),
  /** A current member of the caller's family; the caller when left out on create. */
  ownerUserId: z.uuid({ error: "validation.ownerNotMember" }),
  closingDay: dayOfMonth("validation.closingDayInvalid"),
  dueDay: dayOfMonth("validation.dueDayInvalid"),
  /** null or left out: no limit. */
  creditLimit: amountSchema.nullable(),
  isActive: z.boolean({ error: "validation.invalidType" }),
  /** Accounts only; null clears it with its date. */
  openingBalance: balanceSchema.nullable(),
  openingDate: calendarDateSchema.nullable(),
  /** Accounts only, and only by their holder: the caller, who must be the owner. */
  isPrivate: z.boolean({ error: "validation.invalidType" }),
};

type OpeningFields = { openingBalance?: string | null; openingDate?: string | null };

/**
 * An opening balance goes with its date: both typed, or both cleared (null), or neither sent.
 * The error is on the one missing.
 */
function openingTogether(input: OpeningFields, ctx: z.RefinementCtx<OpeningFields>) {
  const balance = input.openingBalance ?? null;
  const date = input.openingDate ?? null;
  if (balance !== null && date === null) {
    ctx.addIssue({
      code: "custom",
      path: ["openingDate"],
      message: "validation.openingDateRequired",
    });
  }
  if (date !== null && balance === null) {
    ctx.addIssue({
      code: "custom",
      path: ["openingBalance"],
      message: "validation.openingBalanceRequired",
    });
  }
}

/**
 * A card needs both days; an account has none (its days and limit, if sent, are refused, so a
 * form that sends them by mistake hears about it), and only an account has an opening balance.
 */
export const createPaymentMethodInputSchema = z
  .strictObject({
    kind: z.enum(paymentMethodKinds, { error: "validation.paymentMethodKindInvalid" }),
    name: methodFields.name,
    ownerUserId: methodFields.ownerUserId.optional(),
    closingDay: methodFields.closingDay.optional(),
    dueDay: methodFields.dueDay.optional(),
    creditLimit: methodFields.creditLimit.optional(),
    openingBalance: methodFields.openingBalance.optional(),
    openingDate: methodFields.openingDate.optional(),
    isPrivate: methodFields.isPrivate.optional(),
  })
  .superRefine((input, ctx) => {
    openingTogether(input, ctx);
    const card = input.kind === "credit_card";
    for (const field of ["closingDay", "dueDay"] as const) {
      if (card && input[field] === undefined) {
        ctx.addIssue({
          code: "custom",
          path: [field],
          message:
            field === "closingDay" ? "validation.closingDayInvalid" : "validation.dueDayInvalid",
        });
      }
    }
    if (!card) {
      for (const field of ["closingDay", "dueDay", "creditLimit"] as const) {
        if (input[field] !== undefined && input[field] !== null) {
          ctx.addIssue({ code: "custom", path: [field], message: "validation.cardFieldsOnly" });
        }
      }
    } else {
      for (const field of ["openingBalance", "openingDate"] as const) {
        if (input[field] !== undefined && input[field] !== null) {
          ctx.addIssue({ code: "custom", path: [field], message: "validation.accountFieldsOnly" });
        }
      }
    }
  });
export type CreatePaymentMethodInput = z.input<typeof createPaymentMethodInputSchema>;

/** Partial. The kind never changes (a card's bills would lose their card); the server refuses a card's fields on an account. */
export const updatePaymentMethodInputSchema = z
  .strictObject(methodFields)
  .partial()
  .superRefine(openingTogether);
export type UpdatePaymentMethodInput = z.input<typeof updatePaymentMethodInputSchema>;

export const paymentMethodParamsSchema = z.object({ id: z.uuid({ error: "validation.invalid" }) });

/**
 * The balance of each of the family's accounts at the end of a month (today when the month is
 * the current one or later): the dashboard's 'Saldo em contas' (docs/product.md#account-balances).
 */
export const accountBalancesQuerySchema = z.object({
  month: monthSchema,
  year: yearSchema,
});

export const accountBalancesSchema = z.object({
  /** The day the balances are at. */
  date: z.string(),
  /** Their sum; "0.00" when no account has a balance that day. */
  total: z.string(),
  /**
   * Accounts whose opening date is on or before `date` (or that have none), active first; another
   * member's private account is not among them (docs/product.md#private-accounts).
   */
  accounts: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      kind: z.enum(paymentMethodKinds),
      isActive: z.boolean(),
      balance: z.string(),
    }),
  ),
});
export type AccountBalances = z.infer<typeof accountBalancesSchema>;

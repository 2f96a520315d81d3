import { z } from "zod";
import { calendarDateSchema } from "./calendar-date";
import { amountSchema } from "./money";
import { text } from "./text";

/**
 * Money moved between two of the family's accounts (docs/product.md#transfers): a checking
 * account to the savings, an account to a member's. Neither spending nor income: in no budget,
 * category, month's net or who-owes-whom; it moves the two accounts' balances only.
 */
export const TRANSFER_NOTE_MAX = 200;
/** How many of the latest transfers GET /api/transfers answers. */
export const TRANSFERS_LISTED = 30;

export const transferSchema = z.object({
  id: z.uuid(),
  fromMethodId: z.uuid(),
  toMethodId: z.uuid(),
  amount: z.string(),
  /** A calendar date: the day it left one account and came into the other. */
  date: z.string(),
  note: z.string().nullable(),
  /** Who recorded it; null when their account was deleted. */
  addedByUserId: z.uuid().nullable(),
  createdAt: z.string(),
});
export type Transfer = z.infer<typeof transferSchema>;

/** Two different active accounts of the family (never a card: a card's bill is paid instead). */
export const createTransferInputSchema = z
  .strictObject({
    fromMethodId: z.uuid({ error: "validation.transferFromAccount" }),
    toMethodId: z.uuid({ error: "validation.transferToAccount" }),
    amount: amountSchema,
    date: calendarDateSchema,
    /** Left out or empty: none. */
    note: text()
      .trim()
      .max(TRANSFER_NOTE_MAX, "validation.noteMax")
      .optional()
      .transform((note) => (note ? note : undefined)),
  })
  .superRefine((input, ctx) => {
    if (input.fromMethodId === input.toMethodId) {
      ctx.addIssue({
        code: "custom",
        path: ["toMethodId"],
        message: "validation.transferSameAccount",
      });
    }
  });
export type CreateTransferInput = z.input<typeof createTransferInputSchema>;

export const transferParamsSchema = z.object({ id: z.uuid({ error: "validation.invalid" }) });

/** GET /api/transfers: the family's latest transfers, newest first. */
export const transferListSchema = z.object({ items: z.array(transferSchema) });
export type TransferList = z.infer<typeof transferListSchema>;

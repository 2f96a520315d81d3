import { z } from "zod";
import { text } from "./text";

/**
 * The family's history (docs/product.md#family-history): who changed what, when. The
 * server records it; members only read it (and restore a deleted expense from it).
 */

export const historyKinds = [
  "expense",
  "category",
  "recurring",
  "import",
  "member",
  "invite",
  "family",
  "paymentMethod",
  "cardBill",
  "installments",
  /** A settlement between two members (docs/product.md#who-owes-whom). */
  "settlement",
  /** An income (docs/decisions/013-income-refunds-net.md). */
  "income",
  /** Money moved between two of the family's accounts (docs/product.md#transfers). */
  "transfer",
  /** An account checked against its bank (docs/product.md#reconciliation). */
  "reconciliation",
  /** A category rule (docs/product.md#category-rules), and its application to past expenses. */
  "categoryRule",
  /** A savings goal and the money put into it or taken out (docs/product.md#caixinhas-savings-goals). */
  "goal",
] as const;
export const historyKindSchema = z.enum(historyKinds, { error: "validation.invalid" });
export type HistoryKind = z.infer<typeof historyKindSchema>;

/**
 * What happened. `created`, `changed` and `deleted` for expenses, categories and recurring rules;
 * `restored` for an expense brought back from its deletion; `created` for an import and an invite;
 * `joined`, `left`, `removed` and `ownershipTransferred` for members; `changed` for the family's
 * settings (its budget month).
 */
export const historyActions = [
  "created",
  "changed",
  "deleted",
  "restored",
  "joined",
  "left",
  "removed",
  "ownershipTransferred",
] as const;
export type HistoryAction = (typeof historyActions)[number];

/**
 * The fields a change names, each shown with its label and formatted by its type in the reader's
 * language (amounts as money, dates as calendar dates). Values are what a person saw: a
 * category's or a payer's name, never an id.
 */
export const historyFields = [
  "description",
  "amount",
  "date",
  "category",
  "paidBy",
  "name",
  "icon",
  "color",
  "weeklyBudget",
  "monthlyBudget",
  "isActive",
  "isPrivate",
  "frequency",
  "dayOfWeek",
  "dayOfMonth",
  "monthOfYear",
  /** A recurring rule's nth business day of the month. */
  "businessDay",
  "startDate",
  "endDate",
  "paused",
  "fileName",
  "importedCount",
  "totalAmount",
  /** Of an import's lines, the credits recorded as income and as refunds. */
  "incomeCount",
  "refundCount",
  /** Of an import's lines, the card bills' payments and the transfers recorded. */
  "billPaymentCount",
  "transferCount",
  "member",
  "deletedExpenses",
  "expiresAt",
  /** The family's budget month rule, as budgetPeriodRuleCode writes it. */
  "budgetPeriod",
  /** When card purchases count in the budget: "date" or "bill". */
  "cardSpendingBy",
  /** An expense's payment method, by name. */
  "paymentMethod",
  /** A payment method's kind: checking, savings, cash, investment or credit_card. */
  "methodKind",
  /** A payment method's owner, by name. */
  "owner",
  "closingDay",
  "dueDay",
  "creditLimit",
  /** An account's opening balance and the day it was the balance (docs/product.md#account-balances). */
  "openingBalance",
  "openingDate",
  /** A transfer's accounts, by name, and what was written with it. */
  "fromAccount",
  "toAccount",
  "note",
  /** A card purchase's bill, or a payment's, by its closing date. */
  "bill",
  /** A purchase in installments: how many it was made in, and the installment a change starts at. */
  "installmentCount",
  "fromInstallment",
  /** The date a paid-off series' remaining installments were moved to, off a card (on one: `bill`). */
  "paidOffTo",
  /**
   * For whom an expense is: null for the family's split ("Família"), a member's name, or members
   * with their percent or amount ("Ana 60% · Léo 40%").
   */
  "forWhom",
  /** The family's default split from a date on: null is equal, else "Ana 60 · Léo 40". */
  "splitRule",
  /** A settlement's way of paying: pix, cash, transfer or other. */
  "settlementMethod",
  /** An income's kind, as its code: salary, thirteenth, vacation, freelance, investment or other. */
  "incomeKind",
  /** Who received an income, by name. */
  "receivedBy",
  /**
   * A refund's purchase, by its description (docs/product.md#refunds): in each entry about a
   * refund, unchanged in a change, so its sentence says what it returns.
   */
  "refundOf",
  /**
   * A reconciliation (docs/product.md#reconciliation): its account by name, the bank's balance,
   * the adjustment recorded when the app's cleared balance differed, and why.
   */
  "account",
  "bankBalance",
  "adjustment",
  "reason",
  /**
   * A category rule (docs/product.md#category-rules): its kind of match (contains, startsWith,
   * matches), its text and amount bounds; `appliedTo`, how many past expenses took its category.
   */
  "matchKind",
  "pattern",
  "minAmount",
  "maxAmount",
  "appliedTo",
  /** A savings goal's target and the last day of its month (docs/product.md#caixinhas-savings-goals). */
  "targetAmount",
  "targetDate",
] as const;
export type HistoryField = (typeof historyFields)[number];

const historyValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type HistoryValue = z.infer<typeof historyValueSchema>;

export const historyChangeSchema = z.object({
  field: z.enum(historyFields),
  before: historyValueSchema,
  after: historyValueSchema,
});
export type HistoryChange = z.infer<typeof historyChangeSchema>;

export const historyEntrySchema = z.object({
  id: z.uuid(),
  kind: historyKindSchema,
  action: z.enum(historyActions),
  /** null when the change was made by the app itself (a recurring rule's expense). */
  actorUserId: z.uuid().nullable(),
  /** The name the person had when they made the change; kept after they leave. */
  actorName: z.string().nullable(),
  subjectId: z.uuid().nullable(),
  /** What it is about, as it was named then: an expense's description, a category's name... */
  subjectLabel: z.string().nullable(),
  changes: z.array(historyChangeSchema),
  createdAt: z.string(),
  /** A deleted expense that was not restored yet: any member may restore it. */
  restorable: z.boolean(),
  restoredAt: z.string().nullable(),
  /**
   * About another member's private expense (docs/product.md#private-expenses): it says only that
   * a private expense changed; who, what and its fields are not said.
   */
  private: z.boolean(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const HISTORY_PAGE_SIZE = 50;

/** An ISO 8601 instant with its offset ("2026-02-01T00:00:00-03:00"). */
const instantSchema = text("validation.invalid").refine(
  (value) => z.iso.datetime({ offset: true }).safeParse(value).success,
  "validation.invalid",
);

export const historyQuerySchema = z
  .strictObject({
    cursor: text().max(300).optional(),
    actorUserId: z.uuid({ error: "validation.invalid" }).optional(),
    kind: historyKindSchema.optional(),
    /**
     * The period as instants: the client turns the person's calendar dates into their own
     * midnights, so a change made at 23:30 on the 31st is in the month they saw it in.
     */
    from: instantSchema.optional(),
    to: instantSchema.optional(),
  })
  .refine(
    (q) => q.from === undefined || q.to === undefined || !(Date.parse(q.from) > Date.parse(q.to)),
    {
      error: "validation.dateRangeOrder",
      path: ["to"],
    },
  );
export type HistoryQuery = z.input<typeof historyQuerySchema>;

export const historyPageSchema = z.object({
  items: z.array(historyEntrySchema),
  nextCursor: z.string().nullable(),
});
export type HistoryPage = z.infer<typeof historyPageSchema>;

export const historyParamsSchema = z.object({ id: z.uuid({ error: "validation.invalid" }) });

import { z } from "zod";
import { calendarDateSchema } from "./calendar-date";
import { ruleActionSchema } from "./category-rules";
import { descriptionSchema } from "./expenses";
import { incomeKindSchema } from "./incomes";
import { MAX_AMOUNT_CENTS } from "./installments";
import { amountSchema, toCents } from "./money";
import { text } from "./text";

/**
 * CSV import (docs/product.md#csv-import): POST /api/imports/preview reads a file and
 * answers every line parsed, POST /api/imports records the lines the person ticked, all or none.
 */

/** A file larger than this is refused (a bank's year of statements is far smaller). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Non-empty lines (header included) a file may have, and lines one commit may carry. */
export const IMPORT_MAX_LINES = 20_000;
/**
 * Cells a line may have. Bank and card statements have 3 to 15 columns (date, description,
 * document, amount, balance, category...); 50 leaves room for the widest spreadsheet export, and
 * refuses a file of thousands of tiny cells whose answer would be many times its size.
 */
export const IMPORT_MAX_COLUMNS = 50;
/**
 * The largest preview answer, in bytes. A line of a real statement (five columns) answers in
 * about 300 bytes: its cells, date, amount and verdict. IMPORT_MAX_LINES of them are 6 MB; 10 MB
 * keeps room for wider statements and long descriptions, and refuses files built to answer
 * several times what they weigh (tiny cells, characters JSON escapes).
 */
export const IMPORT_PREVIEW_MAX_BYTES = 10 * 1024 * 1024;
/** Base64 of IMPORT_MAX_BYTES, with room for padding. */
export const IMPORT_MAX_BASE64_CHARS = Math.ceil(IMPORT_MAX_BYTES / 3) * 4 + 4;

/**
 * What the file is: a CSV or spreadsheet text read by its columns, or a bank's OFX statement
 * (docs/product.md#ofx-import), whose transactions are read as the lines of a CSV of four columns:
 * date, description, amount and the bank's id of the transaction.
 */
export const importFormats = ["csv", "ofx"] as const;
export const importEncodings = ["utf-8", "windows-1252"] as const;
export const importSeparators = [";", ",", "\t", "|"] as const;
export const importDateFormats = ["dd/mm/yyyy", "mm/dd/yyyy", "yyyy-mm-dd"] as const;
/** "comma": 1.234,56 (decimal comma); "dot": 1,234.56 (decimal point). */
export const importAmountFormats = ["comma", "dot"] as const;
/**
 * Which sign is spending: a bank statement shows spending negative and credits positive; a
 * credit-card statement shows purchases positive and payments negative.
 */
export const importSpendingSigns = ["negative", "positive"] as const;

export type ImportEncoding = (typeof importEncodings)[number];
export type ImportSeparator = (typeof importSeparators)[number];
export type ImportDateFormat = (typeof importDateFormats)[number];
export type ImportAmountFormat = (typeof importAmountFormats)[number];
export type ImportSpendingSign = (typeof importSpendingSigns)[number];
/**
 * What kind of statement the file is: a bank's (spending negative) or a credit card's (purchases
 * positive, the bill's payment the odd one out). Chosen when the person imports into a card.
 */
export const importStatementKinds = ["bank", "card"] as const;
export type ImportStatementKind = (typeof importStatementKinds)[number];
/**
 * Why the preview reads the signs as it does, so the screen can say it: the person chose the sign
 * or the card; most amounts are positive with a few negatives (a card statement); both signs in
 * number (a bank statement); one sign only (all spending).
 */
export const importSignReasons = ["chosen", "cardStatement", "bankStatement", "oneSign"] as const;
export type ImportSignReason = (typeof importSignReasons)[number];

const columnIndex = z
  .number({ error: "validation.invalid" })
  .int("validation.invalid")
  .min(0, "validation.invalid")
  .max(199, "validation.invalid");

export const importColumnsSchema = z.strictObject({
  date: columnIndex,
  description: columnIndex,
  amount: columnIndex,
});
export type ImportColumns = z.infer<typeof importColumnsSchema>;

/** What the person chose; anything left out is guessed from the file. */
export const importOptionsSchema = z.strictObject({
  encoding: z.enum(importEncodings, { error: "validation.invalidOption" }).optional(),
  separator: z.enum(importSeparators, { error: "validation.invalidOption" }).optional(),
  hasHeader: z.boolean({ error: "validation.invalidType" }).optional(),
  dateFormat: z.enum(importDateFormats, { error: "validation.invalidOption" }).optional(),
  amountFormat: z.enum(importAmountFormats, { error: "validation.invalidOption" }).optional(),
  spendingSign: z.enum(importSpendingSigns, { error: "validation.invalidOption" }).optional(),
  statementKind: z.enum(importStatementKinds, { error: "validation.invalidOption" }).optional(),
  columns: importColumnsSchema.optional(),
});
export type ImportOptions = z.infer<typeof importOptionsSchema>;

/**
 * The file travels as base64 inside JSON, so the app's JSON-only rule against cross-site forms
 * (docs/product.md#cross-site-requests) holds for this route too.
 */
export const importPreviewInputSchema = z.strictObject({
  fileName: text().max(255, "validation.tooLong").optional(),
  contentBase64: text("validation.importFileRequired").max(
    IMPORT_MAX_BASE64_CHARS,
    "validation.importFileTooLarge",
  ),
  options: importOptionsSchema.optional(),
  /**
   * What the lines were paid with, when the import names it: a credit's proposed purchases to
   * refund are that method's (docs/product.md#credits).
   */
  paymentMethodId: z.uuid({ error: "validation.paymentMethodNotFound" }).optional(),
});
export type ImportPreviewInput = z.input<typeof importPreviewInputSchema>;

/** How many purchases the preview proposes for one credit. */
export const IMPORT_REFUND_CANDIDATES = 5;

export const importRefundCandidateSchema = z.object({
  expenseId: z.uuid(),
  date: z.string(),
  description: z.string(),
  /** The purchase's amount, and what is left of it after its refunds (decimal strings). */
  amount: z.string(),
  left: z.string(),
});
export type ImportRefundCandidate = z.infer<typeof importRefundCandidateSchema>;

/**
 * What an import's line between the family's own accounts matches (docs/product.md#ofx-import):
 * an income imported into the other account (for a debit), an expense imported from it (for a
 * credit), or a transfer already recorded.
 */
export const importTransferMatchKinds = ["income", "expense", "transfer"] as const;
/** How many days apart the two sides of a transfer may be dated (banks post a TED a day or two later). */
export const IMPORT_TRANSFER_DAYS = 3;

export const importPreviewLineSchema = z.object({
  /** The line's number in the file, from 1 (the header, when there is one, is line 1). */
  lineNumber: z.number().int(),
  cells: z.array(z.string()),
  /** "YYYY-MM-DD", or null when it could not be read. */
  date: z.string().nullable(),
  /** A positive decimal string ("1234.56"), or null when it could not be read. */
  amount: z.string().nullable(),
  description: z.string(),
  /** A catalogue key (validation.*) saying why the line cannot be imported; null when it can. */
  errorKey: z.string().nullable(),
  /** Of the other sign than spending (a credit, a payment): left out unless ticked. */
  notSpending: z.boolean(),
  /**
   * A card bill's payment ('PAGTO FATURA', 'PAGAMENTO RECEBIDO', docs/product.md#ofx-import):
   * money between the family's account and its card, never spending nor income, so never
   * imported; its bill is paid on the card's bills screen.
   */
  cardBillPayment: z.boolean(),
  /**
   * A credit's kind when recorded as income: "salary" when its description says so ('Salário',
   * 'Folha'), else "other"; null for a spending line (docs/product.md#credits).
   */
  incomeKind: incomeKindSchema.nullable(),
  /**
   * An installment marker in the description ("Parcela 2/6", "PARC 02/06", "2/6" at its end):
   * which installment of how many; the description then reads without it.
   */
  installment: z.object({ number: z.number().int(), count: z.number().int() }).nullable(),
  /**
   * The bank's id of the transaction (docs/product.md#ofx-import): an OFX's FITID, made unique
   * within the file; null for a CSV's line, or an OFX's without one. Sent back with the line.
   */
  importId: z.string().nullable(),
  /**
   * The family already has an expense with this date, amount and description, or, for an
   * installment, that installment of a purchase with this description and count, or an entry
   * imported with this importId into the import's account or card; or the file had the same
   * transaction earlier.
   */
  duplicate: z.boolean(),
  /**
   * The category the first of the family's rules matching the line gives
   * (docs/product.md#category-rules), else the one the family used most for the line's payee;
   * null when neither says anything.
   */
  suggestedCategoryId: z.uuid().nullable(),
  /** The rule that decided it, one of the preview's `rules`; null when none matched. */
  ruleId: z.uuid().nullable(),
  /**
   * A credit's proposed purchases to refund (docs/product.md#credits): the family's purchases the
   * caller sees in full, with its description (refund words left out) and, when the import names
   * one, its method, dated on or before it, with at least its amount left after their refunds,
   * newest first; at most IMPORT_REFUND_CANDIDATES. Empty for a spending line.
   */
  refundCandidates: z.array(importRefundCandidateSchema),
  /**
   * A card bill's payment in an import into an account (docs/product.md#ofx-import): the card
   * whose bill it likely pays, offered for `billPayments`: the family's one active card, else the
   * card whose open or closed bill's total is the line's amount; null otherwise.
   */
  suggestedCardId: z.uuid().nullable(),
  /**
   * Money between two of the family's accounts seen in both files (docs/product.md#ofx-import):
   * a debit matching an income imported into another account, or a credit matching an expense
   * imported from another account (`kind` income or expense: sent back as `transfers`), or a
   * transfer between the two already recorded (`kind` transfer: the line is a duplicate).
   * `methodId` is the other account, `date` the entry's. Null when nothing matches.
   */
  transferMatch: z
    .object({
      kind: z.enum(importTransferMatchKinds),
      id: z.uuid(),
      methodId: z.uuid(),
      date: z.string(),
    })
    .nullable(),
});
export type ImportPreviewLine = z.infer<typeof importPreviewLineSchema>;

export const importPreviewSchema = z.object({
  settings: z.object({
    format: z.enum(importFormats),
    encoding: z.enum(importEncodings),
    separator: z.enum(importSeparators),
    hasHeader: z.boolean(),
    dateFormat: z.enum(importDateFormats),
    /** Both dd/mm and mm/dd read every date: the person should confirm which. */
    dateFormatAmbiguous: z.boolean(),
    amountFormat: z.enum(importAmountFormats),
    spendingSign: z.enum(importSpendingSigns),
    statementKind: z.enum(importStatementKinds),
    /** Why the signs are read so (importSignReasons). */
    spendingSignReason: z.enum(importSignReasons),
    columns: importColumnsSchema,
  }),
  /** The header's cells, or "1", "2"… when the file has none. */
  columnNames: z.array(z.string()),
  /**
   * An OFX's ledger balance (LEDGERBAL): the account's balance at the bank on `date` (its DTASOF,
   * else the file's last transaction's day), offered as the account's reconciliation
   * (docs/product.md#ofx-import); null for a CSV, or an OFX without one.
   */
  statementBalance: z.object({ amount: z.string(), date: z.string() }).nullable(),
  /**
   * Each rule that decided a line, once: what it says besides the category (for whom, who paid,
   * private), which the lines ticked take unless the person changes them.
   */
  rules: z.array(ruleActionSchema),
  lines: z.array(importPreviewLineSchema),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** The bank's id of an imported transaction, as the preview answered it. */
const importIdSchema = text("validation.invalid")
  .min(1, "validation.invalid")
  .max(255, "validation.tooLong");

export const importCommitLineSchema = z
  .strictObject({
    date: calendarDateSchema,
    description: descriptionSchema,
    amount: amountSchema,
    categoryId: z.uuid({ error: "validation.categoryRequired" }),
    /** A current member of the family; the caller when left out. */
    paidByUserId: z.uuid({ error: "validation.payerNotMember" }).optional(),
    /** The preview's installment marker: the line joins a purchase in installments (found or made). */
    installment: z
      .strictObject({
        number: z.number({ error: "validation.installmentInvalid" }).int().min(1).max(48),
        count: z.number({ error: "validation.installmentCountInvalid" }).int().min(2).max(48),
      })
      .refine((i) => i.number <= i.count, { error: "validation.installmentInvalid" })
      .optional(),
    /** The preview's importId: kept with the expense, so the line is never imported twice. */
    importId: importIdSchema.optional(),
    /**
     * For this member alone (docs/product.md#for-whom), as a rule may say
     * (docs/product.md#category-rules); the family's split when left out.
     */
    forUserId: z.uuid({ error: "validation.shareNotMember" }).optional(),
    /** Private to the caller (docs/product.md#private-expenses): paid by and for them alone. */
    private: z.boolean({ error: "validation.invalid" }).optional(),
  })
  .refine(
    // Its purchase's total is the installment's amount times the count, which must fit an amount.
    (line) =>
      !line.installment || toCents(line.amount) * line.installment.count <= MAX_AMOUNT_CENTS,
    { error: "validation.installmentTotalTooLarge", path: ["amount"] },
  );
export type ImportCommitLine = z.input<typeof importCommitLineSchema>;

/**
 * A credit recorded instead of skipped (docs/product.md#credits): as income (its kind, received
 * by a member: the caller when left out) or as a refund of one of the family's purchases.
 */
export const importCreditSchema = z
  .strictObject({
    recordAs: z.enum(["income", "refund"], { error: "validation.invalidOption" }),
    date: calendarDateSchema,
    description: descriptionSchema,
    amount: amountSchema,
    kind: incomeKindSchema.optional(),
    receivedByUserId: z.uuid({ error: "validation.receiverNotMember" }).optional(),
    refundOfId: z.uuid({ error: "validation.importRefundOfRequired" }).optional(),
    /** The preview's importId, as a line's. */
    importId: importIdSchema.optional(),
  })
  .superRefine((credit, context) => {
    if (credit.recordAs === "refund" && credit.refundOfId === undefined) {
      context.addIssue({
        code: "custom",
        path: ["refundOfId"],
        message: "validation.importRefundOfRequired",
      });
    }
  });
export type ImportCredit = z.input<typeof importCreditSchema>;

/**
 * An account's line that pays a card's bill (docs/product.md#ofx-import), recorded as that card's
 * payment from the import's account: into its latest bill closed by the date and not fully paid.
 */
export const importBillPaymentSchema = z.strictObject({
  date: calendarDateSchema,
  amount: amountSchema,
  cardId: z.uuid({ error: "validation.importBillPaymentCard" }),
  /** The preview's importId, as a line's. */
  importId: importIdSchema.optional(),
});
export type ImportBillPayment = z.input<typeof importBillPaymentSchema>;

/**
 * A line recorded as a transfer between two of the family's accounts (docs/product.md#ofx-import):
 * a debit of the import's account whose income, imported into the other account, it replaces
 * (`incomeId`), or a credit whose expense, imported from the other account, it replaces
 * (`expenseId`); the preview's `transferMatch`.
 */
export const importTransferSchema = z
  .strictObject({
    date: calendarDateSchema,
    amount: amountSchema,
    incomeId: z.uuid({ error: "validation.importTransferEntryNotFound" }).optional(),
    expenseId: z.uuid({ error: "validation.importTransferEntryNotFound" }).optional(),
    /** The preview's importId, as a line's. */
    importId: importIdSchema.optional(),
  })
  .superRefine((transfer, context) => {
    if ((transfer.incomeId === undefined) === (transfer.expenseId === undefined)) {
      context.addIssue({
        code: "custom",
        path: ["incomeId"],
        message: "validation.importTransferEntryNotFound",
      });
    }
  });
export type ImportTransfer = z.input<typeof importTransferSchema>;

export const importCommitInputSchema = z
  .strictObject({
    fileName: text().max(255, "validation.tooLong").optional(),
    /** Every line paid with this method of the family's (a card's statement into the card). */
    paymentMethodId: z.uuid({ error: "validation.paymentMethodNotFound" }).optional(),
    /** With a card: every line into this bill of it, instead of the bill of each line's date. */
    billId: z.uuid({ error: "validation.billNotOfCard" }).optional(),
    lines: z
      .array(importCommitLineSchema, { error: "validation.invalidType" })
      .max(IMPORT_MAX_LINES, "validation.importTooManyLines"),
    /** The credits recorded as income or refunds; the others are skipped. */
    credits: z
      .array(importCreditSchema, { error: "validation.invalidType" })
      .max(IMPORT_MAX_LINES, "validation.importTooManyLines")
      .optional(),
    /** Lines of an import into an account recorded as a card bill's payment. */
    billPayments: z
      .array(importBillPaymentSchema, { error: "validation.invalidType" })
      .max(IMPORT_MAX_LINES, "validation.importTooManyLines")
      .optional(),
    /** Lines recorded as a transfer in place of the other account's imported entry. */
    transfers: z
      .array(importTransferSchema, { error: "validation.invalidType" })
      .max(IMPORT_MAX_LINES, "validation.importTooManyLines")
      .optional(),
  })
  .superRefine((input, context) => {
    const count =
      input.lines.length +
      (input.credits?.length ?? 0) +
      (input.billPayments?.length ?? 0) +
      (input.transfers?.length ?? 0);
    if (count === 0) {
      context.addIssue({
        code: "custom",
        path: ["lines"],
        message: "validation.importNothingTicked",
      });
    } else if (count > IMPORT_MAX_LINES) {
      context.addIssue({
        code: "custom",
        path: ["lines"],
        message: "validation.importTooManyLines",
      });
    }
  });
export type ImportCommitInput = z.input<typeof importCommitInputSchema>;

export const importResultSchema = z.object({
  id: z.uuid(),
  /** Every line recorded: expenses, incomes, refunds, card bills' payments and transfers. */
  importedCount: z.number().int(),
  /** Of them, the credits recorded as income and as refunds. */
  incomeCount: z.number().int(),
  refundCount: z.number().int(),
  /** Of them, the card bills' payments and the transfers (docs/product.md#ofx-import). */
  billPaymentCount: z.number().int(),
  transferCount: z.number().int(),
  /**
   * Lines and credits left out because the import's account or card already has an entry of
   * their importId (docs/product.md#ofx-import): imported before, by this file or another.
   */
  skippedCount: z.number().int(),
  /** The sum of the imported amounts, as a decimal string. */
  totalAmount: z.string(),
  createdAt: z.string(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** POST /api/imports refuses a call without one: a repeated submission must import nothing. */
export const importIdempotencyKeySchema = text("validation.required").min(1).max(200);

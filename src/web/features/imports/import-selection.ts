import { fromCents, toCents } from "../../../contract/cents";
import type {
  ImportCommitInput,
  ImportCommitLine,
  ImportCredit,
  ImportPreview,
  ImportPreviewLine,
} from "../../../contract/imports";
import type { PaymentMethod } from "../../../contract/payment-methods";

/**
 * What the person ticked and the category of each line, beside the preview (docs/product.md#csv-import):
 * a line that can be imported starts ticked unless it is a duplicate or not spending, with the
 * category last used for its description, if any; a card bill's payment, the card it pays
 * (docs/product.md#ofx-import).
 */
export type Selection = {
  ticked: boolean[];
  categories: string[];
  credits: CreditChoice[];
  cards: string[];
};

/**
 * What a credit line becomes (docs/product.md#credits): skipped (""), income ("income"), or a
 * refund of the purchase whose id it holds. Every credit starts skipped.
 */
export type CreditChoice = string;
export const SKIP_CREDIT = "";
export const INCOME_CREDIT = "income";

/**
 * What a line may become: spending (ticked, with a category); a credit (its choice); in an import
 * into an account, money between the family's own accounts (docs/product.md#ofx-import): a card
 * bill's payment (ticked, with its card) or the other side of a transfer whose income or expense
 * another account's file brought in (ticked: it becomes the transfer); or nothing: an unreadable
 * line, a card bill's payment elsewhere (never spending nor income), a transfer already recorded.
 */
export type LineRole = "spending" | "credit" | "billPayment" | "transfer" | "none";

export function lineRole(line: ImportPreviewLine, intoAccount: boolean): LineRole {
  const readable = line.date !== null && line.amount !== null;
  if (line.errorKey !== null || line.transferMatch?.kind === "transfer") return "none";
  if (line.cardBillPayment) {
    return intoAccount && readable && !line.notSpending ? "billPayment" : "none";
  }
  if (intoAccount && readable && line.transferMatch) return "transfer";
  return line.notSpending && readable ? "credit" : "spending";
}

/** A credit the person may record as income or a refund instead of skipping it. */
export const isCredit = (line: ImportPreviewLine) => lineRole(line, false) === "credit";

export function initialSelection(preview: ImportPreview, intoAccount: boolean): Selection {
  return {
    ticked: preview.lines.map((line) => {
      const role = lineRole(line, intoAccount);
      if (line.duplicate) return false;
      if (role === "billPayment") return line.suggestedCardId !== null;
      return role === "transfer" || (role === "spending" && !line.notSpending);
    }),
    categories: preview.lines.map((line) => line.suggestedCategoryId ?? ""),
    credits: preview.lines.map(() => SKIP_CREDIT),
    cards: preview.lines.map((line) => line.suggestedCardId ?? ""),
  };
}

/**
 * The preview's indexes of what "Importar" sends, list by list as the commit's input has them:
 * the ticked spending lines with a category, the credits recorded, the ticked bill payments with a
 * card and the ticked transfers.
 */
function sentIndexes(preview: ImportPreview, selection: Selection, intoAccount: boolean) {
  const sent = {
    lines: [] as number[],
    credits: [] as number[],
    billPayments: [] as number[],
    transfers: [] as number[],
  };
  preview.lines.forEach((line, index) => {
    const role = lineRole(line, intoAccount);
    const choice = selection.credits[index] ?? SKIP_CREDIT;
    if (role === "credit") {
      const chosen =
        choice === INCOME_CREDIT ||
        line.refundCandidates.some((candidate) => candidate.expenseId === choice);
      if (chosen) sent.credits.push(index);
      return;
    }
    if (!selection.ticked[index] || line.date === null || line.amount === null) return;
    if (role === "spending" && selection.categories[index]) sent.lines.push(index);
    if (role === "billPayment" && selection.cards[index]) sent.billPayments.push(index);
    if (role === "transfer") sent.transfers.push(index);
  });
  return sent;
}

/**
 * Lines to import as spending, their sum, how many of them still need a category, the credits
 * recorded as income and as refunds, and the money between accounts: bill payments (and those
 * ticked without a card yet) and transfers.
 */
export function selectionSummary(
  preview: ImportPreview,
  selection: Selection,
  intoAccount: boolean,
) {
  let count = 0;
  let cents = 0;
  let missingCategory = 0;
  let missingCard = 0;
  preview.lines.forEach((line, index) => {
    const role = lineRole(line, intoAccount);
    if (!selection.ticked[index] || line.amount === null) return;
    if (role === "billPayment" && !selection.cards[index]) missingCard += 1;
    if (role !== "spending") return;
    count += 1;
    cents += toCents(line.amount);
    if (!selection.categories[index]) missingCategory += 1;
  });
  const sent = sentIndexes(preview, selection, intoAccount);
  const incomes = sent.credits.filter((i) => selection.credits[i] === INCOME_CREDIT).length;
  return {
    count,
    total: fromCents(cents),
    missingCategory,
    incomes,
    refunds: sent.credits.length - incomes,
    billPayments: sent.billPayments.length,
    missingCard,
    transfers: sent.transfers.length,
  };
}

/** One category for every line that has none yet (a suggestion or a pick is kept). */
export const applyCategoryToUncategorised = (
  selection: Selection,
  categoryId: string,
): Selection => ({
  ...selection,
  categories: selection.categories.map((current) => current || categoryId),
});

/** The bank's id of a line sent back, so it is never recorded twice (docs/product.md#ofx-import). */
const withImportId = (line: ImportPreviewLine) =>
  line.importId ? { importId: line.importId } : {};

/** A line's date and amount, once `sentIndexes` made sure both were read. */
const dated = (line: ImportPreviewLine) => ({ date: line.date ?? "", amount: line.amount ?? "" });

export function commitLines(
  preview: ImportPreview,
  selection: Selection,
  intoAccount: boolean,
): ImportCommitLine[] {
  const rules = new Map(preview.rules.map((rule) => [rule.ruleId, rule]));
  return sentIndexes(preview, selection, intoAccount).lines.flatMap((index) => {
    const line = preview.lines[index];
    const categoryId = selection.categories[index];
    if (!line || !categoryId) return [];
    const commitLine: ImportCommitLine = {
      ...dated(line),
      description: line.description,
      categoryId,
    };
    // A marked line joins its purchase in installments, found or made by the server
    // (docs/product.md#into-a-card).
    if (line.installment) {
      commitLine.installment = { number: line.installment.number, count: line.installment.count };
    }
    // The bank's id, kept so the line is never imported twice (docs/product.md#ofx-import).
    if (line.importId) commitLine.importId = line.importId;
    // What the line's rule says besides the category (docs/product.md#category-rules), while the
    // line keeps the rule's category: a category the person chose instead is theirs alone. A
    // purchase in installments is private or shared as a whole, so a marked line stays shared.
    const rule = line.ruleId ? rules.get(line.ruleId) : undefined;
    if (rule && rule.categoryId === categoryId) {
      if (rule.private && !line.installment) commitLine.private = true;
      if (!rule.private && rule.paidByUserId) commitLine.paidByUserId = rule.paidByUserId;
      if (!rule.private && rule.forUserId) commitLine.forUserId = rule.forUserId;
    }
    return [commitLine];
  });
}

/**
 * The credits recorded instead of skipped: as income (the kind the preview proposed, received by
 * the person importing) or as a refund of the purchase chosen among the preview's proposals.
 */
export function commitCredits(
  preview: ImportPreview,
  selection: Selection,
  intoAccount: boolean,
): ImportCredit[] {
  return sentIndexes(preview, selection, intoAccount).credits.flatMap((index): ImportCredit[] => {
    const line = preview.lines[index];
    if (!line) return [];
    const choice = selection.credits[index] ?? SKIP_CREDIT;
    const credit = { ...dated(line), description: line.description, ...withImportId(line) };
    return choice === INCOME_CREDIT
      ? [{ recordAs: "income", ...credit, kind: line.incomeKind ?? "other" }]
      : [{ recordAs: "refund", ...credit, refundOfId: choice }];
  });
}

/**
 * Where a refused credit, bill payment or transfer is on screen: its line's number in the file,
 * from the error's path ("credits.1.amount", "billPayments.0.cardId"); null for anything else.
 */
export function sentLineNumber(
  preview: ImportPreview,
  selection: Selection,
  intoAccount: boolean,
  path: string,
): number | null {
  const match = /^(credits|billPayments|transfers)\.(\d+)\./.exec(path);
  if (!match) return null;
  const list = match[1] as "credits" | "billPayments" | "transfers";
  const index = sentIndexes(preview, selection, intoAccount)[list][Number(match[2])];
  return index === undefined ? null : (preview.lines[index]?.lineNumber ?? null);
}

/**
 * What an account's file records between the family's own accounts (docs/product.md#ofx-import):
 * each ticked card bill's payment, as the payment of the card chosen for it, and each ticked
 * transfer, in place of the income or expense the other account's file brought in.
 */
function commitBetweenAccounts(preview: ImportPreview, selection: Selection) {
  const sent = sentIndexes(preview, selection, true);
  const each = <Item>(indexes: number[], item: (line: ImportPreviewLine, index: number) => Item) =>
    indexes.flatMap((index) => {
      const line = preview.lines[index];
      return line ? [{ ...dated(line), ...item(line, index), ...withImportId(line) }] : [];
    });
  return {
    billPayments: each(sent.billPayments, (_, index) => ({ cardId: selection.cards[index] ?? "" })),
    transfers: each(sent.transfers, (line) =>
      line.transferMatch?.kind === "expense"
        ? { expenseId: line.transferMatch.id }
        : { incomeId: line.transferMatch?.id ?? "" },
    ),
  };
}

/** "Pago com" is an account: what money between the family's accounts comes from. */
export const isAccount = (method: Pick<PaymentMethod, "kind"> | undefined) =>
  method !== undefined && method.kind !== "credit_card";

/**
 * What "Importar" sends: the ticked lines, and what they were paid with ("Pago com"); with a card,
 * the bill chosen for every line, or none (each line in the bill of its date).
 */
export function commitInput(
  preview: ImportPreview,
  selection: Selection,
  paidWith: {
    fileName: string;
    method?: Pick<PaymentMethod, "id" | "kind"> | undefined;
    billId?: string;
  },
): ImportCommitInput {
  const intoAccount = isAccount(paidWith.method);
  const input: ImportCommitInput = {
    fileName: paidWith.fileName.slice(0, 255),
    lines: commitLines(preview, selection, intoAccount),
  };
  const credits = commitCredits(preview, selection, intoAccount);
  if (credits.length > 0) input.credits = credits;
  if (paidWith.method) {
    input.paymentMethodId = paidWith.method.id;
    if (paidWith.method.kind === "credit_card" && paidWith.billId) input.billId = paidWith.billId;
  }
  if (intoAccount) {
    const { billPayments, transfers } = commitBetweenAccounts(preview, selection);
    if (billPayments.length > 0) input.billPayments = billPayments;
    if (transfers.length > 0) input.transfers = transfers;
  }
  return input;
}

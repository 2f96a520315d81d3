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
 * category last used for its description, if any.
 */
export type Selection = { ticked: boolean[]; categories: string[]; credits: CreditChoice[] };

/**
 * What a credit line becomes (docs/product.md#credits): skipped (""), income ("income"), or a
 * refund of the purchase whose id it holds. Every credit starts skipped.
 */
export type CreditChoice = string;
export const SKIP_CREDIT = "";
export const INCOME_CREDIT = "income";

/**
 * A line that can be recorded: readable, and no card bill's payment, which is money between the
 * family's account and its card, never spending nor income (docs/product.md#ofx-import).
 */
export const canImport = (line: ImportPreviewLine) =>
  line.errorKey === null && !line.cardBillPayment;

/** A credit the person may record as income or a refund instead of skipping it. */
export const isCredit = (line: ImportPreviewLine) =>
  canImport(line) && line.notSpending && line.date !== null && line.amount !== null;

export function initialSelection(preview: ImportPreview): Selection {
  return {
    ticked: preview.lines.map((line) => canImport(line) && !line.duplicate && !line.notSpending),
    categories: preview.lines.map((line) => line.suggestedCategoryId ?? ""),
    credits: preview.lines.map(() => SKIP_CREDIT),
  };
}

/**
 * Lines to import as spending, their sum, how many of them still need a category, and the
 * credits recorded as income and as refunds.
 */
export function selectionSummary(preview: ImportPreview, selection: Selection) {
  let count = 0;
  let cents = 0;
  let missingCategory = 0;
  let incomes = 0;
  let refunds = 0;
  preview.lines.forEach((line, index) => {
    if (isCredit(line)) {
      const choice = selection.credits[index] ?? SKIP_CREDIT;
      if (choice === INCOME_CREDIT) incomes += 1;
      else if (choice !== SKIP_CREDIT) refunds += 1;
      return;
    }
    if (!selection.ticked[index] || !canImport(line) || line.amount === null) return;
    count += 1;
    cents += toCents(line.amount);
    if (!selection.categories[index]) missingCategory += 1;
  });
  return { count, total: fromCents(cents), missingCategory, incomes, refunds };
}

/** One category for every line that has none yet (a suggestion or a pick is kept). */
export const applyCategoryToUncategorised = (
  selection: Selection,
  categoryId: string,
): Selection => ({
  ...selection,
  categories: selection.categories.map((current) => current || categoryId),
});

export function commitLines(preview: ImportPreview, selection: Selection): ImportCommitLine[] {
  const rules = new Map(preview.rules.map((rule) => [rule.ruleId, rule]));
  return preview.lines.flatMap((line, index) => {
    const categoryId = selection.categories[index];
    if (isCredit(line) || !selection.ticked[index] || !canImport(line) || !categoryId) return [];
    if (line.date === null || line.amount === null) return [];
    const commitLine: ImportCommitLine = {
      date: line.date,
      description: line.description,
      amount: line.amount,
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
export function commitCredits(preview: ImportPreview, selection: Selection): ImportCredit[] {
  return preview.lines.flatMap((line, index): ImportCredit[] => {
    const choice = selection.credits[index] ?? SKIP_CREDIT;
    if (!isCredit(line) || choice === SKIP_CREDIT || line.date === null || line.amount === null) {
      return [];
    }
    const credit = {
      date: line.date,
      description: line.description,
      amount: line.amount,
      ...(line.importId ? { importId: line.importId } : {}),
    };
    if (choice === INCOME_CREDIT) {
      return [{ recordAs: "income", ...credit, kind: line.incomeKind ?? "other" }];
    }
    if (!line.refundCandidates.some((candidate) => candidate.expenseId === choice)) return [];
    return [{ recordAs: "refund", ...credit, refundOfId: choice }];
  });
}

/** Where a refused credit is on screen: its line's number in the file, from the error's path. */
export function creditLineNumber(
  preview: ImportPreview,
  selection: Selection,
  path: string,
): number | null {
  const match = /^credits\.(\d+)\./.exec(path);
  if (!match) return null;
  let seen = -1;
  const wanted = Number(match[1]);
  for (const [index, line] of preview.lines.entries()) {
    const choice = selection.credits[index] ?? SKIP_CREDIT;
    if (!isCredit(line) || choice === SKIP_CREDIT) continue;
    seen += 1;
    if (seen === wanted) return line.lineNumber;
  }
  return null;
}

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
  const input: ImportCommitInput = {
    fileName: paidWith.fileName.slice(0, 255),
    lines: commitLines(preview, selection),
  };
  const credits = commitCredits(preview, selection);
  if (credits.length > 0) input.credits = credits;
  if (paidWith.method) {
    input.paymentMethodId = paidWith.method.id;
    if (paidWith.method.kind === "credit_card" && paidWith.billId) input.billId = paidWith.billId;
  }
  return input;
}

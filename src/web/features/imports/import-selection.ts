import { fromCents, toCents } from "../../../contract/cents";
import type {
  ImportCommitInput,
  ImportCommitLine,
  ImportPreview,
  ImportPreviewLine,
} from "../../../contract/imports";
import type { PaymentMethod } from "../../../contract/payment-methods";

/**
 * What the person ticked and the category of each line, beside the preview (docs/product.md#csv-import):
 * a line that can be imported starts ticked unless it is a duplicate or not spending, with the
 * category last used for its description, if any.
 */
export type Selection = { ticked: boolean[]; categories: string[] };

export const canImport = (line: ImportPreviewLine) => line.errorKey === null;

export function initialSelection(preview: ImportPreview): Selection {
  return {
    ticked: preview.lines.map((line) => canImport(line) && !line.duplicate && !line.notSpending),
    categories: preview.lines.map((line) => line.suggestedCategoryId ?? ""),
  };
}

/** Lines to import, their sum, and how many of them still need a category. */
export function selectionSummary(preview: ImportPreview, selection: Selection) {
  let count = 0;
  let cents = 0;
  let missingCategory = 0;
  preview.lines.forEach((line, index) => {
    if (!selection.ticked[index] || !canImport(line) || line.amount === null) return;
    count += 1;
    cents += toCents(line.amount);
    if (!selection.categories[index]) missingCategory += 1;
  });
  return { count, total: fromCents(cents), missingCategory };
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
  return preview.lines.flatMap((line, index) => {
    const categoryId = selection.categories[index];
    if (!selection.ticked[index] || !canImport(line) || !categoryId) return [];
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
    return [commitLine];
  });
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
  if (paidWith.method) {
    input.paymentMethodId = paidWith.method.id;
    if (paidWith.method.kind === "credit_card" && paidWith.billId) input.billId = paidWith.billId;
  }
  return input;
}

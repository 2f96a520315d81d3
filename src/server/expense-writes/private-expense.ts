import type { Split } from "../../contract/shares";
import { AppError } from "../errors";

/**
 * A private expense is paid by and for the member who added it (docs/product.md#private-expenses):
 * nobody else owes or is owed anything for it, so the balances between members say nothing of it.
 * Given what a write sends and what the expense already has, the payer and split it is written
 * with: its author's, or a translated field error when the write names someone else.
 */
export function privateExpenseFields(
  authorId: string,
  sent: { paidByUserId?: string | undefined; split?: Split | undefined },
): { paidByUserId: string; split: Split } {
  const refuse = (path: string, messageKey: string) =>
    new AppError("validation_error", { fieldErrors: [{ path, messageKey }] });
  if (sent.paidByUserId !== undefined && sent.paidByUserId !== authorId) {
    throw refuse("paidByUserId", "validation.privateOnlyYours");
  }
  const split = sent.split;
  if (split && split.mode !== "family" && !(split.mode === "one" && split.userId === authorId)) {
    throw refuse("split", "validation.privateOnlyYours");
  }
  return { paidByUserId: authorId, split: { mode: "one", userId: authorId } };
}

import type { Language } from "../../../contract/common";
import { type CreateRefundInput, DESCRIPTION_MAX, type Expense } from "../../../contract/expenses";
import { toExpense } from "../../api-rows";
import type { ExpenseWrites } from "../../expense-writes/writes";
import type { FamilyScope } from "../../http/family-scope";
import { translate } from "../../i18n";
import { reserveExpenses } from "../../quotas";

/**
 * A refund of one of the family's purchases (docs/product.md#refunds), written through the expense
 * writes, which lock the purchase and keep its refunds within its amount. A refund is an expense:
 * it counts against the family's quota like one.
 */
export async function createRefund(
  writes: ExpenseWrites,
  scope: FamilyScope,
  purchaseId: string,
  input: CreateRefundInput,
  language: Language,
  maxExpenses: number,
): Promise<Expense> {
  const row = await writes.transaction(async (tx, write) => {
    await reserveExpenses(tx, scope.familyId, 1, maxExpenses);
    return write.createRefund(scope, purchaseId, input, (purchase) =>
      translate(language, "messages.refundDescription", { purchase }).slice(0, DESCRIPTION_MAX),
    );
  });
  return toExpense(row);
}

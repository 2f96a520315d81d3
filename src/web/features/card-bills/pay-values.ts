import { zodResolver } from "@hookform/resolvers/zod";
import type { Resolver } from "react-hook-form";
import {
  type CardBill,
  type CreateBillPaymentInput,
  createBillPaymentInputSchema,
} from "../../../contract/card-bills";
import { toCents } from "../../../contract/cents";
import type { Language } from "../../../contract/common";
import type { PaymentMethod } from "../../../contract/payment-methods";
import { offeredToReader } from "../../api/payment-methods/payment-method-choices";
import { formatAmountInput, readingAmounts } from "../../lib/amount-input";

export type PayValues = { fromMethodId: string; amount: string; paidOn: string };
type PayResolver = Resolver<PayValues, unknown, CreateBillPaymentInput>;

/**
 * What a bill is paid from: the family's active accounts, never a card (the contract's rule), nor
 * another member's private account.
 */
export const payingAccounts = (methods: readonly PaymentMethod[] | undefined) =>
  (methods ?? []).filter((method) => offeredToReader(method) && method.kind !== "credit_card");

/**
 * The dialog opens ready for the usual case, paying the whole bill today: what is left, in the
 * person's decimal sign; today's local date (`today`, lib/format's todayIso); the account when
 * there is only one, else none until chosen.
 */
export function payDefaults(
  bill: Pick<CardBill, "leftToPay">,
  accounts: readonly PaymentMethod[],
  today: string,
  language: Language,
): PayValues {
  return {
    fromMethodId: accounts.length === 1 ? (accounts[0]?.id ?? "") : "",
    amount: formatAmountInput(bill.leftToPay, language),
    paidOn: today,
  };
}

const contractResolver = zodResolver(createBillPaymentInputSchema) as unknown as PayResolver;

/**
 * The contract's schema (the server's own rules) on the typed values, then what is left to pay:
 * more than that is refused before it is sent, with the server's own message key.
 */
export function payResolver(leftToPay: string, language: Language): PayResolver {
  const checked: PayResolver = async (values, context, options) => {
    const result = await contractResolver(values, context, options);
    if (Object.keys(result.errors).length > 0) return result;
    if (toCents(String(result.values.amount)) <= toCents(leftToPay)) return result;
    return {
      values: {},
      errors: { amount: { type: "max", message: "validation.billPaymentTooLarge" } },
    };
  };
  return readingAmounts(checked, ["amount"], language);
}

import { zodResolver } from "@hookform/resolvers/zod";
import type { Resolver } from "react-hook-form";
import {
  type CreateSettlementInput,
  createSettlementInputSchema,
  type Debt,
  type SettlementMethod,
} from "../../../contract/balances";
import type { Language } from "../../../contract/common";
import { offeredToReader } from "../../api/payment-methods/payment-method-choices";
import { formatAmountInput, readingAmounts } from "../../lib/amount-input";

export type SettleValues = {
  fromUserId: string;
  toUserId: string;
  amount: string;
  paidOn: string;
  method: SettlementMethod;
  note: string;
  /** The accounts the money left and came into; "" for none (docs/product.md#who-owes-whom). */
  fromMethodId: string;
  toMethodId: string;
};

/**
 * "Acertar contas" opens ready for the usual case, the debt paid back in full today by PIX: from
 * the debtor to the creditor, the debt's amount in the person's decimal sign, today's local date
 * (`today`, lib/format's todayIso).
 */
export function settleDefaults(debt: Debt, today: string, language: Language): SettleValues {
  return {
    fromUserId: debt.debtorUserId,
    toUserId: debt.creditorUserId,
    amount: formatAmountInput(debt.amount, language),
    paidOn: today,
    method: "pix",
    note: "",
    fromMethodId: "",
    toMethodId: "",
  };
}

/**
 * The accounts a settlement may name: the family's active ones, never a card, nor another
 * member's private account.
 */
export const settleAccountsOf = <
  Method extends { isActive: boolean; hidden: boolean; kind: string },
>(
  methods: readonly Method[],
) => methods.filter((method) => offeredToReader(method) && method.kind !== "credit_card");

/**
 * The contract's schema (the server's own rules) on the typed values, the amount read first and
 * an account left as "none" left out.
 */
export const settleResolver = (
  language: Language,
): Resolver<SettleValues, unknown, CreateSettlementInput> => {
  const read = readingAmounts(
    zodResolver(createSettlementInputSchema) as unknown as Resolver<
      SettleValues,
      unknown,
      CreateSettlementInput
    >,
    ["amount"],
    language,
  );
  return (values, context, options) =>
    read(
      {
        ...values,
        fromMethodId: values.fromMethodId || undefined,
        toMethodId: values.toMethodId || undefined,
      } as unknown as SettleValues,
      context,
      options,
    );
};

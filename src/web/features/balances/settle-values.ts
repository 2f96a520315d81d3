import { zodResolver } from "@hookform/resolvers/zod";
import type { Resolver } from "react-hook-form";
import {
  type CreateSettlementInput,
  createSettlementInputSchema,
  type Debt,
  type SettlementMethod,
} from "../../../contract/balances";
import type { Language } from "../../../contract/common";
import { formatAmountInput, readingAmounts } from "../../lib/amount-input";

export type SettleValues = {
  fromUserId: string;
  toUserId: string;
  amount: string;
  paidOn: string;
  method: SettlementMethod;
  note: string;
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
  };
}

/** The contract's schema (the server's own rules) on the typed values, the amount read first. */
export const settleResolver = (language: Language) =>
  readingAmounts(
    zodResolver(createSettlementInputSchema) as unknown as Resolver<
      SettleValues,
      unknown,
      CreateSettlementInput
    >,
    ["amount"],
    language,
  );

import { zodResolver } from "@hookform/resolvers/zod";
import type { Resolver } from "react-hook-form";
import type { z } from "zod";
import { createIncomeInputSchema, type Income, type IncomeKind } from "../../../contract/incomes";
import type { Language } from "../../../contract/languages";
import { formatAmountInput, readingAmounts } from "../../lib/amount-input";

/** What the income form holds: selects as text ("" for "Não informada"), the amount as typed. */
export type IncomeValues = {
  description: string;
  amount: string;
  kind: IncomeKind;
  receivedByUserId: string;
  date: string;
  paymentMethodId: string;
  private: boolean;
};

type IncomeOutput = z.output<typeof createIncomeInputSchema>;

/**
 * A new income opens as the commonest one: a salary, received by the person recording it, today;
 * an income being changed opens as it is, its amount in the person's decimal sign.
 */
export function incomeDefaults(
  income: Income | null,
  me: string,
  today: string,
  language: Language,
): IncomeValues {
  if (!income) {
    return {
      description: "",
      amount: "",
      kind: "salary",
      receivedByUserId: me,
      date: today,
      paymentMethodId: "",
      private: false,
    };
  }
  return {
    description: income.description,
    amount: formatAmountInput(income.amount, language),
    kind: income.kind,
    receivedByUserId: income.receivedByUserId ?? "",
    date: income.date,
    paymentMethodId: income.paymentMethodId ?? "",
    private: income.private,
  };
}

const contractResolver = zodResolver(createIncomeInputSchema);

/**
 * The contract's schema on the typed values (docs/product.md#income): the amount read in the
 * person's language, "Não informada" as no account, and a private income's receiver left to the
 * server, which makes it its author.
 */
export const incomeResolver = (language: Language): Resolver<IncomeValues, unknown, IncomeOutput> =>
  readingAmounts<IncomeValues, unknown, IncomeOutput>(
    (values, context, options) =>
      contractResolver(
        {
          ...values,
          paymentMethodId: values.paymentMethodId === "" ? null : values.paymentMethodId,
          receivedByUserId:
            values.private || values.receivedByUserId === "" ? undefined : values.receivedByUserId,
        },
        context,
        options as unknown as Parameters<typeof contractResolver>[2],
      ),
    ["amount"],
    language,
  );

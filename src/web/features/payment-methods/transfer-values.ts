import { zodResolver } from "@hookform/resolvers/zod";
import type { Resolver } from "react-hook-form";
import type { Language } from "../../../contract/common";
import type { PaymentMethod } from "../../../contract/payment-methods";
import { type CreateTransferInput, createTransferInputSchema } from "../../../contract/transfers";
import { offeredToReader } from "../../api/payment-methods/payment-method-choices";
import { readingAmounts } from "../../lib/amount-input";

export type TransferValues = {
  fromMethodId: string;
  toMethodId: string;
  amount: string;
  date: string;
  note: string;
};

/**
 * The accounts money can move between: the family's active ones, never a card, nor another
 * member's private account (only its holder moves money on it).
 */
export const transferAccountsOf = (methods: readonly PaymentMethod[]) =>
  methods.filter((method) => offeredToReader(method) && method.kind !== "credit_card");

/** 'Transferir' opens from the first account to the second, today (`today`: lib/format's todayIso). */
export function transferDefaults(
  accounts: readonly PaymentMethod[],
  today: string,
): TransferValues {
  return {
    fromMethodId: accounts[0]?.id ?? "",
    toMethodId: accounts[1]?.id ?? "",
    amount: "",
    date: today,
    note: "",
  };
}

/** The contract's schema (the server's own rules) on the typed values, the amount read first. */
export const transferResolver = (language: Language) =>
  readingAmounts(
    zodResolver(createTransferInputSchema) as unknown as Resolver<
      TransferValues,
      unknown,
      CreateTransferInput
    >,
    ["amount"],
    language,
  );

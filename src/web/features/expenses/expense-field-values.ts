import type { SplitDraft } from "./split-draft";

/** The fields of an expense as the form holds them: every value a string, as typed. */
export type ExpenseFieldValues = {
  description: string;
  amount: string;
  categoryId: string;
  date: string;
  /** Optional as in the contract: left out, the server takes whoever adds it. */
  paidByUserId?: string;
  /** "" for "Não informado" (docs/product.md#payment-methods). */
  paymentMethodId?: string;
  /** "Para quem" as chosen and typed (docs/decisions/012-yours-mine-ours.md). */
  split?: SplitDraft;
  /** "Privado" (docs/product.md#private-expenses): paid by and for whoever adds it. */
  private?: boolean;
};

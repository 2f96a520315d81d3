import { useTranslation } from "react-i18next";
import type { PaymentMethod } from "../../../contract/payment-methods";
import { usePaymentMethods } from "./get-payment-methods";

/**
 * Whether a form offers the method for a new entry: active, and not another member's private
 * account, which only its holder moves money on (docs/product.md#private-accounts). Here rather
 * than in the contract, whose schemas every form that asks it would then load.
 */
export const offeredToReader = (method: { isActive: boolean; hidden: boolean }) =>
  method.isActive && !method.hidden;

export type PaymentMethodChoice = { value: string; label: string };

/**
 * "Pago com"'s choices (docs/product.md#payment-methods): the family's active methods but another
 * member's private accounts, in the server's order. A method the expense already has stays a choice once archived, so editing
 * another field does not take it off the expense; "Não informado" is the select's own first
 * option. Empty when there is nothing to choose: the forms then leave the field out.
 */
export function paymentMethodChoices(
  methods: readonly PaymentMethod[] | undefined,
  currentId: string | null | undefined,
  archived: (name: string) => string,
): PaymentMethodChoice[] {
  const choices: PaymentMethodChoice[] = [];
  for (const method of methods ?? []) {
    if (offeredToReader(method)) choices.push({ value: method.id, label: method.name });
    else if (method.id === currentId)
      choices.push({ value: method.id, label: archived(method.name) });
  }
  return choices;
}

/** The choices for the expense forms; `currentId`, when editing: the method the expense has now. */
export function usePaymentMethodChoices(currentId?: string | null): PaymentMethodChoice[] {
  const { t } = useTranslation();
  const methods = usePaymentMethods();
  return paymentMethodChoices(methods.data, currentId, (name) =>
    t("paymentMethod.archived", { name }),
  );
}

import type {
  CreatePaymentMethodInput,
  PaymentMethod,
  PaymentMethodKind,
  UpdatePaymentMethodInput,
} from "../../../contract/payment-methods";

/** The dialog's values as its controls hold them: strings, "" when empty. */
export type MethodValues = {
  kind: PaymentMethodKind;
  name: string;
  ownerUserId: string;
  closingDay: string;
  dueDay: string;
  /** As typed, read by readingAmounts before this module sees it ("5.000,00" -> "5000.00"). */
  creditLimit: string;
  /** An account's, read like the limit, its sign kept ("-80,00" -> "-80.00"). */
  openingBalance: string;
  /** The date field's "YYYY-MM-DD", "" when empty. */
  openingDate: string;
  /** 'Só meu' (docs/product.md#private-accounts): an account's, offered to its holder only. */
  isPrivate: boolean;
};

export const isCard = (kind: PaymentMethodKind) => kind === "credit_card";

/** A day as typed: a number for the contract to check (NaN fails it), undefined when empty. */
const dayOf = (typed: string) => (typed.trim() === "" ? undefined : Number(typed.trim()));

/**
 * The create request the values make (docs/product.md#payment-methods): a card's days and limit
 * only for a card (the contract refuses them on an account), an opening balance and its date
 * only for an account, no owner when none is chosen (the server takes the caller), no limit when
 * left empty.
 */
export function methodInputOf(values: MethodValues): CreatePaymentMethodInput {
  const input: CreatePaymentMethodInput = { kind: values.kind, name: values.name };
  if (values.ownerUserId !== "") input.ownerUserId = values.ownerUserId;
  if (isCard(values.kind)) {
    input.closingDay = dayOf(values.closingDay);
    input.dueDay = dayOf(values.dueDay);
    if (values.creditLimit.trim() !== "") input.creditLimit = values.creditLimit.trim();
  } else if (values.openingBalance.trim() !== "" || values.openingDate !== "") {
    // Both, or the contract names the one missing (docs/product.md#account-balances).
    if (values.openingBalance.trim() !== "") input.openingBalance = values.openingBalance.trim();
    if (values.openingDate !== "") input.openingDate = values.openingDate;
  }
  if (!isCard(values.kind) && values.isPrivate) input.isPrivate = true;
  return input;
}

/** What the edit changes, for PATCH (partial): a limit emptied is null; the kind never changes. */
export function methodChanges(
  method: PaymentMethod,
  input: CreatePaymentMethodInput,
): UpdatePaymentMethodInput {
  const changes: UpdatePaymentMethodInput = {};
  if (input.name !== method.name) changes.name = input.name;
  if (input.ownerUserId !== undefined && input.ownerUserId !== method.ownerUserId) {
    changes.ownerUserId = input.ownerUserId;
  }
  if (isCard(method.kind)) {
    if (input.closingDay !== method.closingDay) changes.closingDay = input.closingDay;
    if (input.dueDay !== method.dueDay) changes.dueDay = input.dueDay;
    const limit = input.creditLimit ?? null;
    if (limit !== method.creditLimit) changes.creditLimit = limit;
  } else {
    // Sent together, as the contract wants them: both emptied clears the opening balance.
    const balance = input.openingBalance ?? null;
    const date = input.openingDate ?? null;
    if (balance !== method.openingBalance || date !== method.openingDate) {
      changes.openingBalance = balance;
      changes.openingDate = date;
    }
    const isPrivate = input.isPrivate ?? false;
    if (isPrivate !== method.isPrivate) changes.isPrivate = isPrivate;
  }
  return changes;
}

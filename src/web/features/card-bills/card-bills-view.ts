import type { BillStatusName, CardBill } from "../../../contract/card-bills";
import type { PaymentMethod } from "../../../contract/payment-methods";
import { defaultBill } from "./bill-text";

// What the card's bills screen shows, computed from the answers: which bills the list shows,
// which bill is chosen, a bill's figures and the names its lines and payments carry. The drawing
// (card-bills-page.tsx and the files it draws with) only lays it out. A bill's name and days are
// bill-text.ts.

/** How many bills the list shows before "Mostrar todas": a phone reaches the chosen bill's lines. */
const FIRST_BILLS = 6;

/** The bills the list shows: the first few and the chosen one, or all once asked. */
export function shownBills(
  bills: readonly CardBill[],
  all: boolean,
  selectedId: string | undefined,
): readonly CardBill[] {
  return all ? bills : bills.filter((bill, i) => i < FIRST_BILLS || bill.id === selectedId);
}

/** A chosen bill that left the list (its last purchase moved out) gives way to the default. */
export function chosenBill(
  bills: readonly CardBill[],
  chosenId: string | undefined,
): CardBill | undefined {
  return bills.find((bill) => bill.id === chosenId) ?? defaultBill(bills);
}

/** The badge of a bill's status: open is quiet, closed (to pay) stands out, paid is done. */
export const statusVariant: Record<BillStatusName, "secondary" | "warning" | "outline"> = {
  open: "secondary",
  closed: "warning",
  paid: "outline",
};

/** The bill's three figures, in the order shown: its total, what was paid, what is left. */
export function billFigures(bill: Pick<CardBill, "total" | "paid" | "leftToPay">) {
  return [
    { key: "total", amount: bill.total },
    { key: "paid", amount: bill.paid },
    { key: "left", amount: bill.leftToPay },
  ] as const;
}

/** "Pagar fatura" is offered while something is left to pay. */
export const hasLeftToPay = (bill: Pick<CardBill, "leftToPay">) => bill.leftToPay !== "0.00";

/** The card the page is about: a credit card of the family's by the address's id, else none. */
export function cardOf(
  methods: readonly PaymentMethod[] | undefined,
  id: string,
): PaymentMethod | undefined {
  return methods?.find((method) => method.id === id && method.kind === "credit_card");
}

/** A name by its id among the family's things (a line's category), null when it is gone. */
export function nameById(
  things: readonly { id: string; name: string }[] | undefined,
  id: string | null,
): string | null {
  return things?.find((thing) => thing.id === id)?.name ?? null;
}

import type { TFunction } from "i18next";
import type { CardBill } from "../../../contract/card-bills";
import type { Language } from "../../../contract/common";
import { billName } from "../../../domain/card-bills";
import { localeOf, parseIsoDate, shortMonthName } from "../../lib/format";

/**
 * A bill is named after the month it closes in, with its days beside the name as banks' apps do
 * (docs/decisions/011-cards-bills-installments.md): "Fatura de dezembro de 2026", "fecha 3 dez ·
 * vence 10 dez". Read from the dates' own numbers and formatted in UTC: no time zone moves a day.
 */
export function billMonth(closesOn: string, language: Language): string {
  const { year, month } = billName(closesOn);
  return new Intl.DateTimeFormat(localeOf(language), {
    timeZone: "UTC",
    month: "long",
    year: "numeric",
  }).format(Date.UTC(year, month - 1, 1));
}

/** "3 dez", "Dec 3", "3 dic": the short month without the locale's trailing dot. */
function shortDay(iso: string, t: TFunction, language: Language): string {
  const { month, day } = parseIsoDate(iso);
  return t("cardBills.dayMonth", {
    day,
    month: shortMonthName(month, language).replace(/\.$/, ""),
  });
}

export function billTexts(
  bill: Pick<CardBill, "closesOn" | "dueOn">,
  t: TFunction,
  language: Language,
): { name: string; days: string } {
  return {
    name: t("cardBills.billName", { month: billMonth(bill.closesOn, language) }),
    days: t("cardBills.days", {
      closes: shortDay(bill.closesOn, t, language),
      due: shortDay(bill.dueOn, t, language),
    }),
  };
}

/**
 * The bill shown first: the open one closing soonest (the one purchases go into today; a later
 * open bill holds only purchases moved ahead), else the newest. The list is newest first.
 */
export function defaultBill(bills: readonly CardBill[]): CardBill | undefined {
  return bills.findLast((bill) => bill.status === "open") ?? bills[0];
}

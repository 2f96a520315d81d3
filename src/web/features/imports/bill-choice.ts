import type { TFunction } from "i18next";
import type { CardBill } from "../../../contract/card-bills";
import type { Language } from "../../../contract/common";
import { billName } from "../../../domain/card-bills";
import { localeOf, parseIsoDate, shortMonthName } from "../../lib/format";

/**
 * A card's bill as "Fatura" offers it: named after the month it closes in, its days beside it, as
 * the card's bills screen names it (docs/product.md#card-bills): "Fatura de dezembro de 2026 ·
 * fecha 3 dez · vence 10 dez". Read from the dates' own numbers and formatted in UTC: no time
 * zone moves a day. The days alone too, for the hint under a phone's select, which cuts the label.
(The bills screen has its own copy: features never import each other.)
 */
export function billChoiceTexts(
  bill: Pick<CardBill, "closesOn" | "dueOn">,
  t: TFunction,
  language: Language,
): { label: string; days: string } {
  const { year, month } = billName(bill.closesOn);
  const monthText = new Intl.DateTimeFormat(localeOf(language), {
    timeZone: "UTC",
    month: "long",
    year: "numeric",
  }).format(Date.UTC(year, month - 1, 1));
  const day = (iso: string) => {
    const date = parseIsoDate(iso);
    return t("imports.bill.dayMonth", {
      day: date.day,
      month: shortMonthName(date.month, language).replace(/\.$/, ""),
    });
  };
  const days = t("imports.bill.days", { closes: day(bill.closesOn), due: day(bill.dueOn) });
  return { label: `${t("imports.bill.name", { month: monthText })} · ${days}`, days };
}

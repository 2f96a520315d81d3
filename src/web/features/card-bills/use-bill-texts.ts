import { useTranslation } from "react-i18next";
import type { CardBill } from "../../../contract/card-bills";
import { useLanguage } from "../../i18n/use-language";
import { billTexts } from "./bill-text";
import { cardBillsTexts } from "./texts";

/** A bill's name and days (bill-text.ts) in the person's language. */
export function useBillTexts() {
  const { t } = useTranslation(cardBillsTexts);
  const language = useLanguage();
  return (bill: Pick<CardBill, "closesOn" | "dueOn">) => billTexts(bill, t, language);
}

import { fromCents } from "../../contract/cents";
import { useLanguage } from "../i18n/use-language";
import { formatMoney } from "./format";

/** Integer cents to the user's currency text ("R$ 12,50", "$12.50"). */
export function useMoney() {
  const language = useLanguage();
  return (cents: number) => formatMoney(fromCents(cents), language);
}

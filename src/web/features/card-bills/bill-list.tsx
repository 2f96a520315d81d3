import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { CardBill } from "../../../contract/card-bills";
import { Button } from "../../components/ui/button";
import { useLanguage } from "../../i18n/use-language";
import { formatMoney } from "../../lib/format";
import { cn } from "../../lib/utils";
import { StatusBadge } from "./bill-status-badge";
import { shownBills } from "./card-bills-view";
import { cardBillsTexts } from "./texts";
import { useBillTexts } from "./use-bill-texts";

/** The card's bills, newest first; the chosen one pressed. */
export function BillList({
  bills,
  selectedId,
  onSelect,
}: {
  bills: CardBill[];
  selectedId: string | undefined;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation(cardBillsTexts);
  const language = useLanguage();
  const textsOf = useBillTexts();
  const [all, setAll] = useState(false);
  const shown = shownBills(bills, all, selectedId);
  return (
    <div className="grid content-start gap-2">
      <ul className="grid gap-2" aria-label={t("cardBills.list")}>
        {shown.map((bill) => {
          const { name, days } = textsOf(bill);
          const selected = bill.id === selectedId;
          return (
            <li key={bill.id}>
              <button
                type="button"
                aria-pressed={selected}
                onClick={() => onSelect(bill.id)}
                className={cn(
                  "grid w-full gap-1 rounded-xl border bg-card p-3 text-left text-sm outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50",
                  selected && "border-primary ring-1 ring-primary",
                )}
              >
                <span className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-semibold">{name}</span>
                  <StatusBadge status={bill.status} />
                </span>
                <span className="text-muted-foreground">{days}</span>
                <span className="flex flex-wrap justify-between gap-x-3">
                  <span>{formatMoney(bill.total, language)}</span>
                  {bill.leftToPay !== "0.00" ? (
                    <span className="text-muted-foreground">
                      {t("cardBills.leftToPay", { amount: formatMoney(bill.leftToPay, language) })}
                    </span>
                  ) : null}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {shown.length < bills.length ? (
        <Button variant="outline" onClick={() => setAll(true)}>
          {t("cardBills.showAll", { count: bills.length })}
        </Button>
      ) : null}
    </div>
  );
}

import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { PaymentMethod } from "../../../contract/payment-methods";
import { cardBillsQueryOptions } from "../../api/card-bills/get-card-bills";
import { useLanguage } from "../../i18n/use-language";
import { billChoiceTexts } from "./bill-choice";
import { paidWithChoices } from "./import-view";
import { SettingSelect } from "./setting-select";
import { importsTexts } from "./texts";

/**
 * "Pago com" (docs/product.md#into-a-card): none, or one of the family's active methods; with a
 * card, "Fatura": each line in the bill of its date, or every line in one of the card's bills.
 * Not drawn when the family has no active method, so the screen stays as it was for them.
 */
export function PaidWithChoice({
  methods,
  method,
  billId,
  onMethod,
  onBill,
}: {
  methods: readonly PaymentMethod[];
  method: PaymentMethod | undefined;
  billId: string;
  onMethod: (method: PaymentMethod | undefined) => void;
  onBill: (billId: string) => void;
}) {
  const { t } = useTranslation(importsTexts);
  const language = useLanguage();
  const card = method?.kind === "credit_card" ? method : undefined;
  const bills = useQuery({ ...cardBillsQueryOptions(card?.id ?? ""), enabled: card !== undefined });
  if (methods.length === 0 && !method) return null;
  const chosenBill = bills.data?.find((bill) => bill.id === billId);
  const choices = paidWithChoices(methods, method);
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <SettingSelect
        label={t("imports.paidWith.label")}
        value={method?.id ?? ""}
        options={[
          { value: "", label: t("imports.paidWith.none") },
          ...choices.map(({ method: choice, archived }) => ({
            value: choice.id,
            label: archived ? t("imports.paidWith.archived", { name: choice.name }) : choice.name,
          })),
        ]}
        onChange={(id) => onMethod(choices.find((choice) => choice.method.id === id)?.method)}
      />
      {card ? (
        <SettingSelect
          label={t("imports.bill.choose")}
          value={billId}
          options={[
            { value: "", label: t("imports.bill.byDate") },
            ...(bills.data ?? []).map((bill) => ({
              value: bill.id,
              label: billChoiceTexts(bill, t, language).label,
            })),
          ]}
          hint={
            chosenBill
              ? t("imports.bill.chosenHint", {
                  days: billChoiceTexts(chosenBill, t, language).days,
                })
              : t("imports.bill.byDateHint")
          }
          onChange={onBill}
        />
      ) : null}
    </div>
  );
}

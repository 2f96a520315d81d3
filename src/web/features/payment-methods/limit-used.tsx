import { useTranslation } from "react-i18next";
import { toCents } from "../../../contract/cents";
import type { PaymentMethod } from "../../../contract/payment-methods";
import { progressPercent } from "../../../domain/budget";
import { Progress } from "../../components/ui/progress";
import { useLanguage } from "../../i18n/use-language";
import { formatMoney } from "../../lib/format";
import { paymentMethodsTexts } from "./texts";

/**
 * What a card shows of what its bills still owe (docs/product.md#already-committed): against its
 * limit, with the share used as a bar ('Limite usado R$ 3.600,00 de R$ 5.000,00'), or alone
 * without one ('Em aberto R$ 3.600,00'). Accounts owe nothing here.
 */
export type LimitUse =
  | { kind: "limit"; used: string; limit: string; percent: number; over: boolean }
  | { kind: "open"; used: string };

export function limitUseOf(
  method: Pick<PaymentMethod, "kind" | "creditLimit" | "limitUsed">,
): LimitUse | null {
  if (method.kind !== "credit_card" || method.limitUsed === null) return null;
  const used = method.limitUsed;
  if (method.creditLimit === null) return { kind: "open", used };
  const usedCents = toCents(used);
  const limitCents = toCents(method.creditLimit);
  return {
    kind: "limit",
    used,
    limit: method.creditLimit,
    // The bar's width: the share used, whole percent, never past the end.
    percent: Math.round(progressPercent(usedCents, limitCents)),
    over: usedCents > limitCents,
  };
}

/**
 * A card's limit used: what its bills still owe (docs/product.md#already-committed), against its
 * limit with a bar, or alone when it has none. The text says it all; the bar only draws it.
 */
export function LimitUsed({ method }: { method: PaymentMethod }) {
  const { t } = useTranslation(paymentMethodsTexts);
  const language = useLanguage();
  const use = limitUseOf(method);
  if (!use) return null;
  const used = formatMoney(use.used, language);
  if (use.kind === "open") {
    return (
      <p className="text-sm" data-testid="limit-used">
        {t("paymentMethods.open", { amount: used })}
      </p>
    );
  }
  return (
    <div className="mt-1 grid w-full max-w-xs gap-1.5">
      <p className="text-sm tabular-nums" data-testid="limit-used">
        {t("paymentMethods.limitUsed", { used, limit: formatMoney(use.limit, language) })}
        {use.over ? (
          <span className="font-medium text-destructive">{` · ${t("paymentMethods.overLimit")}`}</span>
        ) : null}
      </p>
      <Progress
        value={use.percent}
        aria-label={t("paymentMethods.limitUsedShare", { name: method.name, percent: use.percent })}
        indicatorClassName={use.over ? "bg-destructive" : undefined}
      />
    </div>
  );
}

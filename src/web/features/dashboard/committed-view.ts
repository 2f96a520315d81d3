import { toCents } from "../../../contract/cents";
import type { CommittedPeriod, CommittedResponse } from "../../../contract/committed";

export type CommittedPart = { key: "installments" | "recurring" | "other"; amount: string };

/**
 * The dashboard's line (docs/product.md#already-committed): the next budget month after the shown
 * one, only when something is already committed in it or income is expected
 * (docs/product.md#the-forecast); nothing otherwise, and nothing to load.
 */
export function nextCommitted(response: CommittedResponse | undefined): CommittedPeriod | null {
  const next = response?.periods[0];
  return next && (toCents(next.total) > 0 || toCents(next.income) > 0) ? next : null;
}

/**
 * "Receita prevista R$ 5.000,00 · Livre R$ 4.160,00", or what is short when more is spoken for
 * than comes in; nothing without expected income, where "free" would say nothing.
 */
export function forecastOf(period: CommittedPeriod): { income: string; freeCents: number } | null {
  if (toCents(period.income) <= 0) return null;
  return { income: period.income, freeCents: toCents(period.free) };
}

/** What a month's total is made of, the parts that hold nothing left out. */
export function committedParts(period: CommittedPeriod): CommittedPart[] {
  const parts: CommittedPart[] = [
    { key: "installments", amount: period.installments },
    { key: "recurring", amount: period.recurring },
    { key: "other", amount: period.other },
  ];
  return parts.filter((part) => toCents(part.amount) !== 0);
}

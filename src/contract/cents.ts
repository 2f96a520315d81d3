// Integer cents without zod: the landing page's first screen (the month summary the signed-in
// dashboard's early calls fold, domain/month-summary.ts) must not download zod (the landing
// page's budget, docs/internals/web.md#what-the-landing-page-loads). money.ts re-exports both.

/** "12.5" -> 1250, "-0.05" -> -5: for comparisons and sums in integer cents. */
export const toCents = (amount: string): number => {
  const negative = amount.startsWith("-");
  const [whole = "0", fraction = ""] = (negative ? amount.slice(1) : amount).split(".");
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0").slice(0, 2));
  return negative ? -cents : cents;
};

/** 1250 -> "12.50"; negative values keep their sign. */
export const fromCents = (cents: number): string => {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
};

import { daysInMonth } from "../contract/calendar";

/**
 * Purchases in installments (docs/product.md#installments): a total split into installments in
 * integer cents that add up to it exactly, and each installment's date. Pure functions; the
 * server writes the series from them (expense-writes/writes.ts) and the web shows the same split
 * before the person saves.
 */

/**
 * `count` installments adding up to `totalCents` exactly. Without a typed first amount every
 * installment is the total divided evenly, the cents left over on the first ("R$ 100,00 em 3x":
 * 33,34 + 33,33 + 33,33); with one, the first is what was typed and the rest is split evenly
 * over the others, the cents left over on the second. The contract guarantees at least a cent
 * for each (src/contract/installments.ts).
 */
export function splitInstallments(
  totalCents: number,
  count: number,
  firstCents?: number,
): number[] {
  if (firstCents === undefined) {
    const each = Math.floor(totalCents / count);
    const amounts = Array.from({ length: count }, () => each);
    amounts[0] = each + (totalCents - each * count);
    return amounts;
  }
  const rest = totalCents - firstCents;
  const others = count - 1;
  const each = Math.floor(rest / others);
  const amounts = [firstCents, ...Array.from({ length: others }, () => each)];
  amounts[1] = each + (rest - each * others);
  return amounts;
}

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * The installments' dates: the first on `firstDate`, each next one on the same day of the
 * following month, or that month's last day when it is shorter (a purchase on the 31st falls on
 * 28 or 29 February, and on the 31st again in March).
 */
export function installmentDates(firstDate: string, count: number): string[] {
  const year = Number(firstDate.slice(0, 4));
  const month = Number(firstDate.slice(5, 7));
  const day = Number(firstDate.slice(8, 10));
  return Array.from({ length: count }, (_, i) => {
    const index = month - 1 + i;
    const y = year + Math.floor(index / 12);
    const m = (index % 12) + 1;
    return `${y}-${pad(m)}-${pad(Math.min(day, daysInMonth(y, m)))}`;
  });
}

/**
 * The first installment's date, from installment `number`'s: `number - 1` months before, on the
 * same day or that month's last (what installmentDates would have started from).
 */
export function firstInstallmentDate(date: string, number: number): string {
  const index = Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1 - (number - 1);
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  return `${y}-${pad(m)}-${pad(Math.min(Number(date.slice(8, 10)), daysInMonth(y, m)))}`;
}

// The family's budget month without zod: the web's month navigation and the dashboard read it
// on every screen (docs/internals/web.md#what-the-landing-page-loads); budget-period.ts builds
// the request schema on it. The rule itself is computed in src/domain/budget-period.ts.

/**
 * first-day: the calendar month (the default, docs/product.md#month-summary);
 * fixed-day: day N (2-28) of every month; business-day: the Nth business day (1-10);
 * last-business-day: the last business day of the month before.
 */
export const PERIOD_STARTS = [
  "first-day",
  "fixed-day",
  "business-day",
  "last-business-day",
] as const;
export type PeriodStart = (typeof PERIOD_STARTS)[number];

/** A fixed day on a weekend or holiday: stays, or moves to the previous or next business day. */
export const CLOSED_DAY_MOVES = ["stay", "previous", "next"] as const;
export type ClosedDayMove = (typeof CLOSED_DAY_MOVES)[number];

export const FIXED_DAY_MIN = 2;
export const FIXED_DAY_MAX = 28;
export const BUSINESS_DAY_MAX = 10;

export type BudgetPeriodRule = {
  start: PeriodStart;
  /** The fixed day (2-28), the business day's count (1-10), else 1. */
  day: number;
  /** Saturday is a business day (Monday to Saturday, the CLT's reading) rather than Mon-Fri. */
  saturdays: boolean;
  /** What a fixed day does on a weekend or holiday; "stay" for the other kinds. */
  closedDay: ClosedDayMove;
};

/** The specification's calendar month: every family's rule until its owner changes it. */
export const CALENDAR_MONTH: BudgetPeriodRule = {
  start: "first-day",
  day: 1,
  saturdays: false,
  closedDay: "stay",
};

/**
 * A rule in one short text, as the family history keeps it ("first-day",
 * "fixed-day:6:previous:mon-fri", "business-day:5:mon-sat", "last-business-day:mon-fri"): the
 * reader's screen words it in their language (parseBudgetPeriodRuleCode).
 */
export function budgetPeriodRuleCode(rule: BudgetPeriodRule): string {
  const week = rule.saturdays ? "mon-sat" : "mon-fri";
  switch (rule.start) {
    case "first-day":
      return "first-day";
    case "fixed-day":
      return `fixed-day:${rule.day}:${rule.closedDay}:${week}`;
    case "business-day":
      return `business-day:${rule.day}:${week}`;
    case "last-business-day":
      return `last-business-day:${week}`;
  }
}

/** The rule a budgetPeriodRuleCode text stands for, or undefined for any other text. */
export function parseBudgetPeriodRuleCode(code: string): BudgetPeriodRule | undefined {
  const parts = code.split(":");
  const saturdays = parts.at(-1) === "mon-sat";
  const week = parts.at(-1) === "mon-sat" || parts.at(-1) === "mon-fri";
  const day = Number(parts[1]);
  if (code === "first-day") return CALENDAR_MONTH;
  if (parts[0] === "fixed-day" && parts.length === 4 && week) {
    const closedDay = CLOSED_DAY_MOVES.find((move) => move === parts[2]);
    if (!closedDay || !Number.isInteger(day) || day < FIXED_DAY_MIN || day > FIXED_DAY_MAX) {
      return undefined;
    }
    return { start: "fixed-day", day, saturdays, closedDay };
  }
  if (parts[0] === "business-day" && parts.length === 3 && week) {
    if (!Number.isInteger(day) || day < 1 || day > BUSINESS_DAY_MAX) return undefined;
    return { start: "business-day", day, saturdays, closedDay: "stay" };
  }
  if (parts[0] === "last-business-day" && parts.length === 2 && week) {
    return { start: "last-business-day", day: 1, saturdays, closedDay: "stay" };
  }
  return undefined;
}

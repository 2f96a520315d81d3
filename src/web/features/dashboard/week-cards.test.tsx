// @vitest-environment jsdom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type BudgetPeriodRule, CALENDAR_MONTH } from "../../../contract/budget-period-rule";
import type { YearMonth } from "../../../domain/budget";
import { isCalendarMonth, periodNamed, weekBucketsOf } from "../../../domain/budget-period";
import { summarizeMonth } from "../../../domain/month-summary";
import { initI18n } from "../../i18n/init";
import { WeekCards } from "./week-cards";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

let container: HTMLDivElement;
let root: Root;

const noSpending = summarizeMonth(
  {
    period: { first: "2026-11-01", last: "2026-11-30" },
    totalSpent: "0.00",
    uncategorisedSpent: "0.00",
    privateSpent: "0.00",
    spentByCategory: [],
    spentByWeek: ["0.00", "0.00", "0.00", "0.00"],
  },
  [],
);

/** Each card's days line ("Dias 1–7"), as the dashboard shows it for `month` under `rule`. */
function dayLines(month: YearMonth, rule: BudgetPeriodRule = CALENDAR_MONTH) {
  const buckets = weekBucketsOf(periodNamed(month, rule));
  act(() =>
    root.render(
      <WeekCards weeks={noSpending.weeks} buckets={buckets} datesShown={!isCalendarMonth(rule)} />,
    ),
  );
  return [1, 2, 3, 4].map(
    (week) => container.querySelector(`[data-testid="week-${week}"] p`)?.textContent,
  );
}

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  initI18n("pt");
});

beforeEach(() => {
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe("<WeekCards />", () => {
  it("ends the fourth card on the month's last day, the 29th in a leap February", () => {
    expect(dayLines({ year: 2028, month: 2 })).toEqual([
      "Dias 1–7",
      "Dias 8–14",
      "Dias 15–21",
      "Dias 22–29",
    ]);
    expect(dayLines({ year: 2026, month: 2 })[3]).toBe("Dias 22–28");
    expect(dayLines({ year: 2026, month: 11 })[3]).toBe("Dias 22–30");
    expect(dayLines({ year: 2026, month: 12 })[3]).toBe("Dias 22–31");
  });

  it("shows each week's dates with the family's own budget month, the fourth ending with it", () => {
    // The 5th business day, Saturdays counted: November 2026's budget month is 7 Nov - 4 Dec.
    const fifthBusinessDay: BudgetPeriodRule = {
      start: "business-day",
      day: 5,
      saturdays: true,
      closedDay: "stay",
    };
    expect(dayLines({ year: 2026, month: 11 }, fifthBusinessDay)).toEqual([
      "7–13 nov",
      "14–20 nov",
      "21–27 nov",
      "28 nov – 4 dez",
    ]);
    initI18n("en");
    expect(dayLines({ year: 2026, month: 11 }, fifthBusinessDay)[3]).toBe("Nov 28 – Dec 4");
    initI18n("pt");
  });
});

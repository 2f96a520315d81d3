// @vitest-environment jsdom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { YearMonth } from "../../../domain/budget";
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
    totalSpent: "0.00",
    uncategorisedSpent: "0.00",
    spentByCategory: [],
    spentByWeek: ["0.00", "0.00", "0.00", "0.00"],
  },
  [],
);

/** Each card's "Dias 1–7" line, as the dashboard shows it for `month`. */
function dayLines(month: YearMonth) {
  act(() => root.render(<WeekCards weeks={noSpending.weeks} month={month} />));
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
});

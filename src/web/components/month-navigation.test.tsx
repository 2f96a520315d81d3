// @vitest-environment jsdom
import { act } from "react";
import { createRoot } from "react-dom/client";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { YearMonth } from "../../domain/budget";
import { periodNamed } from "../../domain/budget-period";
import { initI18n } from "../i18n/init";
import { selectedMonthOf } from "../lib/use-selected-month";
import { MonthNavigation } from "./month-navigation";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

describe("selectedMonthOf", () => {
  it("reads the month and year from the address", () => {
    expect(selectedMonthOf(new URLSearchParams("month=12&year=2025"), "2026-11-22")).toEqual({
      year: 2025,
      month: 12,
    });
  });

  it("falls back to today's month when either is missing or invalid", () => {
    const today = "2026-11-22";
    for (const search of ["", "month=12", "year=2025", "month=13&year=2025", "month=0&year=2025"]) {
      expect(selectedMonthOf(new URLSearchParams(search), today)).toEqual({
        year: 2026,
        month: 11,
      });
    }
    expect(selectedMonthOf(new URLSearchParams("month=1.5&year=2025"), today).month).toBe(11);
    expect(selectedMonthOf(new URLSearchParams("month=1&year=abc"), today).year).toBe(2026);
  });
});

describe("<MonthNavigation />", () => {
  beforeAll(() => {
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  });

  function renderAt(
    value: YearMonth,
    language: "pt" | "en",
    period?: { first: string; last: string },
  ) {
    initI18n(language);
    const onChange = vi.fn<(value: YearMonth) => void>();
    const container = document.createElement("div");
    document.body.append(container);
    const root = createRoot(container);
    act(() => root.render(<MonthNavigation value={value} onChange={onChange} period={period} />));
    const button = (name: string) => {
      const found = container.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`);
      if (!found) throw new Error(`no button "${name}"`);
      return found;
    };
    const cleanup = () => {
      act(() => root.unmount());
      container.remove();
    };
    return { container, onChange, button, cleanup };
  }

  it("names the month in the user's language and wraps December into next January", () => {
    const view = renderAt({ year: 2025, month: 12 }, "pt");
    expect(view.container.textContent).toBe("Dezembro de 2025");
    act(() => view.button("Próximo mês").click());
    expect(view.onChange).toHaveBeenLastCalledWith({ year: 2026, month: 1 });
    act(() => view.button("Mês anterior").click());
    expect(view.onChange).toHaveBeenLastCalledWith({ year: 2025, month: 11 });
    view.cleanup();
  });

  it("wraps January back into December of the previous year", () => {
    const view = renderAt({ year: 2026, month: 1 }, "en");
    expect(view.container.textContent).toBe("January 2026");
    act(() => view.button("Previous month").click());
    expect(view.onChange).toHaveBeenLastCalledWith({ year: 2025, month: 12 });
    view.cleanup();
  });

  it("names the family's own budget month with its days (docs/product.md#budget-periods)", () => {
    // The 5th business day, Saturdays counted: November 2026 is 7 Nov - 4 Dec.
    const period = periodNamed(
      { year: 2026, month: 11 },
      { start: "business-day", day: 5, saturdays: true, closedDay: "stay" },
    );
    const pt = renderAt({ year: 2026, month: 11 }, "pt", period);
    expect(pt.container.textContent).toBe("Novembro de 2026 · 7 nov – 4 dez");
    pt.cleanup();
    const en = renderAt({ year: 2026, month: 11 }, "en", period);
    expect(en.container.textContent).toBe("November 2026 · Nov 7 – Dec 4");
    en.cleanup();
    // Without a period (the calendar month) the name alone, as the specification has it.
    const calendar = renderAt({ year: 2026, month: 11 }, "pt");
    expect(calendar.container.textContent).toBe("Novembro de 2026");
    calendar.cleanup();
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dateOfEpochDay, epochDayOf } from "./brazil-holidays";
import { billClosingOf, billDueOn, billStatus, cardDayIn, neighbourClosing } from "./card-bills";
import { someDate } from "./testing/period-rules";

/**
 * A card's bills (docs/product.md#card-bills): worked examples a bank's app shows, then the
 * properties on any closing day, due day and date.
 */

const addDays = (date: string, days: number) => dateOfEpochDay(epochDayOf(date) + days);
const cardDay = fc.integer({ min: 1, max: 31 });

describe("the bill a purchase falls in", () => {
  it("is the one closing that month on or before the closing day, else the next month's", () => {
    // "Fecha dia 3, vence dia 10".
    expect(billClosingOf("2026-11-03", 3)).toBe("2026-11-03");
    expect(billClosingOf("2026-11-04", 3)).toBe("2026-12-03");
    expect(billClosingOf("2026-12-31", 3)).toBe("2027-01-03");
    expect(billDueOn("2026-12-03", 10)).toBe("2026-12-10");
  });

  it("takes a shorter month's last day for a later closing or due day", () => {
    expect(billClosingOf("2026-02-28", 31)).toBe("2026-02-28");
    expect(billClosingOf("2026-03-01", 31)).toBe("2026-03-31");
    expect(billClosingOf("2028-02-29", 30)).toBe("2028-02-29");
    expect(cardDayIn({ year: 2026, month: 4 }, 31)).toBe("2026-04-30");
    // Due on a day at or before the closing day: the next month.
    expect(billDueOn("2026-01-25", 5)).toBe("2026-02-05");
    expect(billDueOn("2026-01-31", 31)).toBe("2026-02-28");
  });

  it("closes on the first closing day on or after the purchase, and due after it within a month", () => {
    fc.assert(
      fc.property(someDate, cardDay, cardDay, (date, closingDay, dueDay) => {
        const closes = billClosingOf(date, closingDay);
        expect(closes >= date).toBe(true);
        // No closing day of the card between the purchase and its bill's.
        expect(billClosingOf(closes, closingDay)).toBe(closes);
        expect(neighbourClosing(closes, closingDay, -1) < date).toBe(true);
        // Every purchase up to the closing date is in that bill, and the next day is not.
        expect(billClosingOf(addDays(closes, 1), closingDay)).toBe(
          neighbourClosing(closes, closingDay, 1),
        );
        const due = billDueOn(closes, dueDay);
        expect(due > closes).toBe(true);
        expect(epochDayOf(due) - epochDayOf(closes)).toBeLessThanOrEqual(31);
      }),
      { numRuns: 2000 },
    );
  });

  it("has neighbours one month apart, each a closing date of the card", () => {
    fc.assert(
      fc.property(someDate, cardDay, (date, closingDay) => {
        const closes = billClosingOf(date, closingDay);
        const next = neighbourClosing(closes, closingDay, 1);
        expect(neighbourClosing(next, closingDay, -1)).toBe(closes);
        expect(billClosingOf(next, closingDay)).toBe(next);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("a bill's status", () => {
  it("is open until its closing day has passed, then closed until paid in full", () => {
    const bill = { closesOn: "2026-12-03" };
    expect(billStatus(bill, 10_000, 0, "2026-12-03")).toBe("open");
    expect(billStatus(bill, 10_000, 10_000, "2026-12-01")).toBe("open");
    expect(billStatus(bill, 10_000, 9_999, "2026-12-04")).toBe("closed");
    expect(billStatus(bill, 10_000, 10_000, "2026-12-04")).toBe("paid");
  });
});

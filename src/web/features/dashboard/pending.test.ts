import { describe, expect, it } from "vitest";
import { CALENDAR_MONTH } from "../../../contract/budget-period-rule";
import { periodNamed } from "../../../domain/budget-period";
import { type PendingExpense, pendingCents, pendingInPeriod } from "./pending";

const entry = (
  id: string,
  date: string,
  amount: string,
  status: PendingExpense["status"] = "pending",
): PendingExpense => ({
  id,
  status,
  input: { description: id, amount, date, categoryId: "3f1c2a7e-9b4d-4c1a-8e2f-5a6b7c8d9e0f" },
});

const november = periodNamed({ year: 2026, month: 11 }, CALENDAR_MONTH);
const october = periodNamed({ year: 2026, month: 10 }, CALENDAR_MONTH);

describe("pendingInPeriod", () => {
  it("keeps the shown month's entries still to be sent, newest first, and no refused one", () => {
    const queue = [
      entry("feira", "2026-11-03", "12.50"),
      entry("outubro", "2026-10-31", "5.00"),
      entry("recusado", "2026-11-04", "7.00", "refused"),
      entry("enviando", "2026-11-05", "0.10", "sending"),
      entry("ano seguinte", "2027-11-05", "1.00"),
    ];
    expect(pendingInPeriod(queue, november, 0).map((e) => e.id)).toEqual(["enviando", "feira"]);
    expect(pendingInPeriod(queue, october, 0).map((e) => e.id)).toEqual(["outubro"]);
    expect(pendingInPeriod([], november, 0)).toEqual([]);
  });

  it("follows the family's budget month, not the calendar's, at both of its ends", () => {
    // The 5th business day, Monday to Friday (2 November is All Souls): 9 Nov - 6 Dec.
    const period = periodNamed(
      { year: 2026, month: 11 },
      { start: "business-day", day: 5, saturdays: false, closedDay: "stay" },
    );
    expect(period).toMatchObject({ first: "2026-11-09", last: "2026-12-06" });
    const queue = [
      entry("antes", "2026-11-08", "1.00"),
      entry("primeiro dia", "2026-11-09", "2.00"),
      entry("dezembro", "2026-12-06", "3.00"),
      entry("depois", "2026-12-07", "4.00"),
    ];
    expect(pendingInPeriod(queue, period, 0).map((e) => e.id)).toEqual([
      "dezembro",
      "primeiro dia",
    ]);
  });

  it("leaves out one saved before the month's figures were answered: they hold it already", () => {
    const saved = { ...entry("feira", "2026-11-03", "12.50", "sending"), savedAt: 1_000 };
    // Saved, but the figures on screen are older: it still counts, or the total would drop.
    expect(pendingInPeriod([saved], november, 999)).toHaveLength(1);
    expect(pendingInPeriod([saved], november, 1_000)).toEqual([]);
    expect(pendingInPeriod([saved], november, 2_000)).toEqual([]);
  });
});

describe("pendingCents", () => {
  it("adds the amounts exactly, in cents", () => {
    expect(pendingCents([entry("a", "2026-11-01", "0.10"), entry("b", "2026-11-01", "0.20")])).toBe(
      30,
    );
    expect(pendingCents([])).toBe(0);
  });
});

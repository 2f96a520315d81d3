import { describe, expect, it } from "vitest";
import { type PendingExpense, pendingCents, pendingInMonth } from "./pending";

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

describe("pendingInMonth", () => {
  it("keeps the shown month's entries still to be sent, newest first, and no refused one", () => {
    const queue = [
      entry("feira", "2026-11-03", "12.50"),
      entry("outubro", "2026-10-31", "5.00"),
      entry("recusado", "2026-11-04", "7.00", "refused"),
      entry("enviando", "2026-11-05", "0.10", "sending"),
      entry("ano seguinte", "2027-11-05", "1.00"),
    ];
    expect(pendingInMonth(queue, { year: 2026, month: 11 }, 0).map((e) => e.id)).toEqual([
      "enviando",
      "feira",
    ]);
    expect(pendingInMonth(queue, { year: 2026, month: 10 }, 0).map((e) => e.id)).toEqual([
      "outubro",
    ]);
    expect(pendingInMonth([], { year: 2026, month: 11 }, 0)).toEqual([]);
  });

  it("leaves out one saved before the month's figures were answered: they hold it already", () => {
    const saved = { ...entry("feira", "2026-11-03", "12.50", "sending"), savedAt: 1_000 };
    const november = { year: 2026, month: 11 };
    // Saved, but the figures on screen are older: it still counts, or the total would drop.
    expect(pendingInMonth([saved], november, 999)).toHaveLength(1);
    expect(pendingInMonth([saved], november, 1_000)).toEqual([]);
    expect(pendingInMonth([saved], november, 2_000)).toEqual([]);
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

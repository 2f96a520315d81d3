import { afterEach, describe, expect, it } from "vitest";
import { historyQuery, historyRangeReversed, noHistoryFilters } from "./get-family-history";

/** The History screen's period is the person's own calendar days (docs/product.md#family-history). */
describe("historyQuery", () => {
  const zone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zone;
  });

  it("sends nothing for no filters", () => {
    expect(historyQuery(noHistoryFilters)).toEqual({});
  });

  it("turns the dates into the start of the first day and the end of the last, in the person's time zone", () => {
    process.env.TZ = "America/Sao_Paulo";
    expect(
      historyQuery({ person: "u1", kind: "expense", from: "2026-02-01", to: "2026-02-28" }),
    ).toEqual({
      actorUserId: "u1",
      kind: "expense",
      from: "2026-02-01T03:00:00.000Z",
      to: "2026-03-01T03:00:00.000Z",
    });
    process.env.TZ = "Asia/Tokyo";
    expect(historyQuery({ ...noHistoryFilters, from: "2026-12-31", to: "2026-12-31" })).toEqual({
      from: "2026-12-30T15:00:00.000Z",
      to: "2026-12-31T15:00:00.000Z",
    });
  });

  it("does not send a period that ends before it starts", () => {
    expect(
      historyRangeReversed({ ...noHistoryFilters, from: "2026-03-02", to: "2026-03-01" }),
    ).toBe(true);
    expect(
      historyRangeReversed({ ...noHistoryFilters, from: "2026-03-01", to: "2026-03-01" }),
    ).toBe(false);
    expect(historyRangeReversed({ ...noHistoryFilters, from: "2026-03-01" })).toBe(false);
  });
});

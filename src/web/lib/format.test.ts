import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  formatDate,
  formatDayRange,
  formatMoney,
  formatMoneyTick,
  formatMonthYear,
  formatSignedMoney,
  monthName,
  parseIsoDate,
  shortMonthName,
  todayIso,
} from "./format";

const nbsp = "\u00a0";

describe("formatSignedMoney (a refund's credit)", () => {
  it("writes the true minus sign before the currency in each language, and leaves a positive amount as formatMoney does", () => {
    expect(formatSignedMoney("-40.00", "pt")).toBe(`\u2212R$${nbsp}40,00`);
    expect(formatSignedMoney("-1234.5", "en")).toBe("\u2212$1,234.50");
    expect(formatSignedMoney("-40.00", "es")).toBe("\u2212$40.00");
    expect(formatSignedMoney("120.00", "pt")).toBe(formatMoney("120.00", "pt"));
  });
});

describe("formatMoney", () => {
  it("formats Brazilian reais for pt, with the non-breaking space Intl puts after R$", () => {
    expect(formatMoney("1234.56", "pt")).toBe(`R$${nbsp}1.234,56`);
    expect(formatMoney("0.00", "pt")).toBe(`R$${nbsp}0,00`);
    expect(formatMoney("-45.10", "pt")).toBe(`-R$${nbsp}45,10`);
  });

  it("formats US dollars for en", () => {
    expect(formatMoney("1234.56", "en")).toBe("$1,234.56");
    expect(formatMoney("1234.5", "en")).toBe("$1,234.50");
  });

  it("formats US dollars the es-US way for es", () => {
    expect(formatMoney("1234.56", "es")).toBe("$1,234.56");
    expect(formatMoney("99999999.99", "es")).toBe("$99,999,999.99");
  });

  it("keeps every cent of amounts a binary float cannot hold exactly", () => {
    // 0.1 + 0.2 style errors and the float limit of ~15 significant digits would show here.
    expect(formatMoney("99999999.99", "pt")).toBe(`R$${nbsp}99.999.999,99`);
    expect(formatMoney("12345678901234567.89", "en")).toBe("$12,345,678,901,234,567.89");
    expect(formatMoney("0.29", "en")).toBe("$0.29");
  });

  it("rejects text that is not a decimal amount instead of printing NaN", () => {
    expect(() => formatMoney("12,50", "pt")).toThrow(RangeError);
    expect(() => formatMoney("abc", "en")).toThrow(RangeError);
    expect(() => formatMoney("", "en")).toThrow(RangeError);
  });
});

describe("parseIsoDate", () => {
  it("splits a calendar date", () => {
    expect(parseIsoDate("2024-02-29")).toEqual({ year: 2024, month: 2, day: 29 });
  });

  it("rejects impossible or malformed dates", () => {
    expect(() => parseIsoDate("2023-02-29")).toThrow(RangeError);
    expect(() => parseIsoDate("2024-13-01")).toThrow(RangeError);
    expect(() => parseIsoDate("2024-1-5")).toThrow(RangeError);
    expect(() => parseIsoDate("2024-01-05T00:00:00Z")).toThrow(RangeError);
  });
});

describe("monthName and formatMonthYear", () => {
  it("names months in the user's language, capitalised", () => {
    expect(monthName(1, "pt")).toBe("Janeiro");
    expect(monthName(3, "pt")).toBe("Março");
    expect(monthName(12, "pt")).toBe("Dezembro");
    expect(monthName(3, "en")).toBe("March");
    expect(monthName(3, "es")).toBe("Marzo");
  });

  it("writes month and year", () => {
    expect(formatMonthYear(3, 2025, "pt")).toBe("Março de 2025");
    expect(formatMonthYear(12, 2024, "en")).toBe("December 2024");
    expect(formatMonthYear(1, 2026, "es")).toBe("Enero de 2026");
  });

  it("rejects month numbers outside 1-12", () => {
    expect(() => monthName(0, "en")).toThrow(RangeError);
    expect(() => monthName(13, "en")).toThrow(RangeError);
    expect(() => formatMonthYear(13, 2025, "en")).toThrow(RangeError);
  });
});

/**
 * Node re-reads process.env.TZ when it is assigned, so one file can check both sides of UTC.
 * Each block first proves the zone took effect, so a test can't pass by running in UTC.
 */
const zones = [
  { zone: "America/Sao_Paulo", offsetMinutes: 180 },
  { zone: "Asia/Tokyo", offsetMinutes: -540 },
];

for (const { zone, offsetMinutes } of zones) {
  describe(`in the time zone ${zone}`, () => {
    const original = process.env.TZ;
    beforeAll(() => {
      process.env.TZ = zone;
    });
    afterAll(() => {
      // Assigning undefined would store the string "undefined", an unknown zone.
      if (original === undefined) delete process.env.TZ;
      else process.env.TZ = original;
    });

    it("runs with the expected offset", () => {
      // 2025-07-01 is outside any daylight saving in both zones.
      expect(new Date("2025-07-01T12:00:00Z").getTimezoneOffset()).toBe(offsetMinutes);
      expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(zone);
    });

    it.each([
      ["2024-01-01", "01/01/2024", "01/01/2024", "01/01/2024"],
      ["2024-01-31", "31/01/2024", "01/31/2024", "31/01/2024"],
      ["2024-02-01", "01/02/2024", "02/01/2024", "01/02/2024"],
      ["2024-02-29", "29/02/2024", "02/29/2024", "29/02/2024"],
      ["2024-12-01", "01/12/2024", "12/01/2024", "01/12/2024"],
      ["2024-12-31", "31/12/2024", "12/31/2024", "31/12/2024"],
      ["2025-01-01", "01/01/2025", "01/01/2025", "01/01/2025"],
    ])("formats %s without moving to another day", (iso, pt, en, es) => {
      expect(formatDate(iso, "pt")).toBe(pt);
      expect(formatDate(iso, "en")).toBe(en);
      expect(formatDate(iso, "es")).toBe(es);
    });

    it("gives today's local calendar date, not the UTC one", () => {
      // 22:30 in Sao Paulo on New Year's Eve is already 01:30 on January 1st in UTC;
      // 07:30 in Tokyo on January 1st is still December 31st in UTC.
      const lateEveningSaoPaulo = new Date("2025-01-01T01:30:00Z");
      const earlyMorningTokyo = new Date("2024-12-31T22:30:00Z");
      if (zone === "America/Sao_Paulo") {
        expect(todayIso(lateEveningSaoPaulo)).toBe("2024-12-31");
        expect(todayIso(earlyMorningTokyo)).toBe("2024-12-31");
      } else {
        expect(todayIso(lateEveningSaoPaulo)).toBe("2025-01-01");
        expect(todayIso(earlyMorningTokyo)).toBe("2025-01-01");
      }
    });

    it("gives the last and first day of a month as they are locally", () => {
      // Noon local time on the 31st is safely the 31st in both zones.
      const local = new Date(2024, 0, 31, 12, 0, 0);
      expect(todayIso(local)).toBe("2024-01-31");
      expect(todayIso(new Date(2024, 1, 1, 0, 0, 0))).toBe("2024-02-01");
      expect(todayIso(new Date(2024, 0, 31, 23, 59, 59))).toBe("2024-01-31");
    });

    it("round-trips todayIso through formatDate without shifting", () => {
      const now = new Date(2024, 11, 31, 23, 30, 0);
      expect(formatDate(todayIso(now), "pt")).toBe("31/12/2024");
    });
  });
}

describe("shortMonthName and formatMoneyTick (the trend chart's axes)", () => {
  it("names months briefly in each language", () => {
    expect(shortMonthName(1, "pt")).toBe("jan.");
    expect(shortMonthName(1, "en")).toBe("Jan");
    expect(shortMonthName(1, "es")).toBe("ene");
    expect(() => shortMonthName(13, "pt")).toThrow(RangeError);
  });

  it("writes ticks compactly in the language's currency, without needless decimals", () => {
    const plain = (text: string) => text.replace(/\s/g, " ");
    expect(plain(formatMoneyTick(0, "pt"))).toBe("R$ 0");
    expect(plain(formatMoneyTick(160_000, "pt"))).toBe("R$ 1,6 mil");
    expect(formatMoneyTick(160_000, "en")).toBe("$1.6K");
    expect(formatMoneyTick(80_000, "en")).toBe("$800");
  });
});

describe("formatDayRange (the budget month's days)", () => {
  it("names the month once when both days are in it, in each language's order", () => {
    expect(formatDayRange("2026-11-07", "2026-11-13", "pt")).toBe("7–13 nov");
    expect(formatDayRange("2026-11-07", "2026-11-13", "en")).toBe("Nov 7–13");
    expect(formatDayRange("2026-11-07", "2026-11-13", "es")).toBe("7–13 nov");
  });

  it("names both months across a month's end, and no year across a year's", () => {
    expect(formatDayRange("2026-11-07", "2026-12-04", "pt")).toBe("7 nov – 4 dez");
    expect(formatDayRange("2026-12-28", "2027-01-04", "pt")).toBe("28 dez – 4 jan");
    expect(formatDayRange("2026-12-28", "2027-01-04", "en")).toBe("Dec 28 – Jan 4");
    expect(formatDayRange("2026-05-01", "2026-05-31", "es")).toBe("1–31 may");
  });
});

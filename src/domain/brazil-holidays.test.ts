import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BLACK_CONSCIOUSNESS_FROM,
  brazilNationalHolidays,
  easterSunday,
  type HolidayName,
  isBrazilNationalHoliday,
} from "./brazil-holidays";

/**
 * The holidays a business day skips (docs/product.md#budget-periods), held to the published
 * national calendars (federal law for the fixed ones, Febraban's for Carnaval, Good Friday and
 * Corpus Christi), written out here by hand rather than computed from Easter: a wrong Easter
 * would move every moving holiday of its year, and only a table made another way can tell.
 */

/** Easter Sunday, then Carnaval Monday and Tuesday, Good Friday and Corpus Christi, "MM-DD". */
const PUBLISHED: Record<number, [string, string, string, string, string]> = {
  2020: ["04-12", "02-24", "02-25", "04-10", "06-11"],
  2021: ["04-04", "02-15", "02-16", "04-02", "06-03"],
  2022: ["04-17", "02-28", "03-01", "04-15", "06-16"],
  2023: ["04-09", "02-20", "02-21", "04-07", "06-08"],
  2024: ["03-31", "02-12", "02-13", "03-29", "05-30"],
  2025: ["04-20", "03-03", "03-04", "04-18", "06-19"],
  2026: ["04-05", "02-16", "02-17", "04-03", "06-04"],
  2027: ["03-28", "02-08", "02-09", "03-26", "05-27"],
  2028: ["04-16", "02-28", "02-29", "04-14", "06-15"],
  2029: ["04-01", "02-12", "02-13", "03-30", "05-31"],
  2030: ["04-21", "03-04", "03-05", "04-19", "06-20"],
  2031: ["04-13", "02-24", "02-25", "04-11", "06-12"],
  2032: ["03-28", "02-09", "02-10", "03-26", "05-27"],
  2033: ["04-17", "02-28", "03-01", "04-15", "06-16"],
  2034: ["04-09", "02-20", "02-21", "04-07", "06-08"],
  2035: ["03-25", "02-05", "02-06", "03-23", "05-24"],
};

/** The same date every year by federal law, in date order. */
const FIXED: [string, HolidayName][] = [
  ["01-01", "new-year"],
  ["04-21", "tiradentes"],
  ["05-01", "labour-day"],
  ["09-07", "independence"],
  ["10-12", "aparecida"],
  ["11-02", "all-souls"],
  ["11-15", "republic"],
  ["12-25", "christmas"],
];

const YEARS = Object.keys(PUBLISHED).map(Number);

/** A year's holidays as the calendars list them, in date order. */
function published(year: number): { date: string; name: HolidayName }[] {
  const [, carnivalMonday, carnivalTuesday, goodFriday, corpusChristi] = PUBLISHED[year] as [
    string,
    string,
    string,
    string,
    string,
  ];
  const days: [string, HolidayName][] = [
    ...FIXED,
    [carnivalMonday, "carnival-monday"],
    [carnivalTuesday, "carnival-tuesday"],
    [goodFriday, "good-friday"],
    [corpusChristi, "corpus-christi"],
    ...(year >= 2024 ? [["11-20", "black-consciousness"] as [string, HolidayName]] : []),
  ];
  return days
    .map(([day, name]) => ({ date: `${year}-${day}`, name }))
    .sort((a, b) => a.date.localeCompare(b.date));
}

// 0 is Sunday, by the JavaScript calendar, not the module's own weekday arithmetic.
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

describe("the published table itself", () => {
  it("puts each moving holiday on its weekday", () => {
    for (const year of YEARS) {
      const [easter, monday, tuesday, friday, corpus] = PUBLISHED[year] as string[];
      expect(
        [easter, monday, tuesday, friday, corpus].map((day) => weekday(`${year}-${day}`)),
        `${year}`,
      ).toEqual([0, 1, 2, 5, 4]);
    }
  });
});

describe("easterSunday", () => {
  it("is the published Easter of every year 2020-2035", () => {
    for (const year of YEARS) {
      expect(easterSunday(year)).toBe(`${year}-${PUBLISHED[year]?.[0]}`);
    }
  });

  it("falls on a Sunday between March 22 and April 25 in every year the contract accepts", () => {
    for (let year = 1900; year <= 2199; year++) {
      const easter = easterSunday(year);
      expect(weekday(easter), easter).toBe(0);
      expect(easter.slice(5) >= "03-22" && easter.slice(5) <= "04-25", easter).toBe(true);
    }
  });
});

describe("brazilNationalHolidays", () => {
  it("lists every national holiday of 2020-2035 as published, in date order", () => {
    for (const year of YEARS) {
      expect(brazilNationalHolidays(year), `${year}`).toEqual(published(year));
    }
  });

  it("counts Consciência Negra from 2024 only (Lei 14.759/2023)", () => {
    expect(BLACK_CONSCIOUSNESS_FROM).toBe(2024);
    expect(brazilNationalHolidays(2023).map((h) => h.name)).not.toContain("black-consciousness");
    expect(brazilNationalHolidays(2023)).toHaveLength(12);
    expect(brazilNationalHolidays(2024)).toContainEqual({
      date: "2024-11-20",
      name: "black-consciousness",
    });
    expect(brazilNationalHolidays(2024)).toHaveLength(13);
  });
});

describe("isBrazilNationalHoliday", () => {
  it("is true on every published holiday and false on every other day of 2020-2035", () => {
    for (const year of YEARS) {
      const holidays = new Set(published(year).map((h) => h.date));
      for (let day = Date.UTC(year, 0, 1); day < Date.UTC(year + 1, 0, 1); day += 86_400_000) {
        const date = new Date(day).toISOString().slice(0, 10);
        expect(isBrazilNationalHoliday(date), date).toBe(holidays.has(date));
      }
    }
  });

  it("leaves the days around the moving holidays as ordinary days", () => {
    // Ash Wednesday, Holy Saturday, Easter Sunday and the day after Corpus Christi are not
    // national holidays; Consciência Negra before 2024 was not either.
    for (const date of ["2026-02-18", "2026-02-15", "2026-04-04", "2026-04-05", "2026-06-05"]) {
      expect(isBrazilNationalHoliday(date), date).toBe(false);
    }
    expect(isBrazilNationalHoliday("2023-11-20")).toBe(false);
    expect(isBrazilNationalHoliday("2024-11-20")).toBe(true);
  });

  it("agrees with the year's list on any date the contract accepts", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 2199 }), fc.nat(365), (year, offset) => {
        const date = new Date(Date.UTC(year, 0, 1 + offset)).toISOString().slice(0, 10);
        const listed = brazilNationalHolidays(Number(date.slice(0, 4))).some(
          (h) => h.date === date,
        );
        expect(isBrazilNationalHoliday(date)).toBe(listed);
      }),
      { numRuns: 500 },
    );
  });
});

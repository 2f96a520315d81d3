/**
 * Brazil's national holidays, the days no business day is (docs/product.md#budget-periods): the
 * fixed ones of federal law and the Easter-based ones as the banks keep them (Febraban's
 * calendar): Carnaval Monday and Tuesday, Good Friday, Corpus Christi. Their SQL twin is
 * budget_is_holiday in src/server/db/functions/budget-rules.sql.
 */

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a calendar date "YYYY-MM-DD" (no time zone: UTC arithmetic). */
export const epochDayOf = (date: string) =>
  Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) /
  DAY_MS;

/** The calendar date "YYYY-MM-DD" of a count of days since 1970-01-01. */
export const dateOfEpochDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Easter Sunday of a Gregorian year (the anonymous algorithm, as in Meeus). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

export type HolidayName =
  | "new-year"
  | "carnival-monday"
  | "carnival-tuesday"
  | "good-friday"
  | "tiradentes"
  | "labour-day"
  | "corpus-christi"
  | "independence"
  | "aparecida"
  | "all-souls"
  | "republic"
  | "black-consciousness"
  | "christmas";

/** Dia Nacional de Zumbi e da Consciência Negra, a national holiday from 2024 (Lei 14.759/2023). */
export const BLACK_CONSCIOUSNESS_FROM = 2024;

/** The year's national holidays in date order. */
export function brazilNationalHolidays(year: number): { date: string; name: HolidayName }[] {
  const easter = epochDayOf(easterSunday(year));
  const fromEaster = (days: number) => dateOfEpochDay(easter + days);
  const fixed = (month: number, day: number) =>
    `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  const holidays: { date: string; name: HolidayName }[] = [
    { date: fixed(1, 1), name: "new-year" },
    { date: fromEaster(-48), name: "carnival-monday" },
    { date: fromEaster(-47), name: "carnival-tuesday" },
    { date: fromEaster(-2), name: "good-friday" },
    { date: fixed(4, 21), name: "tiradentes" },
    { date: fixed(5, 1), name: "labour-day" },
    { date: fromEaster(60), name: "corpus-christi" },
    { date: fixed(9, 7), name: "independence" },
    { date: fixed(10, 12), name: "aparecida" },
    { date: fixed(11, 2), name: "all-souls" },
    { date: fixed(11, 15), name: "republic" },
    { date: fixed(12, 25), name: "christmas" },
  ];
  if (year >= BLACK_CONSCIOUSNESS_FROM) {
    holidays.push({ date: fixed(11, 20), name: "black-consciousness" });
  }
  return holidays.sort((x, y) => x.date.localeCompare(y.date));
}

const holidaysByYear = new Map<number, Set<string>>();

/** Whether a calendar date is one of Brazil's national holidays. */
export function isBrazilNationalHoliday(date: string): boolean {
  const year = Number(date.slice(0, 4));
  let dates = holidaysByYear.get(year);
  if (!dates) {
    dates = new Set(brazilNationalHolidays(year).map((holiday) => holiday.date));
    holidaysByYear.set(year, dates);
  }
  return dates.has(date);
}

import type { Language } from "../../contract/common";
import { localeSettings } from "../../contract/locale";

const settings = localeSettings;

export function localeOf(language: Language): string {
  return settings[language].locale;
}

const decimalPattern = /^-?\d+(\.\d+)?$/;

/**
 * Formats a decimal string such as "1234.50" as money. The string goes to Intl unchanged, which
 * formats it exactly, so cents are never rounded through a binary float.
 */
export function formatMoney(amount: string, language: Language): string {
  const value = amount.trim();
  if (!decimalPattern.test(value)) throw new RangeError(`Not a decimal amount: "${amount}"`);
  return moneyFormat(language).format(value as Intl.StringNumericLiteral);
}

/**
 * An amount that may be a credit (a refund, docs/product.md#refunds): formatMoney with the true
 * minus sign (U+2212) that typesetting uses for money, "−R$ 40,00", wherever Intl put its hyphen
 * ("-R$ 40,00" in pt, "-$40.00" in en).
 */
export function formatSignedMoney(amount: string, language: Language): string {
  return formatMoney(amount, language).replace("-", "\u2212");
}

/**
 * One formatter per language, made on first use: building an Intl formatter costs far more than
 * using one, and a screen formats dozens of amounts and dates as it first renders.
 */
function cachedPerLanguage<T>(make: (language: Language) => T): (language: Language) => T {
  const made = new Map<Language, T>();
  return (language) => {
    let formatter = made.get(language);
    if (formatter === undefined) {
      formatter = make(language);
      made.set(language, formatter);
    }
    return formatter;
  };
}

const moneyFormat = cachedPerLanguage((language) => {
  const { locale, currency } = settings[language];
  return new Intl.NumberFormat(locale, { style: "currency", currency });
});

const dateFormat = cachedPerLanguage(
  (language) =>
    new Intl.DateTimeFormat(localeOf(language), {
      timeZone: "UTC",
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
    }),
);

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Splits "YYYY-MM-DD" into numbers, rejecting impossible days such as 2023-02-29. */
export function parseIsoDate(iso: string): { year: number; month: number; day: number } {
  const match = isoDatePattern.exec(iso);
  if (!match) throw new RangeError(`Not a calendar date: "${iso}"`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) {
    throw new RangeError(`Not a calendar date: "${iso}"`);
  }
  return { year, month, day };
}

/**
 * A calendar date has no time zone: it is placed at UTC midnight and formatted in UTC, so the
 * user's own offset can never move it to the previous or next day.
 */
export function formatDate(iso: string, language: Language): string {
  const { year, month, day } = parseIsoDate(iso);
  return dateFormat(language).format(Date.UTC(year, month - 1, day));
}

function capitalize(text: string, locale: string): string {
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

// Each Intl formatter is made once per language: making one costs far more than formatting with
// it (formatMonthYear alone was ~100 ms of a cold dashboard's main thread at 4x CPU slowdown,
// docs/internals/web.md#a-cold-signed-in-visit).
const longMonthFormat = cachedPerLanguage(
  (language) => new Intl.DateTimeFormat(localeOf(language), { timeZone: "UTC", month: "long" }),
);

const monthYearFormat = cachedPerLanguage(
  (language) =>
    new Intl.DateTimeFormat(localeOf(language), {
      timeZone: "UTC",
      month: "long",
      year: "numeric",
    }),
);

/** The month's name (1 = January), capitalised because it mostly starts titles and labels. */
export function monthName(month: number, language: Language): string {
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    throw new RangeError(`Not a month: ${month}`);
  }
  return capitalize(
    longMonthFormat(language).format(Date.UTC(2000, month - 1, 1)),
    localeOf(language),
  );
}

/**
 * The month's name inside a sentence, as the language writes it there: "dezembro", "diciembre",
 * "December" (monthName capitalises it for titles).
 */
export function monthInSentence(month: number, language: Language): string {
  return longMonthFormat(language).format(Date.UTC(2000, month - 1, 1));
}

const shortMonthFormat = cachedPerLanguage(
  (language) => new Intl.DateTimeFormat(localeOf(language), { timeZone: "UTC", month: "short" }),
);

/** A month's short name for a chart's axis: "Jan", "jan.", "ene". */
export function shortMonthName(month: number, language: Language): string {
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    throw new RangeError(`Not a month: ${month}`);
  }
  return shortMonthFormat(language).format(Date.UTC(2000, month - 1, 1));
}

/** Whether the language writes the day before the month ("7 de nov."), from Intl itself. */
const dayBeforeMonth = cachedPerLanguage((language) => {
  const parts = new Intl.DateTimeFormat(localeOf(language), {
    timeZone: "UTC",
    day: "numeric",
    month: "short",
  }).formatToParts(Date.UTC(2000, 10, 7));
  const indexOf = (type: string) => parts.findIndex((part) => part.type === type);
  return indexOf("day") < indexOf("month");
});

/**
 * A span of days as the budget month's navigation and week cards show it
 * (docs/product.md#budget-periods): short enough for half a phone's width, without the year (the
 * month's name says it) or the locale's "de", the month named once when both days are in it:
 * "7–13 nov", "28 nov – 4 dez" (pt), "Nov 7–13", "Nov 28 – Dec 4" (en).
 */
export function formatDayRange(first: string, last: string, language: Language): string {
  const from = parseIsoDate(first);
  const to = parseIsoDate(last);
  const name = (month: number) => shortMonthName(month, language).replace(/\.$/, "");
  const dayFirst = dayBeforeMonth(language);
  const day = ({ day, month }: typeof from) =>
    dayFirst ? `${day} ${name(month)}` : `${name(month)} ${day}`;
  if (from.year !== to.year || from.month !== to.month) return `${day(from)} – ${day(to)}`;
  return dayFirst
    ? `${from.day}–${to.day} ${name(from.month)}`
    : `${name(from.month)} ${from.day}–${to.day}`;
}

const compactMoneyFormat = cachedPerLanguage((language) => {
  const { locale, currency } = settings[language];
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    notation: "compact",
    minimumFractionDigits: 0,
    maximumFractionDigits: 1,
  });
});

/**
 * A chart axis' tick ("R$ 1,2 mil", "$1.2K"): a position on a scale, not an amount anyone reads
 * to the cent, so the integer cents may go through a float here. Amounts use formatMoney.
 */
export function formatMoneyTick(cents: number, language: Language): string {
  return compactMoneyFormat(language).format(cents / 100);
}

/** "March 2025", "Março de 2025", "Marzo de 2025". */
export function formatMonthYear(month: number, year: number, language: Language): string {
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    throw new RangeError(`Not a month: ${month}`);
  }
  return capitalize(
    monthYearFormat(language).format(Date.UTC(year, month - 1, 1)),
    localeOf(language),
  );
}

/** Today's calendar date where the user is, not in UTC: late evening stays on today. */
export function todayIso(now: Date = new Date()): string {
  const year = String(now.getFullYear()).padStart(4, "0");
  const month = String(now.getMonth() + 1).padStart(2, "0");
  const day = String(now.getDate()).padStart(2, "0");
  return `${year}-${month}-${day}`;
}

/**
 * Makes the formatters a month screen uses first (money, dates, the month's title): the first
 * Intl formatter of a page loads the locale's data, ~150 ms of a phone's main thread at 4x CPU
 * slowdown. start-calls.ts calls it while the screen's calls are on their way, when the main
 * thread would otherwise wait, so the first render does not pay it
 * (docs/internals/web.md#a-cold-signed-in-visit).
 */
export function warmFormats(language: Language) {
  moneyFormat(language);
  dateFormat(language);
  monthYearFormat(language);
}

import type { Language } from "../../contract/common";
import { languageOfBrowserTag } from "../../contract/languages";

export const languageStorageKey = "language";

/**
 * The attribute naming the language of each EN/PT/ES button (components/layout/language-switcher.tsx),
 * by which the static landing page's script finds them (features/landing/static-landing.ts).
 */
export const languageOptionAttribute = "data-language-option";

/** Where Portuguese is most likely wanted even on a browser set to another language. */
export const brazilianTimeZones = [
  "America/Sao_Paulo",
  "America/Recife",
  "America/Fortaleza",
  "America/Manaus",
] as const;

/**
 * Whether a UTC offset (Date's getTimezoneOffset: minutes west of UTC) can be one of
 * brazilianTimeZones' today: UTC-3 (São Paulo, Recife, Fortaleza) or UTC-4 (Manaus), and UTC-2
 * for a browser whose zone data still has São Paulo's summer time (abolished in 2019).
 */
export function couldBeBrazilianOffset(minutesWestOfUtc: number): boolean {
  return minutesWestOfUtc === 120 || minutesWestOfUtc === 180 || minutesWestOfUtc === 240;
}

const supported: readonly string[] = ["en", "pt", "es"] satisfies Language[];

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && supported.includes(value);
}

export type DetectionInput = {
  /** The value under the `language` local storage key, if any. */
  stored?: string | null;
  /** navigator.language, e.g. "pt-BR". */
  browserLanguage?: string | null;
  /** The IANA zone, e.g. "America/Recife". */
  timeZone?: string | null;
};

/**
 * The first language the user sees: a valid stored choice, else the browser language (pt or es),
 * else Portuguese for Brazilian time zones, else English.
 */
export function detectLanguage({ stored, browserLanguage, timeZone }: DetectionInput): Language {
  if (isLanguage(stored)) return stored;
  const browser = languageOfBrowserTag(browserLanguage);
  if (browser) return browser;
  if (timeZone && (brazilianTimeZones as readonly string[]).includes(timeZone)) return "pt";
  return "en";
}

/** Reads the detection inputs from the browser; each one may be unavailable (privacy modes). */
export function readDetectionInput(): DetectionInput {
  let stored: string | null = null;
  try {
    stored = globalThis.localStorage?.getItem(languageStorageKey) ?? null;
  } catch {
    // Storage can throw when blocked; detection then goes on with the other signals.
  }
  return {
    stored,
    browserLanguage: globalThis.navigator?.language ?? null,
    // Read only when the stored choice and the browser language leave the question open: it
    // builds an Intl formatter, whose first use loads the locale's date data (~120 ms of a phone's
    // CPU in Lighthouse's profile, on the landing page's way to being ready). A zone whose offset
    // is none of Brazil's cannot be one of them, so the formatter is built only for those.
    get timeZone() {
      try {
        if (!couldBeBrazilianOffset(new Date().getTimezoneOffset())) return null;
        return Intl.DateTimeFormat().resolvedOptions().timeZone ?? null;
      } catch {
        // Same: no zone simply means this signal is skipped.
        return null;
      }
    },
  };
}

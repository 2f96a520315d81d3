import type { TFunction } from "i18next";
import type { Language } from "../../../contract/common";
import type { Device } from "../../../contract/sessions";
import { localeOf } from "../../lib/format";

/** 'Chrome no Android'; the browser or the system alone when only one is known. */
export function deviceName(device: Device, t: TFunction): string {
  const { browser, os } = device;
  if (browser && os) return t("profile.devices.name", { browser, os });
  return browser ?? os ?? t("profile.devices.unknown");
}

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const relativeFormats = new Map<Language, Intl.RelativeTimeFormat>();
const relativeFormat = (language: Language) => {
  let format = relativeFormats.get(language);
  if (!format) {
    format = new Intl.RelativeTimeFormat(localeOf(language), { numeric: "auto" });
    relativeFormats.set(language, format);
  }
  return format;
};

/**
 * When a login was last used, in the user's language. The server records it at most once an
 * hour (docs/product.md#signed-in-devices), so anything under an hour is 'in the last hour' and
 * the rest is counted in whole hours, days or months: 'há 3 horas', 'ontem', 'há 2 meses'.
 */
export function lastSeenText(lastSeenAt: string, now: Date, language: Language, t: TFunction) {
  const elapsed = Math.max(0, now.getTime() - Date.parse(lastSeenAt));
  if (elapsed < HOUR) return t("profile.devices.activeRecently");
  const format = relativeFormat(language);
  const when =
    elapsed < DAY
      ? format.format(-Math.floor(elapsed / HOUR), "hour")
      : elapsed < 30 * DAY
        ? format.format(-Math.floor(elapsed / DAY), "day")
        : format.format(-Math.floor(elapsed / (30 * DAY)), "month");
  return t("profile.devices.lastSeen", { when });
}

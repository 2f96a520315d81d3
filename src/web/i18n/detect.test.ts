import { afterEach, describe, expect, it, vi } from "vitest";
import {
  brazilianTimeZones,
  couldBeBrazilianOffset,
  detectLanguage,
  isLanguage,
  readDetectionInput,
} from "./detect";

describe("detectLanguage", () => {
  it("uses a valid stored language before anything else", () => {
    expect(
      detectLanguage({ stored: "es", browserLanguage: "pt-BR", timeZone: "America/Sao_Paulo" }),
    ).toBe("es");
    expect(detectLanguage({ stored: "en", browserLanguage: "pt-BR" })).toBe("en");
    expect(detectLanguage({ stored: "pt", browserLanguage: "es-ES" })).toBe("pt");
  });

  it("ignores a stored value that is not a supported language", () => {
    expect(detectLanguage({ stored: "fr", browserLanguage: "es-MX" })).toBe("es");
    expect(detectLanguage({ stored: "PT", browserLanguage: "en-US" })).toBe("en");
    expect(detectLanguage({ stored: "", browserLanguage: "pt" })).toBe("pt");
  });

  it("uses a browser language starting with pt or es", () => {
    expect(detectLanguage({ browserLanguage: "pt-BR" })).toBe("pt");
    expect(detectLanguage({ browserLanguage: "pt-PT" })).toBe("pt");
    expect(detectLanguage({ browserLanguage: "PT-br" })).toBe("pt");
    expect(detectLanguage({ browserLanguage: "es-ES" })).toBe("es");
    expect(detectLanguage({ browserLanguage: "es-419" })).toBe("es");
  });

  it("prefers the browser language over the time zone", () => {
    expect(detectLanguage({ browserLanguage: "es-AR", timeZone: "America/Sao_Paulo" })).toBe("es");
  });

  it.each(brazilianTimeZones)("chooses Portuguese in %s when the browser says neither", (zone) => {
    expect(detectLanguage({ browserLanguage: "en-US", timeZone: zone })).toBe("pt");
  });

  it("falls back to English for other zones and missing signals", () => {
    expect(detectLanguage({ browserLanguage: "en-US", timeZone: "Europe/London" })).toBe("en");
    expect(detectLanguage({ browserLanguage: "fr-FR", timeZone: "America/New_York" })).toBe("en");
    expect(detectLanguage({})).toBe("en");
    expect(detectLanguage({ stored: null, browserLanguage: null, timeZone: null })).toBe("en");
  });
});

/** getTimezoneOffset's value (minutes west of UTC) for `zone` at `instant`, from Node's zone data. */
function minutesWestOfUtc(zone: string, instant: Date): number {
  const name = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" })
    .formatToParts(instant)
    .find((part) => part.type === "timeZoneName")?.value;
  const match = /GMT(?:([+-])(\d{2}):(\d{2}))?/.exec(name ?? "");
  if (!match) throw new Error(`no offset for ${zone}: ${name}`);
  const east = match[1]
    ? (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]))
    : 0;
  return -east;
}

describe("couldBeBrazilianOffset (the time zone is read only where it can say Portuguese)", () => {
  // Every week of 2026 and 2030, so a summer or winter offset of any zone is seen.
  const instants = [2026, 2030].flatMap((year) =>
    Array.from({ length: 53 }, (_, week) => new Date(Date.UTC(year, 0, 1 + week * 7, 12))),
  );

  it.each(brazilianTimeZones)("lets %s through all year", (zone) => {
    for (const instant of instants) {
      expect(couldBeBrazilianOffset(minutesWestOfUtc(zone, instant))).toBe(true);
    }
  });

  it("skips the zones of most visitors, which cannot be Brazilian", () => {
    for (const zone of [
      "UTC",
      "Europe/London",
      "Europe/Lisbon",
      "Europe/Madrid",
      "America/New_York",
      "America/Los_Angeles",
      "America/Mexico_City",
      "Asia/Tokyo",
    ]) {
      expect(couldBeBrazilianOffset(minutesWestOfUtc(zone, instants[0] as Date))).toBe(false);
    }
  });
});

describe("readDetectionInput's time zone", () => {
  afterEach(() => vi.restoreAllMocks());

  it("is the browser's zone where the offset could be Brazil's, and not read elsewhere", () => {
    const browserZone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    const RealDateTimeFormat = Intl.DateTimeFormat;
    const formatter = vi
      .spyOn(Intl, "DateTimeFormat")
      .mockImplementation((...args) => new RealDateTimeFormat(...args));
    vi.spyOn(Date.prototype, "getTimezoneOffset").mockReturnValue(0);
    expect(readDetectionInput().timeZone).toBeNull();
    expect(formatter).not.toHaveBeenCalled();

    vi.spyOn(Date.prototype, "getTimezoneOffset").mockReturnValue(180);
    const zone = readDetectionInput().timeZone;
    expect(formatter).toHaveBeenCalledOnce();
    expect(zone).toBe(browserZone);
  });
});

describe("isLanguage", () => {
  it("accepts exactly en, pt and es", () => {
    expect(["en", "pt", "es"].every(isLanguage)).toBe(true);
    expect(["EN", "pt-BR", "fr", "", null, 1].some(isLanguage)).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { brazilianTimeZones, detectLanguage, isLanguage } from "./detect";

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

describe("isLanguage", () => {
  it("accepts exactly en, pt and es", () => {
    expect(["en", "pt", "es"].every(isLanguage)).toBe(true);
    expect(["EN", "pt-BR", "fr", "", null, 1].some(isLanguage)).toBe(false);
  });
});

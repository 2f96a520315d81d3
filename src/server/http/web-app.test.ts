import { describe, expect, it } from "vitest";
import { detectLanguage } from "../../web/i18n/detect";
import { pageLanguageFromAcceptLanguage } from "./web-app";

describe("pageLanguageFromAcceptLanguage", () => {
  // The preloaded chunk is only of use if it is the one the page asks for: the page's rule on the
  // browser's language (navigator.language, the first of the Accept-Language list).
  it("picks what the page's detection picks from the browser's language", () => {
    const headers = [
      "pt-BR,pt;q=0.9,en;q=0.8",
      "PT",
      "es-419,es;q=0.9",
      "en-GB,en;q=0.9,pt;q=0.8",
      "fr-FR,es;q=0.9",
      "de",
      "*",
    ];
    for (const header of headers) {
      const browserLanguage = header.split(",")[0]?.split(";")[0];
      expect(pageLanguageFromAcceptLanguage(header), header).toBe(
        detectLanguage({ browserLanguage }),
      );
    }
  });

  it("is English without a usable header", () => {
    for (const header of [undefined, "", " , ;q=0", "pt;q=0"]) {
      expect(pageLanguageFromAcceptLanguage(header), String(header)).toBe("en");
    }
  });
});

import { describe, expect, it } from "vitest";
import { pageLanguageFromAcceptLanguage } from "./web-app";

describe("pageLanguageFromAcceptLanguage", () => {
  // The preloaded chunk is only of use if it is the one the page asks for: the page's rule
  // (contract/languages.ts, languageOfBrowserTag, which src/web/i18n/detect.ts applies too) on the
  // browser's language, navigator.language, which is the first of the Accept-Language list.
  it("picks what the page's detection picks from the browser's language", () => {
    const headers = {
      "pt-BR,pt;q=0.9,en;q=0.8": "pt",
      PT: "pt",
      "es-419,es;q=0.9": "es",
      "en-GB,en;q=0.9,pt;q=0.8": "en",
      "fr-FR,es;q=0.9": "en",
      de: "en",
      "*": "en",
    };
    for (const [header, language] of Object.entries(headers)) {
      expect(pageLanguageFromAcceptLanguage(header), header).toBe(language);
    }
  });

  it("is English without a usable header", () => {
    for (const header of [undefined, "", " , ;q=0", "pt;q=0"]) {
      expect(pageLanguageFromAcceptLanguage(header), String(header)).toBe("en");
    }
  });
});

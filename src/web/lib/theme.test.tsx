// @vitest-environment jsdom
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { detectLanguage, languageStorageKey } from "../i18n/detect";
import {
  darkSchemeQuery,
  followTheme,
  parseThemeChoice,
  resolveTheme,
  setThemeChoice,
  type ThemeChoice,
  themeColors,
  themeStorageKey,
  useThemeChoice,
} from "./theme";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

/** A matchMedia whose dark-scheme answer the test flips, telling its listeners like a browser. */
function fakeSystem(initiallyDark: boolean) {
  let dark = initiallyDark;
  const listeners = new Set<() => void>();
  const list = {
    get matches() {
      return dark;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  window.matchMedia = (query: string) => {
    if (query !== darkSchemeQuery) throw new Error(`unexpected query ${query}`);
    return list as unknown as MediaQueryList;
  };
  return {
    setDark(value: boolean) {
      dark = value;
      for (const listener of listeners) listener();
    },
    listenerCount: () => listeners.size,
  };
}

let shown: ThemeChoice | undefined;
function Probe() {
  shown = useThemeChoice();
  return null;
}

const isDark = () => document.documentElement.classList.contains("dark");
const barColour = () =>
  document.querySelector('meta[name="theme-color"]')?.getAttribute("content") ?? null;

let stop: () => void = () => {};
beforeEach(() => {
  localStorage.clear();
  document.documentElement.className = "";
  document.head.innerHTML = '<meta name="theme-color" content="#047857">';
});
afterEach(() => {
  stop();
  stop = () => {};
});

describe("parseThemeChoice", () => {
  it("keeps the three choices and reads anything else as the system's", () => {
    expect(parseThemeChoice("system")).toBe("system");
    expect(parseThemeChoice("light")).toBe("light");
    expect(parseThemeChoice("dark")).toBe("dark");
    for (const stored of [null, undefined, "", "Dark", "blue", "true"]) {
      expect(parseThemeChoice(stored)).toBe("system");
    }
  });
});

describe("resolveTheme", () => {
  it("follows the system only when the choice is 'system'", () => {
    expect(resolveTheme("system", true)).toBe("dark");
    expect(resolveTheme("system", false)).toBe("light");
    expect(resolveTheme("light", true)).toBe("light");
    expect(resolveTheme("dark", false)).toBe("dark");
  });
});

describe("followTheme", () => {
  it("applies the system's scheme and follows its changes live", () => {
    const system = fakeSystem(true);
    stop = followTheme();
    expect(isDark()).toBe(true);
    expect(barColour()).toBe(themeColors.dark);
    system.setDark(false);
    expect(isDark()).toBe(false);
    expect(barColour()).toBe(themeColors.light);
    stop();
    expect(system.listenerCount()).toBe(0);
  });

  it("keeps a stored choice when the system changes", () => {
    localStorage.setItem(themeStorageKey, "light");
    const system = fakeSystem(true);
    stop = followTheme();
    expect(isDark()).toBe(false);
    system.setDark(false);
    system.setDark(true);
    expect(isDark()).toBe(false);
  });

  it("takes a choice made in another tab", () => {
    fakeSystem(false);
    stop = followTheme();
    expect(isDark()).toBe(false);
    localStorage.setItem(themeStorageKey, "dark");
    window.dispatchEvent(new StorageEvent("storage", { key: themeStorageKey, newValue: "dark" }));
    expect(isDark()).toBe(true);
  });
});

describe("setThemeChoice", () => {
  it("applies and remembers the choice; 'system' forgets it and follows the system again", () => {
    const system = fakeSystem(true);
    stop = followTheme();
    setThemeChoice("light");
    expect(isDark()).toBe(false);
    expect(localStorage.getItem(themeStorageKey)).toBe("light");
    system.setDark(false);
    setThemeChoice("dark");
    expect(isDark()).toBe(true);
    expect(localStorage.getItem(themeStorageKey)).toBe("dark");
    setThemeChoice("system");
    expect(localStorage.getItem(themeStorageKey)).toBeNull();
    expect(isDark()).toBe(false);
    system.setDark(true);
    expect(isDark()).toBe(true);
  });

  it("re-renders the components showing the choice", () => {
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
    fakeSystem(false);
    stop = followTheme();
    const root = createRoot(document.createElement("div"));
    act(() => root.render(<Probe />));
    expect(shown).toBe("system");
    act(() => setThemeChoice("dark"));
    expect(shown).toBe("dark");
    act(() => root.unmount());
  });
});

describe("public/theme.js, the script that runs before the first paint", () => {
  const source = readFileSync(join(import.meta.dirname, "../public/theme.js"), "utf8");
  const run = () => new Function(source)();

  // Comments included (public/ is copied as it is): it blocks the first paint.
  it("stays small: it blocks the first paint", () => {
    expect(Buffer.byteLength(source)).toBeLessThan(1536);
  });

  // The server's landing page (in the browser's language) is hidden when the page will pick
  // another one (styles.css): the script must pick what the app's detection picks.
  it("names the language detectLanguage picks, but for the time zone rule", () => {
    const browserLanguages = ["pt-BR", "PT-pt", "es-419", "en-US", "fr-FR", ""];
    const zones = ["America/Sao_Paulo", "America/Manaus", "Europe/London", "America/New_York"];
    const storedValues = [null, "en", "pt", "es", "fr", "PT"];
    const language = Object.getOwnPropertyDescriptor(Navigator.prototype, "language");
    const dateTimeFormat = Intl.DateTimeFormat;
    try {
      for (const browserLanguage of browserLanguages) {
        Object.defineProperty(Navigator.prototype, "language", {
          configurable: true,
          get: () => browserLanguage,
        });
        for (const timeZone of zones) {
          Intl.DateTimeFormat = (() => ({
            resolvedOptions: () => ({ timeZone }),
          })) as unknown as typeof Intl.DateTimeFormat;
          for (const stored of storedValues) {
            localStorage.clear();
            if (stored !== null) localStorage.setItem(languageStorageKey, stored);
            run();
            // Without the zone (an Intl formatter costs a phone tens of milliseconds before the
            // first paint): the browser's language decides there.
            expect(
              document.documentElement.dataset.language,
              `${stored} ${browserLanguage} ${timeZone}`,
            ).toBe(detectLanguage({ stored, browserLanguage, timeZone: null }));
          }
        }
      }
    } finally {
      if (language) Object.defineProperty(Navigator.prototype, "language", language);
      Intl.DateTimeFormat = dateTimeFormat;
    }
  });

  it.each([null, "system", "light", "dark", "bogus"])(
    "agrees with resolveTheme for the stored value %s",
    (stored) => {
      for (const systemDark of [false, true]) {
        localStorage.clear();
        if (stored !== null) localStorage.setItem(themeStorageKey, stored);
        fakeSystem(systemDark);
        document.documentElement.className = systemDark ? "" : "dark";
        run();
        const expected = resolveTheme(parseThemeChoice(stored), systemDark);
        expect(isDark()).toBe(expected === "dark");
        expect(barColour()).toBe(themeColors[expected]);
      }
    },
  );

  it("follows the system when storage is blocked", () => {
    fakeSystem(true);
    const getItem = Storage.prototype.getItem;
    Storage.prototype.getItem = () => {
      throw new Error("SecurityError");
    };
    try {
      run();
    } finally {
      Storage.prototype.getItem = getItem;
    }
    expect(isDark()).toBe(true);
  });
});

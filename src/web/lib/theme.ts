import { useSyncExternalStore } from "react";

/**
 * Dark mode (docs/product.md#theme): the system's colour scheme by default, or the
 * user's choice from the user menu, remembered in this browser. public/theme.js applies the
 * same rule before the first paint (the CSP allows no inline script, so it is a file of its own);
 * theme.test.tsx runs that file against resolveTheme so the two cannot drift apart.
 */
export const themeChoices = ["system", "light", "dark"] as const;
export type ThemeChoice = (typeof themeChoices)[number];
export type Theme = "light" | "dark";

export const themeStorageKey = "theme";
export const darkSchemeQuery = "(prefers-color-scheme: dark)";

/** The browser's bar colour (<meta name="theme-color">): the brand green, or the dark card. */
export const themeColors: Record<Theme, string> = { light: "#047857", dark: "#121c18" };

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return typeof value === "string" && (themeChoices as readonly string[]).includes(value);
}

/** Anything stored that is not a choice (an old or hand-edited value) means the system's. */
export function parseThemeChoice(stored: string | null | undefined): ThemeChoice {
  return isThemeChoice(stored) ? stored : "system";
}

export function resolveTheme(choice: ThemeChoice, systemDark: boolean): Theme {
  if (choice === "system") return systemDark ? "dark" : "light";
  return choice;
}

function readStoredChoice(): ThemeChoice {
  try {
    return parseThemeChoice(globalThis.localStorage?.getItem(themeStorageKey));
  } catch {
    // Blocked storage: the system's scheme, as for a first visit.
    return "system";
  }
}

function systemIsDark(): boolean {
  return globalThis.matchMedia?.(darkSchemeQuery).matches ?? false;
}

/** Puts `theme` on the document: the class the CSS keys on, and the browser bar's colour. */
export function applyTheme(theme: Theme, doc: Document = document) {
  doc.documentElement.classList.toggle("dark", theme === "dark");
  doc.querySelector('meta[name="theme-color"]')?.setAttribute("content", themeColors[theme]);
}

let choice: ThemeChoice = "system";
const listeners = new Set<() => void>();

function refresh() {
  applyTheme(resolveTheme(choice, systemIsDark()));
  for (const listener of listeners) listener();
}

/**
 * Reads the stored choice and keeps the document in step from then on: with 'system', when the
 * system's scheme changes (the phone's evening switch) without a reload; with any choice, when
 * another tab of the app changes it. Returns the function that stops following.
 */
export function followTheme(): () => void {
  choice = readStoredChoice();
  refresh();
  const media = globalThis.matchMedia?.(darkSchemeQuery);
  const onSystemChange = () => {
    if (choice === "system") refresh();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key !== themeStorageKey && event.key !== null) return;
    choice = readStoredChoice();
    refresh();
  };
  media?.addEventListener("change", onSystemChange);
  globalThis.addEventListener("storage", onStorage);
  return () => {
    media?.removeEventListener("change", onSystemChange);
    globalThis.removeEventListener("storage", onStorage);
  };
}

/** The user's explicit choice: applied at once and remembered ('system' forgets the override). */
export function setThemeChoice(next: ThemeChoice) {
  choice = next;
  try {
    if (next === "system") globalThis.localStorage?.removeItem(themeStorageKey);
    else globalThis.localStorage?.setItem(themeStorageKey, next);
  } catch {
    // Without storage the choice still applies to this visit.
  }
  refresh();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(
    subscribe,
    () => choice,
    () => "system",
  );
}

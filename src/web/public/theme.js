// Before the first paint, a classic script loaded synchronously from <head> (the CSP allows no
// inline script): the theme (no flash of the wrong theme, docs/product.md#theme; src/web/lib/theme.ts's rule,
// theme.test.tsx checks they agree) and the page's language (src/web/i18n/detect.ts's rule but
// the time zone), by which styles.css hides a landing page the server sent in another language.
(() => {
  const stored = (key) => {
    try {
      return localStorage.getItem(key);
    } catch (_) {
      return null; // Blocked storage: the system's or the browser's choice.
    }
  };
  const choice = stored("theme");
  const dark =
    choice === "dark" ||
    (choice !== "light" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.classList.toggle("dark", dark);
  const meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute("content", dark ? "#121c18" : "#047857");

  // Not the Brazilian time zone rule: reading the zone builds an Intl formatter, which takes tens
  // of milliseconds on a phone, before the first paint. A visitor whose English browser is set to
  // a Brazilian zone sees the English page until the app draws it in Portuguese.
  let language = stored("language");
  if (!["en", "pt", "es"].includes(language)) {
    const browser = (navigator.language || "").toLowerCase().slice(0, 2);
    language = browser === "pt" || browser === "es" ? browser : "en";
  }
  document.documentElement.dataset.language = language;
})();

// The theme before the first paint (issue 17: no flash of the wrong theme). A classic script,
// loaded synchronously from <head>: the CSP allows no inline script. The same rule as
// src/web/lib/theme.ts, which takes over once the app runs (theme.test.ts checks they agree).
(() => {
  let choice = null;
  try {
    choice = localStorage.getItem("theme");
  } catch (_) {
    // Blocked storage: the system's scheme.
  }
  const dark =
    choice === "dark" ||
    (choice !== "light" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.classList.toggle("dark", dark);
  const meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute("content", dark ? "#121c18" : "#047857");
})();

/**
 * The app's languages, without zod: the landing page and the sign-in frame read them, and must
 * not download zod (the landing page's budget, docs/internals/web.md#what-the-landing-page-loads).
 * common.ts builds the schema.
 */
export const languages = ["en", "pt", "es"] as const;
export type Language = (typeof languages)[number];

/**
 * Portuguese or Spanish when a browser's language tag is one of them, of any region ("pt-BR",
 * "es-419"); null for any other, which leaves English unless something else says otherwise. The
 * page picks its first language by it (src/web/i18n/detect.ts) and the server the texts it
 * preloads for that page (src/server/http/web-app.ts), so the two agree.
 */
export function languageOfBrowserTag(tag: string | null | undefined): "pt" | "es" | null {
  const browser = tag?.toLowerCase() ?? "";
  if (browser.startsWith("pt")) return "pt";
  if (browser.startsWith("es")) return "es";
  return null;
}

/**
 * The app's languages, without zod: the landing page and the sign-in frame read them, and must
 * not download zod (the landing page's budget, docs/internals/web.md#what-the-landing-page-loads).
 * common.ts builds the schema.
 */
export const languages = ["en", "pt", "es"] as const;
export type Language = (typeof languages)[number];

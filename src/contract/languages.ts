/**
 * The app's languages, without zod: the landing page and the sign-in frame read them, and must
 * not download zod (issue 17's landing budget, docs/architecture.md). common.ts builds the schema.
 */
export const languages = ["en", "pt", "es"] as const;
export type Language = (typeof languages)[number];

import { z } from "zod";

export const languages = ["en", "pt", "es"] as const;
export const languageSchema = z.enum(languages);
export type Language = z.infer<typeof languageSchema>;

export const defaultLanguage: Language = "en";

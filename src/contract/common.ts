import { z } from "zod";

export const languages = ["en", "pt", "es"] as const;
export const languageSchema = z.enum(languages);
export type Language = z.infer<typeof languageSchema>;

export const defaultLanguage: Language = "en";

/** Every error the API answers with has this shape; `message` is in the caller's language. */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const uuidSchema = z.uuid();

import { z } from "zod";

import { type Language, languages } from "./languages";

export { type Language, languages };
export const languageSchema = z.enum(languages);

export const defaultLanguage: Language = "en";

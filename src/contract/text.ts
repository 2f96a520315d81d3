import { z } from "zod";

/**
 * Every text a request carries starts here, so no hostile bytes get in
 * (docs/architecture.md#the-life-of-a-request): names, descriptions,
 * e-mails, codes, tokens, search and other query strings. Refused, with one translated field
 * error, are
 * - the C0 control characters U+0000–U+001F and DEL U+007F: PostgreSQL cannot store NUL in text
 *   (it answered a 500 before), and the rest are invisible or move the cursor. Tab and newline
 *   are refused too: no field of the app is multi-line (every form uses one-line inputs, no
 *   textarea), so a line break in a name or a description is a paste accident or an attack on
 *   whoever prints it (CSV, logs, mail headers);
 * - the bidirectional embeddings and overrides U+202A–U+202E and isolates U+2066–U+2069: they
 *   make a text display in another order than it is stored ("Trojan Source", CVE-2021-42574), so
 *   a family member's expense or name could read as something it is not.
 * The check runs on the raw input, before any trim, so a field is never half-accepted.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose.
const hostileCharacter = /[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/u;

export const TEXT_CHARACTERS_MESSAGE = "validation.textCharacters";

export const hasHostileCharacters = (value: string) => hostileCharacter.test(value);

/**
 * A string that holds no control or direction character. Chain the field's own rules after it
 * (`text("validation.nameMin").trim().min(...)`); `abort` keeps the later rules from reporting a
 * second error for the same field. `typeError` is the message for a value that is not a string.
 */
export const text = (typeError?: string) =>
  z
    .string(typeError ? { error: typeError } : undefined)
    .refine((value) => !hasHostileCharacters(value), {
      error: TEXT_CHARACTERS_MESSAGE,
      abort: true,
    });

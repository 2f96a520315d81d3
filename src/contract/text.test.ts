import { describe, expect, it } from "vitest";
import { createExpenseInputSchema } from "./expenses";
import en from "./messages/en.json";
import es from "./messages/es.json";
import pt from "./messages/pt.json";
import { hasHostileCharacters, TEXT_CHARACTERS_MESSAGE, text } from "./text";

describe("text()", () => {
  it("refuses every C0 control character, DEL, and the bidi embeddings, overrides and isolates", () => {
    const refused = [
      ...Array.from({ length: 0x20 }, (_, code) => code),
      0x7f,
      0x202a,
      0x202b,
      0x202c,
      0x202d,
      0x202e,
      0x2066,
      0x2067,
      0x2068,
      0x2069,
    ];
    for (const code of refused) {
      const value = `Mercado ${String.fromCharCode(code)} da esquina`;
      expect(hasHostileCharacters(value), code.toString(16)).toBe(true);
      expect(text().safeParse(value).error?.issues[0]?.message).toBe(TEXT_CHARACTERS_MESSAGE);
    }
  });

  it("refuses tab and newline too: no field of the app is multi-line", () => {
    for (const value of ["Pão\tde queijo", "Pão\nde queijo", "Pão\r\n", "\tPão"]) {
      expect(text().trim().safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
  });

  it("keeps every other character: accents, emoji, right-to-left scripts, the characters next to the refused ones", () => {
    for (const value of [
      "Pão de queijo ção",
      "💸 café ☕",
      "مصاريف البيت",
      "עברית",
      " ~",
      "\u0080\u00a0é",
      "\u2029\u2065\u206a\u202f\u2029",
      "\u200e\u200f",
    ]) {
      expect(text().safeParse(value).success, JSON.stringify(value)).toBe(true);
    }
  });

  it("gives one error for the field, before its own rules (min, max, format)", () => {
    const result = createExpenseInputSchema.safeParse({
      description: "\u0000",
      amount: "1\u202e0",
      categoryId: "00000000-0000-4000-8000-000000000000",
      date: "2026-03-01\u0007",
    });
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["description", TEXT_CHARACTERS_MESSAGE],
      ["amount", TEXT_CHARACTERS_MESSAGE],
      ["date", TEXT_CHARACTERS_MESSAGE],
    ]);
  });

  it("has its message in en, pt and es", () => {
    const key = TEXT_CHARACTERS_MESSAGE.replace("validation.", "") as "textCharacters";
    for (const catalogue of [en, pt, es]) expect(catalogue.validation[key]).toMatch(/\w{4}/);
    expect(new Set([en, pt, es].map((c) => c.validation[key])).size).toBe(3);
  });
});

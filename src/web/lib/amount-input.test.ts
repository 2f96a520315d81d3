import { describe, expect, it } from "vitest";
import { amountSchema, balanceSchema } from "../../contract/money";
import { formatAmountInput, parseAmountInput, readingAmounts, separatorsOf } from "./amount-input";

describe("parseAmountInput", () => {
  it.each(["en", "pt", "es"] as const)(
    "reads a comma or a dot as the decimal sign in %s",
    (language) => {
      expect(parseAmountInput("12,50", language)).toBe("12.50");
      expect(parseAmountInput("12.50", language)).toBe("12.50");
      expect(parseAmountInput("12,5", language)).toBe("12.5");
      expect(parseAmountInput("12", language)).toBe("12");
      expect(parseAmountInput(" 12,50 ", language)).toBe("12.50");
    },
  );

  it.each(["en", "pt", "es"] as const)("reads thousands with both signs in %s", (language) => {
    expect(parseAmountInput("1.234,56", language)).toBe("1234.56");
    expect(parseAmountInput("1,234.56", language)).toBe("1234.56");
    expect(parseAmountInput("1.234.567,8", language)).toBe("1234567.8");
    expect(parseAmountInput("1.234.567", language)).toBe("1234567");
  });

  it("reads a lone sign before three digits as the language's thousands sign", () => {
    expect(parseAmountInput("1.234", "pt")).toBe("1234");
    expect(parseAmountInput("1,234", "en")).toBe("1234");
    expect(parseAmountInput("1,234", "es")).toBe("1234");
    // Not the language's group sign: a decimal, which the contract refuses (three places).
    expect(parseAmountInput("1,234", "pt")).toBe("1.234");
    expect(amountSchema.safeParse(parseAmountInput("1,234", "pt")).success).toBe(false);
  });

  it("ignores spaces and currency signs", () => {
    expect(parseAmountInput("R$ 1.234,56", "pt")).toBe("1234.56");
    expect(parseAmountInput("$1,234.56", "en")).toBe("1234.56");
    expect(parseAmountInput("1 234,56", "pt")).toBe("1234.56");
  });

  it("keeps a balance's minus sign, which an amount's schema refuses", () => {
    expect(parseAmountInput("-80,00", "pt")).toBe("-80.00");
    expect(parseAmountInput(" − R$ 1.234,56", "pt")).toBe("-1234.56");
    expect(parseAmountInput("-1,234.5", "en")).toBe("-1234.5");
    expect(balanceSchema.parse(parseAmountInput("-80,00", "pt"))).toBe("-80.00");
    expect(parseAmountInput("--5", "pt")).toBe("--5");
    expect(balanceSchema.safeParse(parseAmountInput("--5", "pt")).error?.issues[0]?.message).toBe(
      "validation.balanceInvalid",
    );
  });

  it("leaves what it cannot read for the contract to refuse", () => {
    for (const typed of ["abc", "12,,5", "1,2.3,4", "12.", ",5", "-3", "12,50€x", "12.3456,7"]) {
      const read = parseAmountInput(typed, "pt");
      const parsed = amountSchema.safeParse(read);
      expect(parsed.success, typed).toBe(false);
      expect(parsed.error?.issues[0]?.message, typed).toBe("validation.amountInvalid");
    }
  });

  it("gives the contract's dot-decimal string, which the schema accepts", () => {
    expect(amountSchema.parse(parseAmountInput("12,50", "pt"))).toBe("12.50");
    expect(amountSchema.parse(parseAmountInput("1.234,5", "es"))).toBe("1234.50");
  });
});

describe("formatAmountInput", () => {
  it("writes the amount with the language's decimal sign", () => {
    expect(separatorsOf("pt")).toEqual({ decimal: ",", group: "." });
    expect(formatAmountInput("1234.50", "pt")).toBe("1234,50");
    expect(formatAmountInput("1234.50", "en")).toBe("1234.50");
    expect(formatAmountInput("1234.50", "es")).toBe("1234.50");
  });

  it.each(["en", "pt", "es"] as const)("round-trips through parseAmountInput in %s", (language) => {
    for (const amount of ["0.01", "12.50", "1234.56", "99999999.99"]) {
      expect(parseAmountInput(formatAmountInput(amount, language), language)).toBe(amount);
    }
  });
});

describe("readingAmounts", () => {
  it("hands the resolver the amount fields read, and the others as typed", async () => {
    const seen: unknown[] = [];
    const resolver = readingAmounts(
      async (values: { amount: string; note: string }) => {
        seen.push(values);
        return { values, errors: {} };
      },
      ["amount"],
      "pt",
    );
    await resolver({ amount: "1.234,56", note: "1,5" }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(seen).toEqual([{ amount: "1234.56", note: "1,5" }]);
  });
});

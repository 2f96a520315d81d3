import type { FieldValues, Resolver } from "react-hook-form";
import type { Language } from "../../contract/languages";
import { localeSettings } from "../../contract/locale";

/** The decimal and group separators of a language's number format ("," and "." in pt-BR). */
export function separatorsOf(language: Language): { decimal: string; group: string } {
  const parts = new Intl.NumberFormat(localeSettings[language].locale).formatToParts(1234.5);
  return {
    decimal: parts.find((part) => part.type === "decimal")?.value ?? ".",
    group: parts.find((part) => part.type === "group")?.value ?? ",",
  };
}

const digitsAndSeparators = /^\d+(?:[.,]\d+)*$/;

/**
 * An amount as the person typed it, as the contract's decimal string ("12,50" -> "12.50") —
 * docs/product.md#typing-amounts. Either separator is read as the decimal one, in every language
 * ("12,50" and "12.50" are both twelve fifty): when both appear the last one is, and the other
 * groups thousands ("1.234,56", "1,234.56"); a lone separator followed by exactly three digits
 * is the language's thousands separator if it is its group sign ("1.234" in pt, "1,234" in en and
 * es), and otherwise a decimal (then refused by the contract: three decimals). Spaces and a
 * currency sign are ignored. What cannot be read is returned as typed, trimmed, for the contract's
 * schema to refuse with its translated message ("validation.amountInvalid").
 */
export function parseAmountInput(typed: string, language: Language): string {
  // A balance may be negative ("-80,00", docs/product.md#account-balances): the sign is read
  // apart and kept; an amount's schema refuses it as before.
  const signed = /^\s*[-−]/.exec(typed);
  if (signed) {
    const rest = parseAmountInput(typed.slice(signed[0].length), language);
    return /^\d/.test(rest) ? `-${rest}` : typed.trim();
  }
  const text = typed.replace(/\s|R\$|US\$|\$|€/g, "");
  if (!digitsAndSeparators.test(text)) return typed.trim();
  const separators = [...text.matchAll(/[.,]/g)].map((match) => match[0]);
  if (separators.length === 0) return text;
  const last = separators[separators.length - 1] as string;
  const other = last === "." ? "," : ".";
  const groups = text.split(/[.,]/);
  const [head = "", ...tail] = groups;
  const fraction = groups[groups.length - 1] as string;
  if (separators.includes(other)) {
    // "1.234,56": the last sign is the decimal one; every sign before it groups thousands.
    if (separators.slice(0, -1).some((sign) => sign !== other)) return typed.trim();
    if (head.length > 3 || tail.slice(0, -1).some((group) => group.length !== 3)) {
      return typed.trim();
    }
    return `${groups.slice(0, -1).join("")}.${fraction}`;
  }
  const groupsThousands = tail.every((group) => group.length === 3) && head.length <= 3;
  if (separators.length > 1) {
    // "1.234.567": only thousands can repeat.
    return groupsThousands ? groups.join("") : typed.trim();
  }
  if (fraction.length === 3 && last === separatorsOf(language).group) return groups.join("");
  return `${head}.${fraction}`;
}

/** The contract's "1234.50" as the person's language writes it in a field ("1234,50" in pt). */
export function formatAmountInput(amount: string, language: Language): string {
  return amount.replace(".", separatorsOf(language).decimal);
}

/**
 * A form's resolver that reads its amount fields with parseAmountInput first: the contract's
 * schema then checks (and the API receives) the decimal string with a dot.
 */
export function readingAmounts<Values extends FieldValues, Context, Output>(
  resolver: Resolver<Values, Context, Output>,
  fields: readonly (keyof Values & string)[],
  language: Language,
): Resolver<Values, Context, Output> {
  return (values, context, options) => {
    const read: Record<string, unknown> = { ...values };
    for (const field of fields) {
      const value = read[field];
      if (typeof value === "string") read[field] = parseAmountInput(value, language);
    }
    return resolver(read as Values, context, options);
  };
}

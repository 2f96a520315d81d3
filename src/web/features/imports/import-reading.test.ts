import i18n from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import type { ImportPreview, ImportSignReason } from "../../../contract/imports";
import { initI18n } from "../../i18n/init";
import { readingOptions, readsAnotherKind, shownOptions, signGuessKey } from "./import-reading";
import { importsTexts } from "./texts";

type Settings = ImportPreview["settings"];

const settings = (overrides: Partial<Settings> = {}): Settings => ({
  format: "csv",
  encoding: "utf-8",
  separator: ",",
  hasHeader: true,
  dateFormat: "yyyy-mm-dd",
  dateFormatAmbiguous: false,
  amountFormat: "dot",
  spendingSign: "positive",
  statementKind: "card",
  spendingSignReason: "cardStatement",
  columns: { date: 0, description: 1, amount: 2 },
  ...overrides,
});

const card = { kind: "credit_card" as const };
const account = { kind: "checking" as const };

describe("the options a file is read with", () => {
  it("reads into a card as a card statement", () => {
    expect(readingOptions({ dateFormat: "dd/mm/yyyy" }, card)).toEqual({
      dateFormat: "dd/mm/yyyy",
      statementKind: "card",
    });
    expect(readingOptions({}, { kind: "credit_card" })).toEqual({ statementKind: "card" });
  });

  it("adds nothing for an account or no method, and drops a card's kind left behind", () => {
    expect(readingOptions({ dateFormat: "dd/mm/yyyy" }, account)).toEqual({
      dateFormat: "dd/mm/yyyy",
    });
    expect(readingOptions({ statementKind: "card", spendingSign: "negative" }, undefined)).toEqual({
      spendingSign: "negative",
    });
  });

  it("reads again only when the method makes the file a card's or no longer", () => {
    expect(readsAnotherKind(undefined, card)).toBe(true);
    expect(readsAnotherKind(card, account)).toBe(true);
    expect(readsAnotherKind(card, undefined)).toBe(true);
    expect(readsAnotherKind(undefined, account)).toBe(false);
    expect(readsAnotherKind(account, undefined)).toBe(false);
    expect(readsAnotherKind(card, { kind: "credit_card" })).toBe(false);
  });

  it("keeps every shown setting on a new reading, the sign only when the person chose it", () => {
    const shown = settings({ spendingSign: "negative" });
    expect(shownOptions(shown, false)).toEqual({
      encoding: "utf-8",
      separator: ",",
      hasHeader: true,
      dateFormat: "yyyy-mm-dd",
      amountFormat: "dot",
      columns: { date: 0, description: 1, amount: 2 },
    });
    expect(shownOptions(shown, true).spendingSign).toBe("negative");
  });
});

describe("the guess's sentence", () => {
  beforeAll(() => {
    initI18n("pt");
  });

  const sentence = async (
    language: "pt" | "en" | "es",
    reason: ImportSignReason,
    overrides: Partial<Settings> = {},
    signChosen = false,
  ) => {
    await i18n.changeLanguage(language);
    return i18n.getFixedT(
      null,
      importsTexts,
    )(signGuessKey(settings({ spendingSignReason: reason, ...overrides }), signChosen));
  };

  it("names each reason in Portuguese", async () => {
    expect(await sentence("pt", "cardStatement")).toBe(
      "Lido como fatura de cartão: as compras são positivas e o pagamento da fatura é a exceção",
    );
    expect(
      await sentence("pt", "bankStatement", { statementKind: "bank", spendingSign: "negative" }),
    ).toBe("Lido como extrato bancário: os valores negativos são gastos");
    expect(await sentence("pt", "oneSign")).toBe(
      "Todos os valores têm o mesmo sinal: todos são gastos",
    );
    expect(await sentence("pt", "chosen", {}, true)).toBe("Como você escolheu");
  });

  it("says a file going into a card is read as its statement, unless the person chose the sign", async () => {
    expect(await sentence("pt", "chosen", { statementKind: "card" }, false)).toBe(
      "Lido como fatura de cartão, pois as linhas vão para um cartão: as compras são positivas",
    );
    expect(await sentence("pt", "chosen", { statementKind: "card" }, true)).toBe(
      "Como você escolheu",
    );
  });

  it("in English and Spanish", async () => {
    expect(await sentence("en", "bankStatement", { statementKind: "bank" })).toBe(
      "Read as a bank statement: negatives are spending",
    );
    expect(await sentence("en", "cardStatement")).toBe(
      "Read as a card statement: purchases are positive and the bill's payment is the exception",
    );
    expect(await sentence("en", "oneSign")).toBe(
      "Every amount has the same sign: all of them are spending",
    );
    expect(await sentence("en", "chosen", {}, true)).toBe("As you chose");
    expect(await sentence("es", "cardStatement")).toBe(
      "Leído como resumen de tarjeta: las compras son positivas y el pago del resumen es la excepción",
    );
    expect(await sentence("es", "bankStatement")).toBe(
      "Leído como extracto bancario: los valores negativos son gastos",
    );
    expect(await sentence("es", "oneSign")).toBe(
      "Todos los valores tienen el mismo signo: todos son gastos",
    );
    expect(await sentence("es", "chosen", {}, true)).toBe("Como elegiste");
  });
});

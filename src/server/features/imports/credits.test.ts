import { describe, expect, it } from "vitest";
import { incomeKindOf, isCardBillPayment, refundKeyOf } from "./detect";
import { refundCandidatesOf } from "./parse";

/** A statement's credits (docs/product.md#credits): the income kind and the refund proposals. */

describe("a credit's income kind", () => {
  it("is a salary when its description says so, whatever its case and accents", () => {
    for (const description of [
      "Salário",
      "SALARIO EMPRESA X",
      "Pagamento de salário",
      "Folha de pagamento",
      "TED FOLHA ACME",
    ]) {
      expect(incomeKindOf(description), description).toBe("salary");
    }
  });

  it("is other for anything else, a word merely containing one neither", () => {
    for (const description of ["Pix recebido", "Rendimento", "Salarios2", "Folhagem Ltda"]) {
      expect(incomeKindOf(description), description).toBe("other");
    }
  });
});

describe("the purchase a credit returns", () => {
  it("is looked for by its description without the refund words before it, folded", () => {
    expect(refundKeyOf("Estorno de Mercado")).toBe("mercado");
    expect(refundKeyOf("ESTORNO - Farmácia São João")).toBe("farmacia sao joao");
    expect(refundKeyOf('Reembolso: "Loja X"')).toBe("loja x");
    expect(refundKeyOf("Devolução   Livraria")).toBe("livraria");
    expect(refundKeyOf("Mercado")).toBe("mercado");
    expect(refundKeyOf("Estorno")).toBe("");
  });

  const purchase = (date: string, left: string, id = date) => ({
    expenseId: id,
    date,
    description: "Mercado",
    amount: "200.00",
    left,
  });

  it("proposes the purchases dated on or before the credit with at least its amount left, in the order found, at most five", () => {
    const found = [
      purchase("2026-03-25", "200.00"),
      purchase("2026-03-20", "120.00"),
      purchase("2026-03-18", "119.99"),
      purchase("2026-03-15", "200.00"),
      purchase("2026-03-14", "200.00"),
      purchase("2026-03-13", "200.00"),
      purchase("2026-03-12", "200.00"),
      purchase("2026-03-11", "200.00"),
    ];
    expect(
      refundCandidatesOf(found, { date: "2026-03-20", amount: "120.00" }).map((p) => p.date),
    ).toEqual(["2026-03-20", "2026-03-15", "2026-03-14", "2026-03-13", "2026-03-12"]);
    expect(refundCandidatesOf(found, { date: "2026-03-10", amount: "1.00" })).toEqual([]);
  });
});

describe("a card bill's payment", () => {
  it("is found as statements write it, on the account's side and on the card's", () => {
    for (const description of [
      "PAGTO FATURA NUBANK",
      "Pagamento de fatura",
      "PGTO FATURA CARTAO ITAU",
      "PAG FATURA 1234",
      "DEB AUT FATURA CARTAO",
      "Débito automático da fatura",
      "Pagamento recebido",
      "PAGAMENTO CARTAO DE CREDITO",
    ]) {
      expect(isCardBillPayment(description), description).toBe(true);
    }
  });

  it("is not any other payment, nor a purchase named like one", () => {
    for (const description of [
      "PAGAMENTO BOLETO ENEL",
      "PAG*JoseDaSilva",
      "Pagamento efetuado",
      "FATURAMENTO LTDA",
      "PIX RECEBIDO MARIA",
      "Salário",
    ]) {
      expect(isCardBillPayment(description), description).toBe(false);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Expense } from "../../../contract/expenses";
import { type ImportPreviewInput, importPreviewSchema } from "../../../contract/imports";
import type { SignedIn } from "../../testing/api-helpers";
import {
  createCategory,
  createPaymentMethod,
  signUpWithFamily,
} from "../../testing/family-helpers";
import { createTestApp, type TestApp } from "../../testing/test-app";

/**
 * OFX import (docs/product.md#ofx-import): a bank's OFX 1.x file in windows-1252 goes through the
 * CSV's preview and import, its dates never moved by their zone; the same file again is all
 * duplicates; a card's OFX reads its payment as a credit; a broken OFX says where and writes
 * nothing. The reader's quirks, one by one, are ofx.test.ts.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const preview = (who: SignedIn, payload: ImportPreviewInput) =>
  t.app.inject({
    method: "POST",
    url: "/api/imports/preview",
    headers: { cookie: who.cookie },
    payload,
  });

/** Itaú's export: an OFX 1.x header, windows-1252, unclosed tags, Brasília's zone on each date. */
const itau = (lines: string[]) =>
  Buffer.from(
    [
      "OFXHEADER:100",
      "DATA:OFXSGML",
      "VERSION:102",
      "SECURITY:NONE",
      "ENCODING:USASCII",
      "CHARSET:1252",
      "COMPRESSION:NONE",
      "OLDFILEUID:NONE",
      "NEWFILEUID:NONE",
      "",
      "<OFX>",
      "<BANKMSGSRSV1><STMTTRNRS><STMTRS>",
      "<CURDEF>BRL",
      "<BANKACCTFROM><BANKID>0341<ACCTID>12345-6<ACCTTYPE>CHECKING</BANKACCTFROM>",
      "<BANKTRANLIST>",
      "<DTSTART>20261101000000[-3:BRT]",
      "<DTEND>20261130235959[-3:BRT]",
      ...lines,
      "</BANKTRANLIST>",
      "<LEDGERBAL><BALAMT>3412,35<DTASOF>00000000</LEDGERBAL>",
      "</STMTRS></STMTTRNRS></BANKMSGSRSV1>",
      "</OFX>",
    ].join("\r\n"),
    "latin1",
  ).toString("base64");

const transaction = (fitId: string, date: string, amount: string, memo: string) =>
  `<STMTTRN><TRNTYPE>${amount.startsWith("-") ? "DEBIT" : "CREDIT"}<DTPOSTED>${date}<TRNAMT>${amount}<FITID>${fitId}<MEMO>${memo}</STMTTRN>`;

describe("an OFX file", () => {
  it("is previewed like a CSV, its accents and its dates as the bank wrote them, and imported once", async () => {
    const owner = await signUpWithFamily(t.app, { language: "pt" });
    const market = await createCategory(t.app, owner, { name: "Mercado" });
    const account = await createPaymentMethod(t.app, owner, {
      kind: "checking",
      name: "Itaú conta",
    });
    const file = itau([
      transaction("A1", "20261130120000[-3:BRT]", "-387,65", "SUPERMERCADO PÃO DE AÇÚCAR"),
      transaction("A2", "20261105", "3000,00", "SALARIO EMPRESA"),
      transaction("A3", "20261201000000[-03:EST]", "-1.200,00", "PARC 03/10 MAGAZINE"),
    ]);
    const res = await preview(owner, { contentBase64: file, paymentMethodId: account.id });
    expect(res.statusCode, res.body).toBe(200);
    const body = importPreviewSchema.parse(res.json());
    expect(body.settings).toMatchObject({
      format: "ofx",
      statementKind: "bank",
      spendingSign: "negative",
      spendingSignReason: "bankStatement",
      dateFormat: "yyyy-mm-dd",
      columns: { date: 0, description: 1, amount: 2 },
    });
    expect(body.columnNames).toEqual(["DTPOSTED", "NAME/MEMO", "TRNAMT", "FITID"]);
    // LEDGERBAL without its day (DTASOF 00000000): the bank's balance at the file's last day.
    expect(body.statementBalance).toEqual({ amount: "3412.35", date: "2026-12-01" });
    expect(
      body.lines.map((line) => [
        line.lineNumber,
        line.date,
        line.description,
        line.amount,
        line.notSpending,
        line.incomeKind,
        line.installment,
        line.errorKey,
        line.duplicate,
      ]),
    ).toEqual([
      [1, "2026-11-30", "SUPERMERCADO PÃO DE AÇÚCAR", "387.65", false, null, null, null, false],
      [2, "2026-11-05", "SALARIO EMPRESA", "3000.00", true, "salary", null, null, false],
      [3, "2026-12-01", "MAGAZINE", "1200.00", false, null, { number: 3, count: 10 }, null, false],
    ]);
    expect(body.lines[0]?.cells[3]).toBe("A1");

    const imported = await t.app.inject({
      method: "POST",
      url: "/api/imports",
      headers: { cookie: owner.cookie, "idempotency-key": crypto.randomUUID() },
      payload: {
        fileName: "extrato.ofx",
        paymentMethodId: account.id,
        lines: [
          {
            date: "2026-11-30",
            description: "SUPERMERCADO PÃO DE AÇÚCAR",
            amount: "387.65",
            categoryId: market.id,
          },
        ],
      },
    });
    expect(imported.statusCode, imported.body).toBe(201);
    const listed = (
      await t.app.inject({ method: "GET", url: "/api/expenses", headers: { cookie: owner.cookie } })
    ).json() as Expense[];
    expect(listed.map((e) => [e.date, e.amount, e.paymentMethodId])).toEqual([
      ["2026-11-30", "387.65", account.id],
    ]);
    // The same file again: the purchase imported is a duplicate, with its category suggested.
    const again = importPreviewSchema.parse(
      (await preview(owner, { contentBase64: file, paymentMethodId: account.id })).json(),
    );
    expect(again.lines[0]).toMatchObject({ duplicate: true, suggestedCategoryId: market.id });
  });

  it("is never imported twice: the bank's id is kept with each entry, and a repeat is left out and counted", async () => {
    const owner = await signUpWithFamily(t.app, { language: "pt" });
    const market = await createCategory(t.app, owner, { name: "Mercado" });
    const account = await createPaymentMethod(t.app, owner, {
      kind: "checking",
      name: "Itaú conta",
    });
    // One FITID for two different purchases (some banks do), and one transaction written twice.
    const november = itau([
      transaction("T1", "20261103", "-10,00", "PADARIA"),
      transaction("T1", "20261104", "-20,00", "FARMACIA"),
      transaction("T2", "20261105", "-30,00", "POSTO"),
      transaction("T2", "20261105", "-30,00", "POSTO"),
      transaction("T3", "20261106", "500,00", "PIX RECEBIDO JOAO"),
    ]);
    const read = async (file: string) => {
      const res = await preview(owner, { contentBase64: file, paymentMethodId: account.id });
      expect(res.statusCode, res.body).toBe(200);
      return importPreviewSchema.parse(res.json()).lines;
    };
    const first = await read(november);
    expect(first.map((line) => [line.importId, line.duplicate])).toEqual([
      ["T1", false],
      ["T1#2", false],
      ["T2", false],
      ["T2", true],
      ["T3", false],
    ]);
    const commit = (lines: typeof first) =>
      t.app.inject({
        method: "POST",
        url: "/api/imports",
        headers: { cookie: owner.cookie, "idempotency-key": crypto.randomUUID() },
        payload: {
          fileName: "novembro.ofx",
          paymentMethodId: account.id,
          lines: lines
            .filter((line) => !line.notSpending)
            .map((line) => ({
              date: line.date,
              description: line.description,
              amount: line.amount,
              categoryId: market.id,
              ...(line.importId ? { importId: line.importId } : {}),
            })),
          credits: lines
            .filter((line) => line.notSpending)
            .map((line) => ({
              recordAs: "income",
              date: line.date,
              description: line.description,
              amount: line.amount,
              ...(line.importId ? { importId: line.importId } : {}),
            })),
        },
      });
    // Everything ticked, the repeat too: it is recorded once.
    const done = await commit(first);
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json()).toMatchObject({ importedCount: 4, incomeCount: 1, skippedCount: 1 });

    // The bank exports the month again with other words: its ids still find every entry.
    const again = itau([
      transaction("T1", "20261103", "-10,00", "PADARIA DO ZE"),
      transaction("T1", "20261104", "-20,00", "FARMACIA POPULAR"),
      transaction("T2", "20261105", "-30,00", "POSTO SHELL"),
      transaction("T3", "20261106", "500,00", "PIX RECEBIDO JOAO S"),
      transaction("T4", "20261107", "-40,00", "MERCADO"),
    ]);
    const second = await read(again);
    expect(second.map((line) => [line.importId, line.duplicate])).toEqual([
      ["T1", true],
      ["T1#2", true],
      ["T2", true],
      ["T3", true],
      ["T4", false],
    ]);
    const redone = await commit(second);
    expect(redone.statusCode, redone.body).toBe(201);
    expect(redone.json()).toMatchObject({ importedCount: 1, skippedCount: 4 });
    const listed = (
      await t.app.inject({ method: "GET", url: "/api/expenses", headers: { cookie: owner.cookie } })
    ).json() as Expense[];
    expect(listed.map((e) => [e.date, e.description]).sort()).toEqual([
      ["2026-11-03", "PADARIA"],
      ["2026-11-04", "FARMACIA"],
      ["2026-11-05", "POSTO"],
      ["2026-11-07", "MERCADO"],
    ]);
    // Deleted, an entry may come back with the next import of its file.
    const padaria = listed.find((e) => e.description === "PADARIA");
    await t.app.inject({
      method: "DELETE",
      url: `/api/expenses/${padaria?.id}`,
      headers: { cookie: owner.cookie },
    });
    const third = await read(again);
    expect(third[0]).toMatchObject({ importId: "T1", duplicate: false });
  });

  it("of a card reads its purchases as spending and its payment as a credit", async () => {
    const owner = await signUpWithFamily(t.app, { language: "pt" });
    const card = Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?>
<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
<OFX><CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS><CURDEF>BRL</CURDEF>
<CCACCTFROM><ACCTID>5502</ACCTID></CCACCTFROM>
<BANKTRANLIST>
<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20261103</DTPOSTED><TRNAMT>-52.90</TRNAMT><FITID>n1</FITID><MEMO>IFD*RESTAURANTE</MEMO></STMTTRN>
<STMTTRN><TRNTYPE>CREDIT</TRNTYPE><DTPOSTED>20261110</DTPOSTED><TRNAMT>1500.00</TRNAMT><FITID>n2</FITID><MEMO>Pagamento recebido</MEMO></STMTTRN>
</BANKTRANLIST></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>`,
    ).toString("base64");
    // Read the same whether or not the lines go into a card.
    for (const options of [undefined, { statementKind: "card" as const }]) {
      const res = await preview(owner, { contentBase64: card, ...(options ? { options } : {}) });
      expect(res.statusCode, res.body).toBe(200);
      const body = importPreviewSchema.parse(res.json());
      expect(body.settings).toMatchObject({
        format: "ofx",
        statementKind: "card",
        spendingSign: "negative",
      });
      expect(body.statementBalance).toBeNull();
      // The card's payment is a transfer from an account: neither spending nor income.
      expect(
        body.lines.map((line) => [
          line.description,
          line.amount,
          line.notSpending,
          line.cardBillPayment,
          line.incomeKind,
        ]),
      ).toEqual([
        ["IFD*RESTAURANTE", "52.90", false, false, null],
        ["Pagamento recebido", "1500.00", true, true, null],
      ]);
    }
  });

  it("of an account shows its card bill's payment as a transfer, which is never imported as spending", async () => {
    const owner = await signUpWithFamily(t.app, { language: "pt" });
    const market = await createCategory(t.app, owner, { name: "Mercado" });
    const file = itau([
      transaction("P1", "20261110", "-1.200,00", "PAGTO FATURA NUBANK"),
      transaction("P2", "20261111", "-45,00", "PADARIA"),
    ]);
    const body = importPreviewSchema.parse((await preview(owner, { contentBase64: file })).json());
    expect(
      body.lines.map((line) => [line.description, line.notSpending, line.cardBillPayment]),
    ).toEqual([
      ["PAGTO FATURA NUBANK", false, true],
      ["PADARIA", false, false],
    ]);
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/imports",
      headers: { cookie: owner.cookie, "idempotency-key": crypto.randomUUID() },
      payload: {
        lines: [
          { date: "2026-11-11", description: "PADARIA", amount: "45.00", categoryId: market.id },
          {
            date: "2026-11-10",
            description: "PAGTO FATURA NUBANK",
            amount: "1200.00",
            categoryId: market.id,
          },
        ],
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      {
        path: "lines.1.description",
        message:
          "Pagamento de fatura é uma transferência entre a conta e o cartão, não um gasto nem uma receita: registre-o nas faturas do cartão.",
      },
    ]);
    const listed = await t.app.inject({
      method: "GET",
      url: "/api/expenses",
      headers: { cookie: owner.cookie },
    });
    expect(listed.json()).toEqual([]);
  });

  it("that is broken says where, in the person's language, and writes nothing", async () => {
    const owner = await signUpWithFamily(t.app, { language: "pt" });
    const bad = itau([transaction("B1", "20261131", "-10,00", "DATA QUE NAO EXISTE")]);
    const res = await preview(owner, { contentBase64: bad });
    expect(res.statusCode).toBe(400);
    // The 31st of November, on the OFX's 18th line.
    expect(res.json().errors).toEqual([
      { path: "contentBase64", message: "A data na linha 18 do OFX não é uma data válida." },
    ]);
    const noStatement = Buffer.from(
      "OFXHEADER:100\r\n\r\n<OFX><SIGNONMSGSRSV1></SIGNONMSGSRSV1></OFX>",
    ).toString("base64");
    const refused = await preview(owner, { contentBase64: noStatement });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("O OFX não traz um extrato de conta nem de cartão.");
  });
});

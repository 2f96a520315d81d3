import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CardBill, CardBillDetail } from "../../../contract/card-bills";
import {
  type ImportCommitInput,
  type ImportPreviewInput,
  importPreviewSchema,
} from "../../../contract/imports";
import type { IncomeList } from "../../../contract/incomes";
import type { Transfer } from "../../../contract/transfers";
import type { SignedIn } from "../../testing/api-helpers";
import {
  createCategory,
  createExpense,
  createPaymentMethod,
  joinFamilyOf,
  signUpWithFamily,
} from "../../testing/family-helpers";
import { createTestApp, type TestApp } from "../../testing/test-app";

/**
 * An import's lines that are money between the family's own accounts
 * (docs/product.md#ofx-import): an account's line that pays a card's bill becomes that bill's
 * payment, through the card bills' door; a transfer seen in both accounts' files becomes one
 * transfer; neither is ever recorded twice.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const preview = async (who: SignedIn, payload: ImportPreviewInput) => {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/imports/preview",
    headers: { cookie: who.cookie },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return importPreviewSchema.parse(res.json()).lines;
};

const commit = (who: SignedIn, payload: ImportCommitInput) =>
  t.app.inject({
    method: "POST",
    url: "/api/imports",
    headers: { cookie: who.cookie, "idempotency-key": crypto.randomUUID() },
    payload,
  });

const get = async <T>(who: SignedIn, url: string): Promise<T> => {
  const res = await t.app.inject({ method: "GET", url, headers: { cookie: who.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

const fieldPaths = (body: string) =>
  (JSON.parse(body) as { errors?: { path: string }[] }).errors?.map((error) => error.path);

/** An account's OFX 1.x statement with these transactions. */
const ofx = (lines: string[]) =>
  Buffer.from(
    [
      "OFXHEADER:100",
      "DATA:OFXSGML",
      "VERSION:102",
      "CHARSET:1252",
      "",
      "<OFX>",
      "<BANKMSGSRSV1><STMTTRNRS><STMTRS>",
      "<CURDEF>BRL",
      "<BANKTRANLIST>",
      ...lines,
      "</BANKTRANLIST>",
      "</STMTRS></STMTTRNRS></BANKMSGSRSV1>",
      "</OFX>",
    ].join("\r\n"),
    "latin1",
  ).toString("base64");

const transaction = (fitId: string, date: string, amount: string, memo: string) =>
  `<STMTTRN><TRNTYPE>${amount.startsWith("-") ? "DEBIT" : "CREDIT"}<DTPOSTED>${date}<TRNAMT>${amount}<FITID>${fitId}<MEMO>${memo}</STMTTRN>`;

const account = (who: SignedIn, name: string) =>
  createPaymentMethod(t.app, who, { kind: "checking", name });

describe("a card bill's payment in an account's file", () => {
  it("is suggested its card, recorded as that bill's payment from the account, and never twice", async () => {
    const owner = await signUpWithFamily(t.app, { language: "pt" });
    const category = await createCategory(t.app, owner);
    const card = await createPaymentMethod(t.app, owner, { name: "Nubank" });
    const checking = await account(owner, "Itaú conta");
    // Closing on the 3rd: November's bill closes on 2026-11-03 with 500.00 in it.
    await createExpense(t.app, owner, {
      categoryId: category.id,
      paymentMethodId: card.id,
      amount: "500.00",
      date: "2026-11-01",
    });
    const file = ofx([
      transaction("P1", "20261110", "-500,00", "PAGTO FATURA NUBANK"),
      transaction("P2", "20261111", "-42,00", "PADARIA"),
    ]);
    const [payment, bakery] = await preview(owner, {
      contentBase64: file,
      paymentMethodId: checking.id,
    });
    // The family's one card.
    expect(payment).toMatchObject({ cardBillPayment: true, suggestedCardId: card.id });
    expect(bakery).toMatchObject({ cardBillPayment: false, suggestedCardId: null });
    // With a second card, the one whose bill's total is the line's amount.
    const other = await createPaymentMethod(t.app, owner, { name: "Inter" });
    const [again] = await preview(owner, { contentBase64: file, paymentMethodId: checking.id });
    expect(again?.suggestedCardId).toBe(card.id);
    // Without an account, nothing is suggested: a card's file sees the same money from the card.
    const [intoCard] = await preview(owner, { contentBase64: file, paymentMethodId: other.id });
    expect(intoCard?.suggestedCardId).toBeNull();

    const payload = {
      paymentMethodId: checking.id,
      lines: [],
      billPayments: [{ date: "2026-11-10", amount: "500.00", cardId: card.id, importId: "P1" }],
    };
    const done = await commit(owner, payload);
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json()).toMatchObject({ importedCount: 1, billPaymentCount: 1, skippedCount: 0 });
    const [bill] = await get<CardBill[]>(owner, `/api/payment-methods/${card.id}/bills`);
    const detail = await get<CardBillDetail>(owner, `/api/card-bills/${bill?.id}`);
    expect(detail).toMatchObject({ closesOn: "2026-11-03", paid: "500.00", status: "paid" });
    expect(detail.payments.map((p) => [p.fromMethodId, p.amount, p.paidOn])).toEqual([
      [checking.id, "500.00", "2026-11-10"],
    ]);

    // The same file again: the line is a duplicate, and sent anyway it is left out and counted.
    const [seen] = await preview(owner, { contentBase64: file, paymentMethodId: checking.id });
    expect(seen?.duplicate).toBe(true);
    const twice = await commit(owner, payload);
    expect(twice.statusCode, twice.body).toBe(201);
    expect(twice.json()).toMatchObject({ importedCount: 0, billPaymentCount: 0, skippedCount: 1 });
    const after = await get<CardBillDetail>(owner, `/api/card-bills/${bill?.id}`);
    expect(after.payments).toHaveLength(1);
  });

  it("is refused from a card's file, for another family's card, past what is left, and without a bill", async () => {
    const owner = await signUpWithFamily(t.app, { language: "pt" });
    const category = await createCategory(t.app, owner);
    const card = await createPaymentMethod(t.app, owner);
    const checking = await account(owner, "Conta");
    await createExpense(t.app, owner, {
      categoryId: category.id,
      paymentMethodId: card.id,
      amount: "100.00",
      date: "2026-11-01",
    });
    const stranger = await signUpWithFamily(t.app);
    const theirCard = await createPaymentMethod(t.app, stranger);
    const payment = { date: "2026-11-10", amount: "100.00", cardId: card.id };

    const fromCard = await commit(owner, {
      paymentMethodId: card.id,
      lines: [],
      billPayments: [payment],
    });
    expect(fromCard.statusCode).toBe(400);
    expect(fieldPaths(fromCard.body)).toEqual(["billPayments"]);
    const noMethod = await commit(owner, { lines: [], billPayments: [payment] });
    expect(noMethod.statusCode).toBe(400);
    expect(fieldPaths(noMethod.body)).toEqual(["paymentMethodId"]);
    const theirs = await commit(owner, {
      paymentMethodId: checking.id,
      lines: [],
      billPayments: [payment, { ...payment, cardId: theirCard.id }],
    });
    expect(theirs.statusCode).toBe(400);
    expect(fieldPaths(theirs.body)).toEqual(["billPayments.1.cardId"]);
    const tooMuch = await commit(owner, {
      paymentMethodId: checking.id,
      lines: [],
      billPayments: [{ ...payment, amount: "100.01" }],
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(fieldPaths(tooMuch.body)).toEqual(["billPayments.0.amount"]);
    // Before the card's first bill closed: no bill it pays.
    const early = await commit(owner, {
      paymentMethodId: checking.id,
      lines: [],
      billPayments: [{ ...payment, date: "2026-11-02" }],
    });
    expect(early.statusCode).toBe(400);
    expect(fieldPaths(early.body)).toEqual(["billPayments.0.cardId"]);
    // Nothing was written by any of them.
    const [bill] = await get<CardBill[]>(owner, `/api/payment-methods/${card.id}/bills`);
    expect(bill?.paid).toBe("0.00");
  });
});

/** Imports one credit of `file` into `into` as income; returns the income's id. */
async function importIncome(
  who: SignedIn,
  into: string,
  fitId: string,
  date: string,
  amount: string,
) {
  const file = ofx([transaction(fitId, date.replaceAll("-", ""), amount, "TED RECEBIDA")]);
  const [line] = await preview(who, { contentBase64: file, paymentMethodId: into });
  const res = await commit(who, {
    paymentMethodId: into,
    lines: [],
    credits: [
      {
        recordAs: "income",
        date: line?.date ?? "",
        description: line?.description ?? "",
        amount: line?.amount ?? "",
        importId: fitId,
      },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  const incomes = await get<IncomeList>(
    who,
    `/api/incomes?month=${Number(date.slice(5, 7))}&year=2026`,
  );
  const income = incomes.items.find((item) => item.date === date && item.paymentMethodId === into);
  if (!income) throw new Error("income not imported");
  return { file, income };
}

describe("a transfer seen in both accounts' files", () => {
  it("turns the other account's imported income into one transfer, whose both lines are then duplicates", async () => {
    const owner = await signUpWithFamily(t.app, { language: "pt" });
    const from = await account(owner, "Itaú conta");
    const to = await account(owner, "Poupança");
    const { file: toFile, income } = await importIncome(
      owner,
      to.id,
      "B1",
      "2026-11-10",
      "1000,00",
    );
    const fromFile = ofx([
      transaction("A1", "20261109", "-1.000,00", "TED ENVIADA POUPANCA"),
      transaction("A2", "20261109", "-999,00", "TED ENVIADA OUTRA"),
      // The same amount and day, but a purchase: never taken for the transfer.
      transaction("A3", "20261109", "-1.000,00", "SUPERMERCADO EXTRA"),
      // A second transfer of the same amount, two days from the income: the nearer line has it.
      transaction("A4", "20261112", "-1.000,00", "TED ENVIADA POUPANCA"),
    ]);
    const [line, otherAmount, purchase, second] = await preview(owner, {
      contentBase64: fromFile,
      paymentMethodId: from.id,
    });
    expect(line?.transferMatch).toEqual({
      kind: "income",
      id: income.id,
      methodId: to.id,
      date: "2026-11-10",
    });
    expect(line?.duplicate).toBe(false);
    expect(otherAmount?.transferMatch).toBeNull();
    expect(purchase?.transferMatch).toBeNull();
    expect(second?.transferMatch).toBeNull();

    const payload = {
      paymentMethodId: from.id,
      lines: [],
      transfers: [{ date: "2026-11-09", amount: "1000.00", incomeId: income.id, importId: "A1" }],
    };
    // The income was already ticked against the savings' bank (docs/product.md#reconciliation).
    const cleared = await t.app.inject({
      method: "PUT",
      url: `/api/accounts/${to.id}/cleared`,
      headers: { cookie: owner.cookie },
      payload: { kind: "income", entryId: income.id, cleared: true },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const done = await commit(owner, payload);
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json()).toMatchObject({ importedCount: 1, transferCount: 1, skippedCount: 0 });
    const incomes = await get<IncomeList>(owner, "/api/incomes?month=11&year=2026");
    expect(incomes.items).toEqual([]);
    const transfers = (await get<{ items: Transfer[] }>(owner, "/api/transfers")).items;
    expect(transfers.map((x) => [x.fromMethodId, x.toMethodId, x.amount, x.date])).toEqual([
      [from.id, to.id, "1000.00", "2026-11-09"],
    ]);
    // It stays cleared, as the transfer it became: the savings' cleared balance does not move.
    const marks = await t.database.pool.query(
      "select method_id, entry_kind, entry_id from cleared_entries where family_id = $1",
      [owner.familyId],
    );
    expect(marks.rows).toEqual([
      { method_id: to.id, entry_kind: "transfer", entry_id: transfers[0]?.id },
    ]);

    // Either file again: the transfer's line is a duplicate, and sent again it is left out.
    const [fromAgain] = await preview(owner, { contentBase64: fromFile, paymentMethodId: from.id });
    expect(fromAgain).toMatchObject({
      duplicate: true,
      transferMatch: { kind: "transfer", id: transfers[0]?.id, methodId: to.id },
    });
    const [toAgain] = await preview(owner, { contentBase64: toFile, paymentMethodId: to.id });
    expect(toAgain?.duplicate).toBe(true);
    const twice = await commit(owner, payload);
    expect(twice.json()).toMatchObject({ importedCount: 0, transferCount: 0, skippedCount: 1 });
    expect((await get<{ items: Transfer[] }>(owner, "/api/transfers")).items).toHaveLength(1);
  });

  it("turns the other account's imported expense into one transfer, for a credit written as one", async () => {
    const owner = await signUpWithFamily(t.app, { language: "pt" });
    const category = await createCategory(t.app, owner);
    const from = await account(owner, "Itaú conta");
    const to = await account(owner, "Nubank conta");
    const fromFile = ofx([transaction("A1", "20261112", "-200,00", "PIX ENVIADO MARIA")]);
    const sent = await commit(owner, {
      paymentMethodId: from.id,
      lines: [
        {
          date: "2026-11-12",
          description: "PIX ENVIADO MARIA",
          amount: "200.00",
          categoryId: category.id,
          importId: "A1",
        },
      ],
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const [expense] = await get<{ id: string }[]>(owner, "/api/expenses");
    const toFile = ofx([
      transaction("B1", "20261113", "200,00", "PIX RECEBIDO MARIA"),
      // Not written as a transfer: an income or a refund, never matched.
      transaction("B2", "20261113", "200,00", "SALARIO"),
    ]);
    const [line, salary] = await preview(owner, { contentBase64: toFile, paymentMethodId: to.id });
    expect(line?.transferMatch).toEqual({
      kind: "expense",
      id: expense?.id,
      methodId: from.id,
      date: "2026-11-12",
    });
    expect(salary?.transferMatch).toBeNull();
    const done = await commit(owner, {
      paymentMethodId: to.id,
      lines: [],
      transfers: [{ date: "2026-11-13", amount: "200.00", expenseId: expense?.id, importId: "B1" }],
    });
    expect(done.statusCode, done.body).toBe(201);
    expect(await get<unknown[]>(owner, "/api/expenses")).toEqual([]);
    const transfers = (await get<{ items: Transfer[] }>(owner, "/api/transfers")).items;
    // Dated on the debit's day.
    expect(transfers.map((x) => [x.fromMethodId, x.toMethodId, x.amount, x.date])).toEqual([
      [from.id, to.id, "200.00", "2026-11-12"],
    ]);
    const [fromAgain] = await preview(owner, { contentBase64: fromFile, paymentMethodId: from.id });
    expect(fromAgain?.duplicate).toBe(true);
  });

  it("is refused for another family's income, an amount that differs, a date too far and another member's private income", async () => {
    const owner = await signUpWithFamily(t.app, { language: "pt" });
    const member = await joinFamilyOf(t.app, owner);
    const from = await account(owner, "Itaú conta");
    const to = await account(owner, "Poupança");
    const { income } = await importIncome(owner, to.id, "B1", "2026-11-10", "1000,00");
    const stranger = await signUpWithFamily(t.app);
    const theirAccount = await account(stranger, "Conta");
    const { income: theirs } = await importIncome(
      stranger,
      theirAccount.id,
      "S1",
      "2026-11-10",
      "1000,00",
    );
    const transfer = { date: "2026-11-09", amount: "1000.00", incomeId: income.id };
    const refused = async (sent: (typeof transfer)[], path: string) => {
      const res = await commit(owner, { paymentMethodId: from.id, lines: [], transfers: sent });
      expect(res.statusCode, res.body).toBe(400);
      expect(fieldPaths(res.body)).toEqual([path]);
    };
    await refused([{ ...transfer, incomeId: theirs.id }], "transfers.0.incomeId");
    await refused([{ ...transfer, amount: "999.00" }], "transfers.0.amount");
    await refused([{ ...transfer, date: "2026-11-01" }], "transfers.0.date");
    // Into the income's own account: no transfer between two accounts.
    const same = await commit(owner, { paymentMethodId: to.id, lines: [], transfers: [transfer] });
    expect(fieldPaths(same.body)).toEqual(["transfers.0.incomeId"]);

    // Another member's income made private: never matched, never taken.
    const { income: hidden } = await importIncome(member, to.id, "M1", "2026-11-20", "300,00");
    const madePrivate = await t.app.inject({
      method: "PATCH",
      url: `/api/incomes/${hidden.id}`,
      headers: { cookie: member.cookie },
      payload: { private: true },
    });
    expect(madePrivate.statusCode, madePrivate.body).toBe(200);
    const [line] = await preview(owner, {
      contentBase64: ofx([transaction("A9", "20261120", "-300,00", "TED ENVIADA")]),
      paymentMethodId: from.id,
    });
    expect(line?.transferMatch).toBeNull();
    await refused(
      [{ date: "2026-11-20", amount: "300.00", incomeId: hidden.id }],
      "transfers.0.incomeId",
    );
    // Nothing was written.
    expect((await get<{ items: Transfer[] }>(owner, "/api/transfers")).items).toEqual([]);
  });
});

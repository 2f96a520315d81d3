import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category } from "../../../contract/categories";
import type { Expense } from "../../../contract/expenses";
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_LINES,
  type ImportPreview,
  type ImportPreviewInput,
  importPreviewSchema,
} from "../../../contract/imports";
import { budgetAlerts, expenses, notifications } from "../../db/schema";
import type { SignedIn } from "../../testing/api-helpers";
import {
  createCategory,
  createExpense,
  createPaymentMethod,
  signUpWithFamily,
} from "../../testing/family-helpers";
import { createTestApp, type TestApp } from "../../testing/test-app";

/**
 * CSV import (docs/product.md#csv-import): the preview of a pt-BR bank statement, every bad file
 * a translated 4xx, and the commit all or none, once per Idempotency-Key, with budget alerts.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const base64 = (text: string, encoding: BufferEncoding = "utf8") =>
  Buffer.from(text, encoding).toString("base64");

const preview = (who: SignedIn, payload: ImportPreviewInput) =>
  t.app.inject({
    method: "POST",
    url: "/api/imports/preview",
    headers: { cookie: who.cookie },
    payload,
  });

const commit = (who: SignedIn, payload: object, key: string | null = crypto.randomUUID()) =>
  t.app.inject({
    method: "POST",
    url: "/api/imports",
    headers: { cookie: who.cookie, ...(key === null ? {} : { "idempotency-key": key }) },
    payload,
  });

const familyExpenses = async (who: SignedIn): Promise<Expense[]> =>
  (
    await t.app.inject({ method: "GET", url: "/api/expenses", headers: { cookie: who.cookie } })
  ).json();

/** A statement as a Brazilian bank exports it: Latin-1, ';', dd/mm/yyyy, 1.234,56, signed. */
const bankStatement = [
  "Data;Histórico;Documento;Valor (R$);Saldo (R$)",
  "13/03/2026;Padaria São João;001;-12,50;1.000,00",
  "14/03/2026;SALÁRIO EMPRESA;002;5.000,00;6.000,00",
  "15/03/2026;Supermercado Pão de Açúcar;003;-1.234,56;4.765,44",
  "31/02/2026;Farmácia;004;-30,00;4.735,44",
  "16/03/2026;Posto Shell;005;-200,00;4.535,44",
].join("\r\n");

describe("the preview", () => {
  let owner: SignedIn & { familyId: string };
  let food: Category;
  let car: Category;
  beforeAll(async () => {
    owner = await signUpWithFamily(t.app, { language: "pt" });
    food = await createCategory(t.app, owner, { name: "Alimentação" });
    car = await createCategory(t.app, owner, { name: "Carro" });
    // Already recorded: the import's line 4 is a duplicate (case and accents aside).
    await createExpense(t.app, owner, {
      categoryId: food.id,
      description: "supermercado pao de acucar",
      amount: "1234.56",
      date: "2026-03-15",
    });
    // The category last used for "Posto Shell" is Carro (the newer one wins).
    await createExpense(t.app, owner, {
      categoryId: food.id,
      description: "Posto Shell",
      amount: "10.00",
      date: "2026-01-10",
    });
    await createExpense(t.app, owner, {
      categoryId: car.id,
      description: "POSTO  SHELL",
      amount: "90.00",
      date: "2026-02-10",
    });
  });

  it("reads a Latin-1 bank statement and answers every line", async () => {
    const res = await preview(owner, {
      fileName: "extrato.csv",
      contentBase64: base64(bankStatement, "latin1"),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body: ImportPreview = res.json();
    // Written with JSON.stringify past the zod serializer (trustedJson): still the contract's shape.
    expect(importPreviewSchema.strict().parse(body)).toEqual(body);
    expect(body.settings).toEqual({
      format: "csv",
      encoding: "windows-1252",
      separator: ";",
      hasHeader: true,
      dateFormat: "dd/mm/yyyy",
      dateFormatAmbiguous: false,
      amountFormat: "comma",
      spendingSign: "negative",
      statementKind: "bank",
      spendingSignReason: "bankStatement",
      columns: { date: 0, description: 1, amount: 3 },
    });
    expect(body.columnNames).toEqual([
      "Data",
      "Histórico",
      "Documento",
      "Valor (R$)",
      "Saldo (R$)",
    ]);
    expect(
      body.lines.map((l) => [
        l.lineNumber,
        l.date,
        l.amount,
        l.description,
        l.errorKey,
        l.notSpending,
        l.duplicate,
        l.suggestedCategoryId,
      ]),
    ).toEqual([
      [2, "2026-03-13", "12.50", "Padaria São João", null, false, false, null],
      [3, "2026-03-14", "5000.00", "SALÁRIO EMPRESA", null, true, false, null],
      [4, "2026-03-15", "1234.56", "Supermercado Pão de Açúcar", null, false, true, food.id],
      [5, null, "30.00", "Farmácia", "validation.importDateInvalid", false, false, null],
      [6, "2026-03-16", "200.00", "Posto Shell", null, false, false, car.id],
    ]);
    expect(body.lines[0]?.cells).toEqual([
      "13/03/2026",
      "Padaria São João",
      "001",
      "-12,50",
      "1.000,00",
    ]);
  });

  it("reads again with the person's choices", async () => {
    const res = await preview(owner, {
      contentBase64: base64("01/02/2026,Bakery,-3.50\n03/04/2026,Fuel,-40\n"),
      options: { dateFormat: "mm/dd/yyyy", spendingSign: "positive" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body: ImportPreview = res.json();
    expect(body.settings).toMatchObject({
      encoding: "utf-8",
      separator: ",",
      hasHeader: false,
      dateFormat: "mm/dd/yyyy",
      dateFormatAmbiguous: true,
      amountFormat: "dot",
      spendingSign: "positive",
      columns: { date: 0, description: 1, amount: 2 },
    });
    expect(body.columnNames).toEqual(["1", "2", "3"]);
    expect(body.lines.map((l) => [l.date, l.amount, l.notSpending])).toEqual([
      ["2026-01-02", "3.50", true],
      ["2026-03-04", "40.00", true],
    ]);
  });

  it("marks a line with too many columns and one whose amount does not read", async () => {
    const res = await preview(owner, {
      contentBase64: base64(
        "Date,Description,Amount\n2026-03-01,Gym,-30.00,oops\n2026-03-02,Tea,x\n",
      ),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as ImportPreview).lines.map((l) => l.errorKey)).toEqual([
      "validation.importTooManyColumns",
      "validation.importAmountInvalid",
    ]);
  });

  it("refuses every bad file with a 4xx in the person's language", async () => {
    const cases: [ImportPreviewInput, number, string][] = [
      [{ contentBase64: "" }, 400, "O arquivo está vazio: não há linhas para importar."],
      [
        { contentBase64: base64("\r\n \r\n") },
        400,
        "O arquivo está vazio: não há linhas para importar.",
      ],
      [
        { contentBase64: base64("Data;Valor\n") },
        400,
        "O arquivo está vazio: não há linhas para importar.",
      ],
      [
        { contentBase64: Buffer.from([0x50, 0x4b, 3, 4, 0, 0, 8, 0]).toString("base64") },
        400,
        "Este não é um arquivo CSV (parece um arquivo binário). Exporte o extrato em CSV.",
      ],
      [
        { contentBase64: Buffer.alloc(IMPORT_MAX_BYTES + 1, 97).toString("base64") },
        413,
        "O arquivo tem mais de 5 MB. Divida-o e importe cada parte.",
      ],
      [
        { contentBase64: base64("01/03/2026;x;-1,00\n".repeat(IMPORT_MAX_LINES + 1)) },
        413,
        "O arquivo tem mais de 20000 linhas. Divida-o e importe cada parte.",
      ],
      [
        { contentBase64: base64('Data;Descrição;Valor\n10/03/2026;"Padaria;-1,00\n') },
        400,
        "Não foi possível ler o arquivo como CSV (alguma aspa não foi fechada?).",
      ],
      [
        { contentBase64: "@@@@" },
        400,
        "Não foi possível ler o arquivo como CSV (alguma aspa não foi fechada?).",
      ],
      [
        { contentBase64: base64(bankStatement, "latin1"), options: { encoding: "utf-8" } },
        400,
        "O arquivo não está em UTF-8. Escolha Latin-1.",
      ],
    ];
    for (const [payload, status, message] of cases) {
      const res = await preview(owner, payload);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toBe(message);
    }
    // Past the route's body limit the body is not even read: still a translated 413.
    const huge = await preview(owner, { contentBase64: "a".repeat(8 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe("A requisição é grande demais.");
  });

  it("reads 10,000 lines", async () => {
    const lines = Array.from(
      { length: 10_000 },
      (_, i) => `${String((i % 28) + 1).padStart(2, "0")}/03/2026;Compra ${i};-${i + 1},99`,
    );
    const started = Date.now();
    const res = await preview(owner, {
      contentBase64: base64(`Data;Descrição;Valor\n${lines.join("\n")}`),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as ImportPreview).lines).toHaveLength(10_000);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});

describe("the commit", () => {
  let owner: SignedIn & { familyId: string };
  let food: Category;
  beforeAll(async () => {
    owner = await signUpWithFamily(t.app, { language: "pt" });
    food = await createCategory(t.app, owner, { name: "Alimentação" });
  });

  const line = (overrides: Record<string, unknown> = {}) => ({
    date: "2026-03-02",
    description: "Padaria São João",
    amount: "12.50",
    categoryId: food.id,
    ...overrides,
  });

  it("imports every ticked line once, whatever the repeats", async () => {
    const before = (await familyExpenses(owner)).length;
    const key = crypto.randomUUID();
    const payload = {
      fileName: "extrato.csv",
      lines: [line(), line({ date: "2026-03-05", description: "Posto", amount: "200" })],
    };
    const first = await commit(owner, payload, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ importedCount: 2, totalAmount: "212.50" });
    // A double click, a retried request, two at the same time: nothing imported twice.
    const repeats = await Promise.all([commit(owner, payload, key), commit(owner, payload, key)]);
    for (const repeat of repeats) {
      expect(repeat.statusCode, repeat.body).toBe(201);
      expect(repeat.json()).toEqual(first.json());
    }
    const list = await familyExpenses(owner);
    expect(list).toHaveLength(before + 2);
    expect(list.find((e) => e.description === "Posto")).toMatchObject({
      amount: "200.00",
      date: "2026-03-05",
      categoryId: food.id,
      addedByUserId: owner.user.id,
      paidByUserId: owner.user.id,
    });
  });

  it("imports nothing when one line is wrong", async () => {
    const other = await signUpWithFamily(t.app);
    const theirs = await createCategory(t.app, other, { name: "Deles" });
    const before = (await familyExpenses(owner)).length;
    const cases: [unknown[], string, string][] = [
      [
        [line(), line({ categoryId: crypto.randomUUID() })],
        "lines.1.categoryId",
        "Categoria não encontrada",
      ],
      [[line(), line({ categoryId: theirs.id })], "lines.1.categoryId", "Categoria não encontrada"],
      [[line(), line({ amount: "0" })], "lines.1.amount", "O valor deve ser maior que zero"],
      [[line({ date: "2026-02-30" }), line()], "lines.0.date", "Informe uma data válida"],
      [
        [line(), line({ paidByUserId: other.user.id })],
        "lines.1.paidByUserId",
        "Escolha um membro da família",
      ],
    ];
    for (const [lines, path, message] of cases) {
      const res = await commit(owner, { lines });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual([{ path, message }]);
    }
    const empty = await commit(owner, { lines: [] });
    expect(empty.json().errors).toEqual([
      { path: "lines", message: "Marque pelo menos uma linha para importar" },
    ]);
    expect((await familyExpenses(owner)).length).toBe(before);
  });

  it("needs an Idempotency-Key", async () => {
    const res = await commit(owner, { lines: [line()] }, null);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors?.[0]?.path).toBe("idempotency-key");
  });

  it("keeps one family's key apart from another's", async () => {
    const other = await signUpWithFamily(t.app);
    const theirs = await createCategory(t.app, other);
    const key = crypto.randomUUID();
    expect((await commit(owner, { lines: [line()] }, key)).statusCode).toBe(201);
    const res = await commit(other, { lines: [line({ categoryId: theirs.id })] }, key);
    expect(res.statusCode, res.body).toBe(201);
    expect((await familyExpenses(other)).map((e) => e.categoryId)).toEqual([theirs.id]);
  });

  it("fires budget alerts for imported spending as for any other", async () => {
    // This month, whose period has started (a later one's alerts wait for it to start).
    const now = new Date();
    const thisMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
      .toISOString()
      .slice(0, 7);
    const family = await signUpWithFamily(t.app, { language: "pt" });
    const budgeted = await createCategory(t.app, family, {
      name: "Mercado",
      monthlyBudget: "100.00",
      weeklyBudget: "0",
    });
    const res = await commit(family, {
      lines: [
        line({ categoryId: budgeted.id, date: `${thisMonth}-01`, amount: "50.00" }),
        line({ categoryId: budgeted.id, date: `${thisMonth}-01`, amount: "35.00" }),
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const alerts = await t.database.db
      .select()
      .from(budgetAlerts)
      .where(eq(budgetAlerts.categoryId, budgeted.id));
    expect(alerts.map((a) => [a.period, a.threshold, a.spent])).toEqual([["month", 80, "85.00"]]);
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, family.user.id),
          eq(notifications.budgetAlertId, alerts[0]?.id ?? ""),
        ),
      );
    expect(told).toHaveLength(1);
    const imported = await t.database.db
      .select()
      .from(expenses)
      .where(eq(expenses.categoryId, budgeted.id));
    expect(imported).toHaveLength(2);
  });
});

/** A Nubank card statement as the bank exports it: date,title,amount; purchases positive. */
const nubankStatement = [
  "date,title,amount",
  "2026-03-01,Padaria,12.50",
  "2026-03-02,Geladeira - Parcela 2/12,300.00",
  "2026-03-04,Uber,23.90",
  "2026-03-05,Pagamento recebido,-1500.00",
  "2026-03-06,NETFLIX,55.90",
].join("\n");

describe("a card statement", () => {
  let owner: SignedIn & { familyId: string };
  let category: Category;
  let card: { id: string };
  beforeAll(async () => {
    owner = await signUpWithFamily(t.app, { language: "pt" });
    category = await createCategory(t.app, owner, { name: "Casa" });
    card = await createPaymentMethod(t.app, owner, { name: "Nubank", closingDay: 3, dueDay: 10 });
  });

  it("is read as one: purchases are spending, the bill's payment the odd one out, and the guess is named", async () => {
    const res = await preview(owner, {
      fileName: "nubank.csv",
      contentBase64: base64(nubankStatement),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = importPreviewSchema.parse(res.json());
    expect(body.settings).toMatchObject({
      spendingSign: "positive",
      statementKind: "card",
      spendingSignReason: "cardStatement",
    });
    expect(body.lines.map((l) => [l.description, l.notSpending])).toEqual([
      ["Padaria", false],
      ["Geladeira", false],
      ["Uber", false],
      ["Pagamento recebido", true],
      ["NETFLIX", false],
    ]);
    expect(body.lines[1]?.installment).toEqual({ number: 2, count: 12 });
    expect(body.lines[0]?.installment).toBeNull();
    // Imported into a card, a statement is a card's whatever its signs.
    const chosen = await preview(owner, {
      contentBase64: base64(
        "date,title,amount\n2026-03-01,Estorno,-10.00\n2026-03-02,Loja,-20.00\n",
      ),
      options: { statementKind: "card" },
    });
    expect(chosen.json().settings).toMatchObject({
      spendingSign: "positive",
      spendingSignReason: "chosen",
    });
  });

  it("goes into the card: each line in its date's bill, or all in the bill chosen", async () => {
    const lines = [
      { date: "2026-03-01", description: "Padaria", amount: "12.50", categoryId: category.id },
      { date: "2026-03-04", description: "Uber", amount: "23.90", categoryId: category.id },
    ];
    const byDate = await commit(owner, { fileName: "nubank.csv", paymentMethodId: card.id, lines });
    expect(byDate.statusCode, byDate.body).toBe(201);
    const bills = (
      await t.app.inject({
        method: "GET",
        url: `/api/payment-methods/${card.id}/bills`,
        headers: { cookie: owner.cookie },
      })
    ).json() as { id: string; closesOn: string }[];
    const closes = new Map(bills.map((b) => [b.id, b.closesOn]));
    const imported = (await familyExpenses(owner)).filter((e) => e.paymentMethodId === card.id);
    expect(imported.map((e) => [e.description, closes.get(e.billId as string)]).sort()).toEqual([
      ["Padaria", "2026-03-03"],
      ["Uber", "2026-04-03"],
    ]);
    const march = bills.find((b) => b.closesOn === "2026-03-03");
    const intoBill = await commit(owner, {
      paymentMethodId: card.id,
      billId: march?.id,
      lines: [{ date: "2026-03-20", description: "Loja", amount: "5.00", categoryId: category.id }],
    });
    expect(intoBill.statusCode, intoBill.body).toBe(201);
    const loja = (await familyExpenses(owner)).find((e) => e.description === "Loja");
    expect(loja?.billId).toBe(march?.id);
  });

  it("refuses another family's method, and a bill of another card", async () => {
    const other = await signUpWithFamily(t.app, { language: "pt" });
    const theirs = await createPaymentMethod(t.app, other, { name: "Deles" });
    const line = { date: "2026-03-01", description: "X", amount: "1.00", categoryId: category.id };
    const foreign = await commit(owner, { paymentMethodId: theirs.id, lines: [line] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual([
      { path: "paymentMethodId", message: "Escolha uma das formas de pagamento da família" },
    ]);
    const other2 = await createPaymentMethod(t.app, owner, { name: "Inter" });
    const purchase = await createExpense(t.app, owner, {
      categoryId: category.id,
      paymentMethodId: other2.id,
    });
    const wrongBill = await commit(owner, {
      paymentMethodId: card.id,
      billId: purchase.billId,
      lines: [line],
    });
    expect(wrongBill.json().errors).toEqual([
      { path: "billId", message: "Escolha uma das faturas deste cartão" },
    ]);
  });

  it("links marked lines to their purchase in installments, found or made, and knows them as duplicates", async () => {
    const family = await signUpWithFamily(t.app, { language: "pt" });
    const casa = await createCategory(t.app, family, { name: "Casa" });
    const nubank = await createPaymentMethod(t.app, family, { name: "Nubank" });
    const marked = (number: number, date: string) => ({
      date,
      description: "Geladeira",
      amount: "300.00",
      categoryId: casa.id,
      installment: { number, count: 12 },
    });
    const first = await commit(family, {
      paymentMethodId: nubank.id,
      lines: [marked(2, "2026-03-02"), marked(3, "2026-04-02")],
    });
    expect(first.statusCode, first.body).toBe(201);
    const after = await familyExpenses(family);
    const seriesId = after[0]?.seriesId as string;
    expect(after.map((e) => [e.installment, e.installmentCount, e.seriesId]).sort()).toEqual([
      [2, 12, seriesId],
      [3, 12, seriesId],
    ]);
    const series = (
      await t.app.inject({
        method: "GET",
        url: `/api/installments/${seriesId}`,
        headers: { cookie: family.cookie },
      })
    ).json();
    expect(series).toMatchObject({ count: 12, total: "3600.00", firstDate: "2026-02-02" });
    // Next month's statement: 4/12 joins the same purchase.
    await commit(family, { paymentMethodId: nubank.id, lines: [marked(4, "2026-05-02")] });
    expect((await familyExpenses(family)).filter((e) => e.seriesId === seriesId)).toHaveLength(3);
    // 3/12 again, dated as another card writes it: a duplicate all the same.
    const again = await preview(family, {
      contentBase64: base64(
        "date,title,amount\n2026-04-05,Geladeira PARC 03/12,300.00\n2026-04-06,Sofá,10.00\n",
      ),
    });
    expect(again.json().lines.map((l: { duplicate: boolean }) => l.duplicate)).toEqual([
      true,
      false,
    ]);
    // An installment of a purchase made by hand is known too.
    await t.app.inject({
      method: "POST",
      url: "/api/installments",
      headers: { cookie: family.cookie },
      payload: {
        description: "Sofá",
        total: "1000.00",
        count: 10,
        firstDate: "2026-01-15",
        categoryId: casa.id,
      },
    });
    const sofa = await preview(family, {
      contentBase64: base64("date,title,amount\n2026-03-20,SOFA 03/10,100.00\n"),
    });
    expect(sofa.json().lines[0]).toMatchObject({
      duplicate: true,
      installment: { number: 3, count: 10 },
    });
  });
});

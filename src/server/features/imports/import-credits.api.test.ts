import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category } from "../../../contract/categories";
import type { Expense } from "../../../contract/expenses";
import type { ImportPreview } from "../../../contract/imports";
import type { IncomeList } from "../../../contract/incomes";
import type { MonthSummaryResponse as MonthSummary } from "../../../contract/summary";
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
 * A statement's credits (docs/product.md#credits): skipped unless the person records them as
 * income or as a refund of a purchase the preview proposes, in the import's one transaction.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const base64 = (text: string) => Buffer.from(text, "utf8").toString("base64");

const preview = async (who: SignedIn, csv: string, paymentMethodId?: string) => {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/imports/preview",
    headers: { cookie: who.cookie },
    payload: { contentBase64: base64(csv), ...(paymentMethodId ? { paymentMethodId } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ImportPreview;
};

const commit = (who: SignedIn, payload: object, key = crypto.randomUUID()) =>
  t.app.inject({
    method: "POST",
    url: "/api/imports",
    headers: { cookie: who.cookie, "idempotency-key": key },
    payload,
  });

const get = async <T>(who: SignedIn, url: string): Promise<T> =>
  (await t.app.inject({ method: "GET", url, headers: { cookie: who.cookie } })).json() as T;

/** A bank statement: spending negative, credits positive. */
const statement = [
  "Data;Histórico;Valor",
  "05/03/2026;PAGAMENTO DE SALÁRIO ACME;5.000,00",
  "10/03/2026;Padaria;-12,50",
  "12/03/2026;Farmácia;-30,00",
  "20/03/2026;Estorno Mercado;120,00",
].join("\n");

describe("a statement's credits", () => {
  let owner: SignedIn & { familyId: string };
  let food: Category;
  let purchase: Expense;
  beforeAll(async () => {
    owner = await signUpWithFamily(t.app, { language: "pt" });
    food = await createCategory(t.app, owner, { name: "Mercado" });
    purchase = await createExpense(t.app, owner, {
      categoryId: food.id,
      description: "Mercado",
      amount: "120.00",
      date: "2026-03-12",
    });
    // Not proposed: a purchase too small, one after the credit, and another description.
    await createExpense(t.app, owner, {
      categoryId: food.id,
      description: "mercado",
      amount: "50.00",
      date: "2026-03-11",
    });
    await createExpense(t.app, owner, {
      categoryId: food.id,
      description: "Mercado",
      amount: "300.00",
      date: "2026-03-25",
    });
    await createExpense(t.app, owner, {
      categoryId: food.id,
      description: "Mercado Livre",
      amount: "500.00",
      date: "2026-03-01",
    });
  });

  it("previews a salary as income of kind salary and proposes the purchase a refund returns", async () => {
    const body = await preview(owner, statement);
    const [salary, bakery, , refund] = body.lines;
    expect(salary).toMatchObject({ notSpending: true, incomeKind: "salary", refundCandidates: [] });
    expect(bakery).toMatchObject({ notSpending: false, incomeKind: null, refundCandidates: [] });
    expect(refund?.incomeKind).toBe("other");
    expect(refund?.refundCandidates).toEqual([
      {
        expenseId: purchase.id,
        date: "2026-03-12",
        description: "Mercado",
        amount: "120.00",
        left: "120.00",
      },
    ]);
  });

  it("proposes no purchase of another member's they may not see (a private one)", async () => {
    const partner = await joinFamilyOf(t.app, owner);
    const hidden = await createExpense(t.app, partner, {
      categoryId: food.id,
      description: "Mercado",
      amount: "130.00",
      date: "2026-03-13",
      private: true,
    });
    const body = await preview(owner, statement);
    const proposed = body.lines[3]?.refundCandidates.map((c) => c.expenseId);
    expect(proposed).not.toContain(hidden.id);
    expect(proposed).toEqual([purchase.id]);
    // Its author sees it proposed, newest first.
    const own = await preview(partner, statement);
    expect(own.lines[3]?.refundCandidates.map((c) => c.expenseId)).toEqual([
      hidden.id,
      purchase.id,
    ]);
    await t.app.inject({
      method: "DELETE",
      url: `/api/expenses/${hidden.id}`,
      headers: { cookie: partner.cookie },
    });
  });

  it("proposes only the named method's purchases", async () => {
    const card = await createPaymentMethod(t.app, owner, {
      name: "Nubank",
      kind: "credit_card",
      closingDay: 5,
      dueDay: 12,
    });
    const body = await preview(owner, statement, card.id);
    expect(body.lines[3]?.refundCandidates).toEqual([]);
  });

  it("writes nothing for the credits left skipped", async () => {
    const res = await commit(owner, {
      lines: [{ date: "2026-03-10", description: "Padaria", amount: "12.50", categoryId: food.id }],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ importedCount: 1, incomeCount: 0, refundCount: 0 });
    const incomes = await get<IncomeList>(owner, "/api/incomes?month=3&year=2026");
    expect(incomes.items).toEqual([]);
    const list = await get<Expense[]>(owner, "/api/expenses");
    expect(list.some((expense) => expense.refundOfId !== null)).toBe(false);
  });

  it("records a salary as income and a refund that lowers its category's spending", async () => {
    const before = await get<MonthSummary>(owner, "/api/summary?month=3&year=2026");
    const spentBefore = before.spentByCategory.find((row) => row.categoryId === food.id)?.spent;
    const key = crypto.randomUUID();
    const payload = {
      fileName: "extrato.csv",
      lines: [
        { date: "2026-03-12", description: "Farmácia", amount: "30.00", categoryId: food.id },
      ],
      credits: [
        {
          recordAs: "income",
          date: "2026-03-05",
          description: "PAGAMENTO DE SALÁRIO ACME",
          amount: "5000.00",
          kind: "salary",
        },
        {
          recordAs: "refund",
          date: "2026-03-20",
          description: "Estorno Mercado",
          amount: "120.00",
          refundOfId: purchase.id,
        },
      ],
    };
    const res = await commit(owner, payload, key);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ importedCount: 3, incomeCount: 1, refundCount: 1 });

    const incomes = await get<IncomeList>(owner, "/api/incomes?month=3&year=2026");
    expect(incomes.items).toMatchObject([
      {
        description: "PAGAMENTO DE SALÁRIO ACME",
        amount: "5000.00",
        kind: "salary",
        receivedByUserId: owner.user.id,
      },
    ]);
    const after = await get<MonthSummary>(owner, "/api/summary?month=3&year=2026");
    expect(after.income).toBe("5000.00");
    const spentAfter = after.spentByCategory.find((row) => row.categoryId === food.id)?.spent;
    // The pharmacy's 30,00 in, the market's 120,00 back.
    expect(Number(spentAfter) - Number(spentBefore)).toBeCloseTo(30 - 120, 2);
    const refund = (await get<Expense[]>(owner, "/api/expenses")).find(
      (expense) => expense.refundOfId === purchase.id,
    );
    expect(refund).toMatchObject({ amount: "-120.00", description: "Estorno Mercado" });

    // The import's history entry counts its credits; a repeated submission answers the same.
    const again = await commit(owner, payload, key);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ importedCount: 3, incomeCount: 1, refundCount: 1 });
    const history = await get<{ items: { kind: string; changes: { field: string }[] }[] }>(
      owner,
      "/api/family/history",
    );
    const entry = history.items.find((item) => item.kind === "import");
    expect(entry?.changes.map((change) => change.field)).toEqual(
      expect.arrayContaining(["incomeCount", "refundCount"]),
    );

    // Nothing left of the purchase: a credit of it is no longer proposed.
    const later = await preview(owner, statement);
    expect(later.lines[3]?.refundCandidates).toEqual([]);
  });

  it("refuses a refund past what is left of its purchase, line and all, and writes nothing", async () => {
    const other = await createExpense(t.app, owner, {
      categoryId: food.id,
      description: "Loja",
      amount: "80.00",
      date: "2026-03-02",
    });
    const res = await commit(owner, {
      lines: [{ date: "2026-03-10", description: "Posto", amount: "99.00", categoryId: food.id }],
      credits: [
        {
          recordAs: "income",
          date: "2026-03-06",
          description: "Freela",
          amount: "700.00",
        },
        {
          recordAs: "refund",
          date: "2026-03-20",
          description: "Estorno Loja",
          amount: "80.01",
          refundOfId: other.id,
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([
      {
        path: "credits.1.amount",
        message: "O estorno passa do que resta da compra",
      },
    ]);
    const list = await get<Expense[]>(owner, "/api/expenses");
    expect(list.some((expense) => expense.description === "Posto")).toBe(false);
    const incomes = await get<IncomeList>(owner, "/api/incomes?month=3&year=2026");
    expect(incomes.items.some((income) => income.description === "Freela")).toBe(false);
  });

  it("refuses a refund without its purchase, and a refund of a refund", async () => {
    const missing = await commit(owner, {
      lines: [],
      credits: [{ recordAs: "refund", date: "2026-03-20", description: "Estorno", amount: "1.00" }],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0]).toMatchObject({
      path: "credits.0.refundOfId",
      message: "Escolha a compra que este crédito estorna",
    });
    const refund = (await get<Expense[]>(owner, "/api/expenses")).find(
      (expense) => expense.refundOfId !== null,
    );
    const ofRefund = await commit(owner, {
      lines: [],
      credits: [
        {
          recordAs: "refund",
          date: "2026-03-20",
          description: "Estorno",
          amount: "1.00",
          refundOfId: refund?.id,
        },
      ],
    });
    expect(ofRefund.statusCode).toBe(400);
    expect(ofRefund.json().errors[0].path).toBe("credits.0.refundOfId");
  });

  it("refuses an income received by someone outside the family, and an empty import", async () => {
    const res = await commit(owner, {
      lines: [],
      credits: [
        {
          recordAs: "income",
          date: "2026-03-05",
          description: "Salário",
          amount: "10.00",
          receivedByUserId: crypto.randomUUID(),
        },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe("credits.0.receivedByUserId");
    const empty = await commit(owner, { lines: [], credits: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0]).toMatchObject({
      path: "lines",
      message: "Marque pelo menos uma linha para importar",
    });
  });
});

describe("an import of many credits", () => {
  it("records more income credits than one statement's parameters hold: 6,000, each with its entry", async () => {
    const owner = await signUpWithFamily(t.app);
    const n = 6_000;
    const res = await commit(owner, {
      lines: [],
      credits: Array.from({ length: n }, (_, i) => ({
        recordAs: "income",
        date: "2026-05-05",
        description: `Crédito ${i}`,
        amount: "0.01",
      })),
    });
    expect(res.statusCode, res.body).toBe(201);
    const may = await get<IncomeList>(owner, "/api/incomes?month=5&year=2026");
    expect(may.items).toHaveLength(n);
    expect(may.total).toBe("60.00");
    const { rows } = await t.database.pool.query<{ n: number }>(
      "select count(*)::int as n from family_history where family_id = $1 and kind = 'income'",
      [owner.familyId],
    );
    expect(rows[0]?.n).toBe(n);
  });
});

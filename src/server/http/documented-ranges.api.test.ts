import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_YEAR, MIN_YEAR } from "../../contract/calendar";
import { fromCents } from "../../contract/cents";
import { apiErrorSchema } from "../../contract/errors";
import { IMPORT_MAX_LINES } from "../../contract/imports";
import { MAX_AMOUNT_CENTS } from "../../contract/installments";
import type { SignedIn } from "../testing/api-helpers";
import {
  createCategory,
  createExpense,
  createPaymentMethod,
  type FamilyMemberSession,
  joinFamilyOf,
  signUpWithFamily,
} from "../testing/family-helpers";
import { createTestApp, type TestApp } from "../testing/test-app";

/**
 * Valid requests at the edges of what the OpenAPI document allows, on every route that writes
 * money or dates: amounts from 0.01 to 99,999,999.99, counts 2 to 48, dates from 1900 to
 * 2199-12-31, imports at their most lines and credits. Each answers 2xx or a 4xx in the error
 * shape with a translated message, never a 500; and nothing is ever stored dated past 2199, where
 * no month view can name it (docs/product.md#installments). The hostile walk
 * (hostile-input.api.test.ts) sends what the contract refuses; this sends what it accepts.
 */

const RUNS = 40;
const LAST_DAY = `${MAX_YEAR}-12-31`;

let t: TestApp;
let ana: SignedIn;
let leo: FamilyMemberSession;
const fixture = {
  categoryId: "",
  cardId: "",
  accountId: "",
  purchaseId: "",
  editedId: "",
  seriesId: "",
  incomeId: "",
  billId: "",
  ruleId: "",
};

/** The server's error log, so a 500 names its cause in the failure. */
const errors: string[] = [];

beforeAll(async () => {
  t = await createTestApp({
    // The walk commits dozens of imports: past the 20 a day a family may record.
    env: { RATE_LIMIT_REGISTER_PER_IP: "1000", QUOTA_IMPORTS_PER_DAY: "1000" },
    logStream: {
      write: (line: string) => {
        if (line.includes('"level":50')) errors.push(line.slice(0, 2000));
      },
    },
  });
  ana = await signUpWithFamily(t.app, { language: "pt" });
  leo = await joinFamilyOf(t.app, ana);
  fixture.categoryId = (await createCategory(t.app, ana, { monthlyBudget: "500.00" })).id;
  fixture.cardId = (await createPaymentMethod(t.app, ana)).id;
  fixture.accountId = (
    await createPaymentMethod(t.app, ana, { kind: "checking", name: "Conta" })
  ).id;
  const purchase = await createExpense(t.app, ana, {
    categoryId: fixture.categoryId,
    amount: "99999999.99",
    paymentMethodId: fixture.cardId,
  });
  fixture.purchaseId = purchase.id;
  fixture.billId = purchase.billId ?? "";
  fixture.editedId = (await createExpense(t.app, ana, { categoryId: fixture.categoryId })).id;
  const series = await call("POST", "/api/installments", {
    description: "Geladeira",
    total: "4800.00",
    count: 48,
    firstDate: "2026-03-10",
    categoryId: fixture.categoryId,
  });
  expect(series.status, JSON.stringify(series.body)).toBe(201);
  fixture.seriesId = (series.body as { id: string }).id;
  const income = await call("POST", "/api/incomes", {
    description: "Salário",
    amount: "1000.00",
    kind: "salary",
    date: "2026-03-05",
  });
  expect(income.status, JSON.stringify(income.body)).toBe(201);
  fixture.incomeId = (income.body as { id: string }).id;
  const rule = await call("POST", "/api/recurring", {
    description: "Aluguel",
    amount: "1500.00",
    categoryId: fixture.categoryId,
    frequency: "monthly",
    dayOfMonth: 5,
    startDate: "2026-03-05",
  });
  expect(rule.status, JSON.stringify(rule.body)).toBe(201);
  fixture.ruleId = (rule.body as { id: string }).id;
  expect(fixture.billId).not.toBe("");
});
afterAll(() => t.close());

async function call(method: "POST" | "PATCH" | "PUT", url: string, payload: object, who = ana) {
  // An import is one commit per key (docs/product.md#importing): each its own.
  const key = url === "/api/imports" ? { "idempotency-key": randomUUID() } : {};
  const res = await t.app.inject({ method, url, headers: { cookie: who.cookie, ...key }, payload });
  return { status: res.statusCode, body: res.json() as unknown };
}

/** 2xx, or a 4xx in the error shape whose texts are the Portuguese ones, never a catalogue key. */
function expectAnswered(res: { status: number; body: unknown }, request: object) {
  const context = JSON.stringify({
    request,
    res,
    error: res.status >= 500 ? errors.at(-1) : undefined,
  });
  expect(res.status, context).toBeLessThan(500);
  if (res.status < 400) return;
  const error = apiErrorSchema.parse(res.body);
  for (const message of [error.message, ...(error.errors ?? []).map((e) => e.message)]) {
    expect(message, context).not.toMatch(/^(validation|errors)\.|^[a-z_]+$/);
  }
}

// The documented edges, weighted in, and anything between them.
const amount = fc.oneof(
  fc.constantFrom("0.01", "0.02", "0.47", "1.00", "3000000.00", "99999999.98", "99999999.99"),
  fc.integer({ min: 1, max: MAX_AMOUNT_CENTS }).map(fromCents),
);
const budget = fc.oneof(
  fc.constantFrom("0", "0.01", "99999999.99"),
  fc.integer({ min: 0, max: MAX_AMOUNT_CENTS }).map(fromCents),
);
const firstEpochDay = Date.UTC(MIN_YEAR, 0, 1) / 86_400_000;
const lastEpochDay = Date.UTC(MAX_YEAR, 11, 31) / 86_400_000;
const date = fc.oneof(
  fc.constantFrom(
    `${MIN_YEAR}-01-01`,
    "2026-02-28",
    "2028-02-29",
    `${MAX_YEAR}-01-31`,
    `${MAX_YEAR}-11-30`,
    `${MAX_YEAR}-12-01`,
    LAST_DAY,
  ),
  fc
    .integer({ min: firstEpochDay, max: lastEpochDay })
    .map((day) => new Date(day * 86_400_000).toISOString().slice(0, 10)),
);
const count = fc.integer({ min: 2, max: 48 });
const method = fc.constantFrom<"card" | "account" | "none">("card", "account", "none");
const methodId = (which: "card" | "account" | "none") =>
  which === "card" ? fixture.cardId : which === "account" ? fixture.accountId : null;

type Route = {
  name: string;
  request: fc.Arbitrary<{ method: "POST" | "PATCH" | "PUT"; url: string; body: object }>;
  /** Gives the next case the room the last one may have used (what is left to refund or pay). */
  reset?: () => Promise<unknown>;
};

const routes: Route[] = [
  {
    name: "POST /api/expenses",
    request: fc.record({ amount, date, method }).map((r) => ({
      method: "POST" as const,
      url: "/api/expenses",
      body: {
        description: "Limite",
        amount: r.amount,
        date: r.date,
        categoryId: fixture.categoryId,
        paymentMethodId: methodId(r.method),
      },
    })),
  },
  {
    name: "PATCH /api/expenses/{id}",
    request: fc.record({ amount, date, method }, { requiredKeys: [] }).map((r) => ({
      method: "PATCH" as const,
      url: `/api/expenses/${fixture.editedId}`,
      body: {
        ...r,
        method: undefined,
        ...(r.method ? { paymentMethodId: methodId(r.method) } : {}),
      },
    })),
  },
  {
    name: "POST /api/expenses/{id}/refunds",
    request: fc.record({ amount, date }).map((r) => ({
      method: "POST" as const,
      url: `/api/expenses/${fixture.purchaseId}/refunds`,
      body: r,
    })),
    reset: () =>
      t.database.pool.query("delete from expenses where refund_of_id = $1", [fixture.purchaseId]),
  },
  {
    name: "POST /api/installments",
    request: fc
      .record({
        total: amount,
        count,
        firstDate: date,
        method, // A typed first amount is mostly refused (it must leave a cent for each other).
        firstAmount: fc.oneof(
          { arbitrary: fc.constant(null), weight: 3 },
          { arbitrary: amount, weight: 1 },
        ),
      })
      .map((r) => ({
        method: "POST" as const,
        url: "/api/installments",
        body: {
          description: "Parcelado",
          total: r.total,
          count: r.count,
          firstDate: r.firstDate,
          categoryId: fixture.categoryId,
          paymentMethodId: methodId(r.method),
          ...(r.firstAmount === null ? {} : { firstAmount: r.firstAmount }),
        },
      })),
  },
  {
    name: "PATCH /api/installments/{id}",
    request: fc.record({ from: fc.integer({ min: 1, max: 48 }), amount }).map((r) => ({
      method: "PATCH" as const,
      url: `/api/installments/${fixture.seriesId}`,
      body: r,
    })),
  },
  {
    name: "POST /api/incomes",
    request: fc.record({ amount, date }).map((r) => ({
      method: "POST" as const,
      url: "/api/incomes",
      body: { description: "Renda", kind: "other", ...r },
    })),
  },
  {
    name: "PATCH /api/incomes/{id}",
    request: fc.record({ amount, date }, { requiredKeys: [] }).map((r) => ({
      method: "PATCH" as const,
      url: `/api/incomes/${fixture.incomeId}`,
      body: r,
    })),
  },
  {
    name: "POST /api/settlements",
    request: fc.record({ amount, paidOn: date }).map((r) => ({
      method: "POST" as const,
      url: "/api/settlements",
      body: { fromUserId: leo.user.id, toUserId: ana.user.id, method: "pix", ...r },
    })),
  },
  {
    name: "POST /api/card-bills/{id}/payments",
    request: fc.record({ amount, paidOn: date }).map((r) => ({
      method: "POST" as const,
      url: `/api/card-bills/${fixture.billId}/payments`,
      body: { fromMethodId: fixture.accountId, ...r },
    })),
    reset: () =>
      t.database.pool.query("delete from bill_payments where bill_id = $1", [fixture.billId]),
  },
  {
    name: "POST /api/recurring",
    request: fc
      .record({
        amount,
        startDate: date,
        endDate: fc.option(date),
        day: fc.integer({ min: 1, max: 31 }),
      })
      .map((r) => ({
        method: "POST" as const,
        url: "/api/recurring",
        body: {
          description: "Conta fixa",
          amount: r.amount,
          categoryId: fixture.categoryId,
          frequency: "monthly",
          dayOfMonth: r.day,
          startDate: r.startDate,
          endDate: r.endDate,
        },
      })),
  },
  {
    name: "PATCH /api/recurring/{id}",
    request: fc.record({ amount, startDate: date }, { requiredKeys: [] }).map((r) => ({
      method: "PATCH" as const,
      url: `/api/recurring/${fixture.ruleId}`,
      body: r,
    })),
  },
  {
    name: "PATCH /api/categories/{id}",
    request: fc.record({ monthlyBudget: budget, weeklyBudget: budget }).map((r) => ({
      method: "PATCH" as const,
      url: `/api/categories/${fixture.categoryId}`,
      body: r,
    })),
  },
  {
    name: "PUT /api/family/split-rules",
    request: fc
      .record({
        validFrom: date,
        a: fc.integer({ min: 0, max: 1_000_000 }),
        b: fc.integer({ min: 1, max: 1_000_000 }),
      })
      .map((r) => ({
        method: "PUT" as const,
        url: "/api/family/split-rules",
        body: {
          validFrom: r.validFrom,
          weights: [
            { userId: ana.user.id, weight: r.a },
            { userId: leo.user.id, weight: r.b },
          ],
        },
      })),
  },
  {
    name: "POST /api/imports",
    request: fc
      .record({
        lines: fc.array(
          fc.record({
            amount,
            date,
            installment: fc.option(
              count.chain((c) =>
                fc.record({ number: fc.integer({ min: 1, max: c }), count: fc.constant(c) }),
              ),
            ),
          }),
          { minLength: 0, maxLength: 4 },
        ),
        credits: fc.array(fc.record({ amount, date }), { minLength: 0, maxLength: 3 }),
        method,
      })
      .filter((r) => r.lines.length + r.credits.length > 0)
      .map((r) => ({
        method: "POST" as const,
        url: "/api/imports",
        body: {
          ...(r.method === "none" ? {} : { paymentMethodId: methodId(r.method) }),
          lines: r.lines.map((line, i) => ({
            date: line.date,
            description: `Linha ${i}`,
            amount: line.amount,
            categoryId: fixture.categoryId,
            ...(line.installment ? { installment: line.installment } : {}),
          })),
          credits: r.credits.map((credit, i) => ({
            recordAs: "income",
            date: credit.date,
            description: `Crédito ${i}`,
            amount: credit.amount,
          })),
        },
      })),
  },
];

/** Nothing anywhere dated past the last day a month view can name. */
async function datedPastTheEnd() {
  const { rows } = await t.database.pool.query<{ what: string; n: number }>(
    `select 'expenses' as what, count(*)::int as n from expenses where date > $1::date
     union all select 'incomes', count(*)::int from incomes where date > $1::date
     union all select 'settlements', count(*)::int from settlements where paid_on > $1::date
     union all select 'card_bills', count(*)::int from card_bills
       where closes_on > $1::date or due_on > $1::date
     union all select 'bill_payments', count(*)::int from bill_payments where paid_on > $1::date`,
    [LAST_DAY],
  );
  return rows.filter((row) => row.n > 0);
}

describe("requests at the documented edges", () => {
  for (const route of routes) {
    it(`${route.name}: 2xx or a translated 4xx, never a 500 (property)`, async () => {
      let written = 0;
      await fc.assert(
        fc.asyncProperty(route.request, async (request) => {
          await route.reset?.();
          const res = await call(request.method, request.url, request.body);
          expectAnswered(res, request);
          if (res.status < 300) written += 1;
        }),
        { numRuns: RUNS },
      );
      expect(await datedPastTheEnd()).toEqual([]);
      // The walk is not all refusals: much of what it sends is valid and written.
      expect(written).toBeGreaterThan(RUNS / 8);
    });
  }

  it("refuses a card purchase whose bill would fall after 2199, in the person's language", async () => {
    const res = await call("POST", "/api/expenses", {
      description: "Fim dos tempos",
      amount: "10.00",
      date: `${MAX_YEAR}-12-20`,
      categoryId: fixture.categoryId,
      paymentMethodId: fixture.cardId,
    });
    expect(res.status).toBe(400);
    expect(apiErrorSchema.parse(res.body).errors).toEqual([
      { path: "date", message: "A fatura desta compra no cartão cairia depois de 2199" },
    ]);
    // The same day paid from an account has no bill: it is saved.
    const account = await call("POST", "/api/expenses", {
      description: "Fim dos tempos",
      amount: "10.00",
      date: LAST_DAY,
      categoryId: fixture.categoryId,
      paymentMethodId: fixture.accountId,
    });
    expect(account.status, JSON.stringify(account.body)).toBe(201);
  });

  it("POST /api/imports with the most lines and with the most income credits, as large as an import may add up to", async () => {
    // An import adds up to at most 999,999,999,999.99 (import_total_too_large past it).
    const most = Array.from({ length: IMPORT_MAX_LINES }, (_, i) => i);
    const lines = await call("POST", "/api/imports", {
      lines: most.map((i) => ({
        date: "2026-03-10",
        description: `Linha ${i}`,
        amount: "49999999.99",
        categoryId: fixture.categoryId,
      })),
    });
    expectAnswered(lines, { lines: IMPORT_MAX_LINES });
    expect(lines.status, JSON.stringify(lines.body)).toBe(201);
    const credits = await call("POST", "/api/imports", {
      lines: [],
      credits: most.map((i) => ({
        recordAs: "income",
        date: "2026-03-10",
        description: `Crédito ${i}`,
        amount: "49999999.99",
      })),
    });
    expectAnswered(credits, { credits: IMPORT_MAX_LINES });
    expect(credits.status, JSON.stringify(credits.body)).toBe(201);
    // And the month they are in still adds up, past what one amount can hold.
    const summary = await t.app.inject({
      method: "GET",
      url: "/api/summary?month=3&year=2026",
      headers: { cookie: ana.cookie },
    });
    expect(summary.statusCode, summary.body).toBe(200);
    // Two imports of the most lines are the heaviest writes the API takes: seconds alone, past
    // the default 30 s in the PostgreSQL pass that runs beside the e2e tests at the lowest
    // priority (scripts/test-phases.mjs).
  }, 120_000);
});

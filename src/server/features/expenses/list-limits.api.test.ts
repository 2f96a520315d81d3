import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIST_ROWS_MAX } from "../../../contract/expense-limits";
import { createCategory, signUpWithFamily } from "../../testing/family-helpers";
import { createTestApp, type TestApp } from "../../testing/test-app";

/**
 * The unpaged lists answer at most LIST_ROWS_MAX rows (contract/expense-limits.ts): past it, a
 * translated 400 rather than an answer of tens of megabytes built in one request; the page and
 * the export read any number.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("an unpaged list", () => {
  it("answers up to LIST_ROWS_MAX expenses or incomes, and refuses more with a translated 400", async () => {
    const ana = await signUpWithFamily(t.app, { language: "pt" });
    const category = await createCategory(t.app, ana);
    const get = (url: string) =>
      t.app.inject({ method: "GET", url, headers: { cookie: ana.cookie } });
    // Written directly: LIST_ROWS_MAX in March 2026, one more in April.
    const expensesOn = (n: number, date: string) =>
      t.database.pool.query(
        `insert into expenses (family_id, description, amount, category_id, added_by_user_id,
          paid_by_user_id, date)
         select $1, 'Linha ' || g, 1.00, $2, $3, $3, $4::date from generate_series(1, $5) g`,
        [ana.familyId, category.id, ana.user.id, date, n],
      );
    await expensesOn(LIST_ROWS_MAX, "2026-03-10");
    const march = await get("/api/expenses?month=3&year=2026");
    expect(march.statusCode).toBe(200);
    expect(march.json()).toHaveLength(LIST_ROWS_MAX);
    expect((await get("/api/expenses")).json()).toHaveLength(LIST_ROWS_MAX);
    await expensesOn(1, "2026-04-10");
    const all = await get("/api/expenses");
    expect(all.statusCode).toBe(400);
    expect(all.json()).toEqual({
      code: "too_many_rows",
      message:
        "Mais de 10.000 para listar de uma vez: escolha um mês, ou use a lista de Gastos ou a exportação CSV",
    });
    // The month is still its own list; the page counts all of them.
    expect((await get("/api/expenses?month=4&year=2026")).json()).toHaveLength(1);
    expect((await get("/api/expenses/page")).json().totals.count).toBe(LIST_ROWS_MAX + 1);

    await t.database.pool.query(
      `insert into incomes (family_id, description, amount, kind, date, received_by_user_id,
        added_by_user_id)
       select $1, 'Crédito ' || g, 0.01, 'other', '2026-05-05', $2, $2
       from generate_series(1, $3) g`,
      [ana.familyId, ana.user.id, LIST_ROWS_MAX + 1],
    );
    const may = await get("/api/incomes?month=5&year=2026");
    expect(may.statusCode).toBe(400);
    expect(may.json().code).toBe("too_many_rows");
  });
});

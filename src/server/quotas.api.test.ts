import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localToday } from "./clock";
import type { SignedIn } from "./testing/api-helpers";
import {
  createCategory,
  createExpense,
  type FamilyMemberSession,
  signUpWithFamily,
} from "./testing/family-helpers";
import { createTestApp, type TestApp, testClock } from "./testing/test-app";
import { createTestDatabase } from "./testing/test-database";

/**
 * The quotas on bulk writes (docs/product.md#quotas), with small limits set through each app's
 * config: every path that creates expenses stops at the family's cap with a translated 400, a
 * family's recurring rules and its imports per day are capped, and a rule starting long ago
 * back-fills one year only.
 */

const clock = testClock(new Date("2026-03-15T12:00:00Z"));
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const apps: TestApp[] = [];

/** An app on the shared database with these quota variables. */
async function appWith(env: Record<string, string>) {
  const t = await createTestApp({ database, clock, env });
  apps.push(t);
  return t;
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const t of apps) await t.close();
  await database.close();
});

const call = (t: TestApp, who: SignedIn, method: string, url: string, payload?: object) =>
  t.app.inject({
    method: method as "POST",
    url,
    headers: { cookie: who.cookie, "idempotency-key": crypto.randomUUID() },
    ...(payload ? { payload } : {}),
  });

const countExpenses = async (familyId: string) =>
  (
    await database.pool.query<{ n: number }>(
      "select count(*)::int as n from expenses where family_id = $1",
      [familyId],
    )
  ).rows[0]?.n;

type Family = FamilyMemberSession & { categoryId: string };

async function newFamily(t: TestApp, language = "en"): Promise<Family> {
  const family = await signUpWithFamily(t.app, { language });
  const category = await createCategory(t.app, family, { name: "Contas" });
  return { ...family, categoryId: category.id };
}

const lines = (family: Family, n: number) =>
  Array.from({ length: n }, (_, i) => ({
    date: "2026-03-01",
    description: `Linha ${i}`,
    amount: "1.00",
    categoryId: family.categoryId,
  }));

describe("expenses per family", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appWith({ QUOTA_EXPENSES_PER_FAMILY: "3" });
  });

  it("refuses a typed expense past the cap, translated; a repeated create still answers", async () => {
    const family = await newFamily(t, "pt");
    const key = crypto.randomUUID();
    const typed = (idempotencyKey: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/expenses",
        headers: { cookie: family.cookie, "idempotency-key": idempotencyKey },
        payload: {
          description: "Pão",
          amount: "5.00",
          date: "2026-03-10",
          categoryId: family.categoryId,
        },
      });
    expect((await typed(key)).statusCode).toBe(201);
    await createExpense(t.app, family, { categoryId: family.categoryId });
    await createExpense(t.app, family, { categoryId: family.categoryId });
    const refused = await typed(crypto.randomUUID());
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: "quota_exceeded",
      message:
        "A família passaria de 3 gastos, o máximo que uma família pode guardar. Exclua gastos antigos antes de adicionar mais.",
    });
    // The first create, sent again (an offline retry), is not a new expense: it still answers.
    expect((await typed(key)).statusCode).toBe(201);
    expect(await countExpenses(family.familyId)).toBe(3);
  });

  it("counts typed expenses sent at the same moment one after the other: exactly the cap", async () => {
    const family = await newFamily(t);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(t, family, "POST", "/api/expenses", {
          description: `Pão ${i}`,
          amount: "5.00",
          date: "2026-03-10",
          categoryId: family.categoryId,
        }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([...Array(3).fill(201), ...Array(7).fill(400)]);
    expect(answers.find((answer) => answer.statusCode === 400)?.json().code).toBe("quota_exceeded");
    expect(await countExpenses(family.familyId)).toBe(3);
    // Nothing of a refused create was kept: three entries, one per expense.
    const { rows } = await database.pool.query<{ n: number }>(
      "select count(*)::int as n from family_history where family_id = $1 and kind = 'expense' and action = 'created'",
      [family.familyId],
    );
    expect(rows[0]?.n).toBe(3);
  });

  it("refuses an import that would pass the cap, all or none", async () => {
    const family = await newFamily(t);
    await createExpense(t.app, family, { categoryId: family.categoryId });
    const refused = await call(t, family, "POST", "/api/imports", { lines: lines(family, 3) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe("quota_exceeded");
    expect(refused.json().message).toMatch(/more than 3 expenses/);
    expect(await countExpenses(family.familyId)).toBe(1);
    const fits = await call(t, family, "POST", "/api/imports", { lines: lines(family, 2) });
    expect(fits.statusCode, fits.body).toBe(201);
    expect(await countExpenses(family.familyId)).toBe(3);
  });

  it("holds when imports race: they count one after the other", async () => {
    const family = await newFamily(t);
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        call(t, family, "POST", "/api/imports", { lines: lines(family, 1) }),
      ),
    );
    expect(results.filter((res) => res.statusCode === 201)).toHaveLength(3);
    expect(results.filter((res) => res.statusCode === 400)).toHaveLength(3);
    expect(await countExpenses(family.familyId)).toBe(3);
  });

  it("refuses a recurring rule whose back-fill would pass the cap, and saves nothing", async () => {
    const family = await newFamily(t);
    // Monthly from December: 10 Dec, 10 Jan, 10 Feb, 10 Mar (today is 15 March): four.
    const refused = await call(t, family, "POST", "/api/recurring", {
      description: "Aluguel",
      amount: "1500.00",
      categoryId: family.categoryId,
      frequency: "monthly",
      dayOfMonth: 10,
      startDate: "2025-12-10",
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe("quota_exceeded");
    const rules = await call(t, family, "GET", "/api/recurring");
    expect(rules.json()).toEqual([]);
    expect(await countExpenses(family.familyId)).toBe(0);
  });

  it("the background job creates what fits, earliest first, and moves on", async () => {
    const family = await newFamily(t);
    await database.pool.query(
      `insert into recurring_rules (family_id, description, amount, category_id, created_by_user_id,
         frequency, day_of_month, start_date, generated_through)
       values ($1, 'Luz', 100, $2, $3, 'monthly', 10, '2025-12-10', '2025-12-01')`,
      [family.familyId, family.categoryId, family.user.id],
    );
    const watermark = async () =>
      (
        await database.pool.query<{ g: string }>(
          "select generated_through::text as g from recurring_rules where family_id = $1",
          [family.familyId],
        )
      ).rows[0]?.g;
    // The app's background jobs as main.ts starts them: the recurring job's first run is at once
    // (what came due while the app was down), under this app's cap. It is done when the rule's
    // watermark is today: the date past the cap passed like a paused rule's, so the job does not
    // try it every minute.
    t.app.backgroundJobs.start();
    try {
      await expect.poll(watermark, { timeout: 10_000 }).toBe(localToday(clock));
    } finally {
      await t.app.backgroundJobs.stop();
    }
    const { rows } = await database.pool.query<{ date: string }>(
      "select date::text from expenses where family_id = $1 order by date",
      [family.familyId],
    );
    expect(rows.map((row) => row.date)).toEqual(["2025-12-10", "2026-01-10", "2026-02-10"]);
  });

  it("refuses to restore a deleted expense into a full family", async () => {
    const family = await newFamily(t, "es");
    const doomed = await createExpense(t.app, family, { categoryId: family.categoryId });
    await createExpense(t.app, family, { categoryId: family.categoryId });
    await createExpense(t.app, family, { categoryId: family.categoryId });
    expect((await call(t, family, "DELETE", `/api/expenses/${doomed.id}`)).statusCode).toBe(200);
    await createExpense(t.app, family, { categoryId: family.categoryId });
    const history = await call(t, family, "GET", "/api/family/history?kind=expense");
    const entry = history
      .json()
      .items.find(
        (item: { action: string; subjectId: string }) =>
          item.action === "deleted" && item.subjectId === doomed.id,
      );
    const refused = await call(t, family, "POST", `/api/family/history/${entry.id}/restore`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      "La familia pasaría de 3 gastos, el máximo que una familia puede guardar. Elimina gastos antiguos antes de añadir más.",
    );
    expect(await countExpenses(family.familyId)).toBe(3);
    // Once there is room again, the entry is still restorable.
    const other = (await call(t, family, "GET", "/api/expenses")).json()[0];
    await call(t, family, "DELETE", `/api/expenses/${other.id}`);
    const restored = await call(t, family, "POST", `/api/family/history/${entry.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
  });
});

describe("recurring rules per family", () => {
  it("refuses a rule past the cap, translated", async () => {
    const t = await appWith({ QUOTA_RECURRING_RULES_PER_FAMILY: "2" });
    const family = await newFamily(t, "pt");
    const rule = {
      description: "Internet",
      amount: "99.90",
      categoryId: family.categoryId,
      frequency: "monthly",
      dayOfMonth: 20,
      startDate: "2026-03-16",
    };
    expect((await call(t, family, "POST", "/api/recurring", rule)).statusCode).toBe(201);
    expect((await call(t, family, "POST", "/api/recurring", rule)).statusCode).toBe(201);
    const refused = await call(t, family, "POST", "/api/recurring", rule);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: "quota_exceeded",
      message:
        "A família já tem 2 gastos recorrentes, o máximo que uma família pode guardar. Exclua um antes de criar outro.",
    });
    // Another family has its own count.
    const other = await newFamily(t);
    expect(
      (await call(t, other, "POST", "/api/recurring", { ...rule, categoryId: other.categoryId }))
        .statusCode,
    ).toBe(201);
  });
});

describe("imports per day", () => {
  it("refuses a family's import past the day's cap with a 429; a repeated one still answers", async () => {
    const t = await appWith({ QUOTA_IMPORTS_PER_DAY: "2" });
    const family = await newFamily(t, "pt");
    const key = crypto.randomUUID();
    const commit = (idempotencyKey: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/imports",
        headers: { cookie: family.cookie, "idempotency-key": idempotencyKey },
        payload: { lines: lines(family, 1) },
      });
    expect((await commit(key)).statusCode).toBe(201);
    expect((await commit(crypto.randomUUID())).statusCode).toBe(201);
    const refused = await commit(crypto.randomUUID());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: "too_many_imports",
      message: "A família já importou 2 arquivos nas últimas 24 horas. Tente novamente amanhã.",
    });
    expect((await commit(key)).statusCode).toBe(201);
    expect(await countExpenses(family.familyId)).toBe(2);
    // A day later the count starts again.
    await database.pool.query(
      "update imports set created_at = created_at - interval '25 hours' where family_id = $1",
      [family.familyId],
    );
    expect((await commit(crypto.randomUUID())).statusCode).toBe(201);
  });
});

describe("how far back a recurring rule creates expenses", () => {
  it("a weekly rule from 1900 is saved as typed and creates its last year only", async () => {
    const t = await appWith({});
    const family = await newFamily(t);
    const res = await call(t, family, "POST", "/api/recurring", {
      description: "Feira",
      amount: "50.00",
      categoryId: family.categoryId,
      frequency: "weekly",
      dayOfWeek: 6,
      startDate: "1900-01-01",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().startDate).toBe("1900-01-01");
    const { rows } = await database.pool.query<{ n: number; first: string; last: string }>(
      `select count(*)::int as n, min(date)::text as first, max(date)::text as last
       from expenses where recurring_rule_id = $1`,
      [res.json().id],
    );
    // 2026-03-15 minus 365 days is 2025-03-15, a Saturday: 53 Saturdays from then to today.
    expect(rows[0]).toEqual({ n: 53, first: "2025-03-15", last: "2026-03-14" });
  });

  it("RECURRING_BACKFILL_DAYS sets the window", async () => {
    const t = await appWith({ RECURRING_BACKFILL_DAYS: "30" });
    const family = await newFamily(t);
    const res = await call(t, family, "POST", "/api/recurring", {
      description: "Feira",
      amount: "50.00",
      categoryId: family.categoryId,
      frequency: "weekly",
      dayOfWeek: 6,
      startDate: "2000-01-01",
    });
    expect(res.statusCode, res.body).toBe(201);
    const { rows } = await database.pool.query<{ date: string }>(
      "select date::text from expenses where recurring_rule_id = $1 order by date",
      [res.json().id],
    );
    // From 2026-02-13: the Saturdays 14, 21 and 28 February, 7 and 14 March.
    expect(rows.map((row) => row.date)).toEqual([
      "2026-02-14",
      "2026-02-21",
      "2026-02-28",
      "2026-03-07",
      "2026-03-14",
    ]);
  });
});

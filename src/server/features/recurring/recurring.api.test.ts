import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RecurringRule } from "../../../contract/recurring";
import { localToday } from "../../clock";
import { openPostgres } from "../../db/client";
import { ExpenseWrites } from "../../expense-writes/writes";
import { ChangeFanOut } from "../../ledger/fan-out";
import { Ledger } from "../../ledger/unit-of-work";
import { login, type SignedIn, signUp } from "../../testing/api-helpers";
import {
  createCategory,
  type FamilyMemberSession,
  setBudgetPeriod,
  signUpWithFamily,
} from "../../testing/family-helpers";
import { createTestApp, type TestApp, testClock, testConfig } from "../../testing/test-app";
import { createTestDatabase } from "../../testing/test-database";
import { generateDueOccurrences } from "./generate";
import { recurringJob } from "./job";

// Noon UTC: the same calendar day in any time zone the tests may run in.
const clock = testClock(new Date("2026-03-15T12:00:00Z"));
const setToday = (date: string) => clock.set(new Date(`${date}T12:00:00Z`));

// Years of dates back: the one-year window of back-fill has its own tests (src/server/quotas.api.test.ts).
const env = { RECURRING_BACKFILL_DAYS: "3660" };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, env });
});
afterAll(() => t.close());

const call = (
  who: SignedIn | null,
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: who ? { cookie: who.cookie } : {},
    ...(payload ? { payload } : {}),
  });

type Family = FamilyMemberSession & { categoryId: string };

/** Signed up on `today` (sessions expire: a test that moves months ahead signs in again). */
async function newFamily(language = "en", today = "2026-03-15"): Promise<Family> {
  setToday(today);
  const family = await signUpWithFamily(t.app, { language });
  const category = await createCategory(t.app, family, { name: "Contas" });
  return { ...family, categoryId: category.id };
}

async function createRule(who: Family, input: object = {}): Promise<RecurringRule> {
  const res = await call(who, "POST", "/api/recurring", {
    description: "Aluguel",
    amount: "1500.00",
    categoryId: who.categoryId,
    frequency: "monthly",
    dayOfMonth: 10,
    startDate: "2025-12-10",
    ...input,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

type Created = {
  date: string;
  amount: string;
  description: string;
  category_id: string | null;
  added_by_user_id: string | null;
  paid_by_user_id: string | null;
};

/** The expenses a rule created, oldest first. */
async function expensesOf(ruleId: string): Promise<Created[]> {
  const { rows } = await t.database.pool.query<Created>(
    `select date::text, amount::text, description, category_id, added_by_user_id, paid_by_user_id
     from expenses where recurring_rule_id = $1 order by date`,
    [ruleId],
  );
  return rows;
}
const datesOf = async (ruleId: string) => (await expensesOf(ruleId)).map((row) => row.date);

const { quotas } = testConfig(env);
const generate = () => generateDueOccurrences(t.app.expenseWrites, localToday(clock), quotas);

describe("creating a rule", () => {
  it("creates its occurrences since a start three months ago at once, each exactly once", async () => {
    const family = await newFamily();
    const rule = await createRule(family);
    expect(rule).toMatchObject({
      description: "Aluguel",
      amount: "1500.00",
      frequency: "monthly",
      dayOfMonth: 10,
      dayOfWeek: null,
      monthOfYear: null,
      paidByUserId: family.user.id,
      createdByUserId: family.user.id,
      paused: false,
      nextDate: "2026-04-10",
    });
    const created = await expensesOf(rule.id);
    expect(created.map((row) => row.date)).toEqual([
      "2025-12-10",
      "2026-01-10",
      "2026-02-10",
      "2026-03-10",
    ]);
    expect(created[0]).toEqual({
      date: "2025-12-10",
      amount: "1500.00",
      description: "Aluguel",
      category_id: family.categoryId,
      added_by_user_id: family.user.id,
      paid_by_user_id: family.user.id,
    });
    // They are ordinary expenses of the family's list.
    const list = await call(family, "GET", "/api/expenses?month=1&year=2026");
    expect(list.json().map((e: { description: string }) => e.description)).toEqual(["Aluguel"]);

    await generate();
    await generate();
    expect(await datesOf(rule.id)).toHaveLength(4);
    setToday("2026-04-10");
    await generate();
    expect((await datesOf(rule.id)).at(-1)).toBe("2026-04-10");
    expect(await datesOf(rule.id)).toHaveLength(5);
  });

  it("creates the missed ones after downtime, and none ahead of today", async () => {
    const family = await newFamily();
    const rule = await createRule(family, { startDate: "2026-03-20", dayOfMonth: 20 });
    expect(await datesOf(rule.id)).toEqual([]);
    setToday("2026-06-19");
    await generate();
    expect(await datesOf(rule.id)).toEqual(["2026-03-20", "2026-04-20", "2026-05-20"]);
  });

  it("lets the payer be another member, and refuses someone outside the family", async () => {
    const family = await newFamily();
    const member = await signUp(t.app);
    const invite = await call(family, "POST", "/api/family/invite");
    const joined = await call(member, "POST", "/api/family/join", {
      inviteCode: invite.json().inviteCode,
    });
    expect(joined.statusCode, joined.body).toBe(200);
    const rule = await createRule(family, { paidByUserId: member.user.id });
    expect(rule.paidByUserId).toBe(member.user.id);
    const [first] = await expensesOf(rule.id);
    expect(first).toMatchObject({
      paid_by_user_id: member.user.id,
      added_by_user_id: family.user.id,
    });

    const stranger = await newFamily();
    const res = await call(family, "POST", "/api/recurring", {
      description: "Luz",
      amount: "90.00",
      categoryId: family.categoryId,
      frequency: "monthly",
      dayOfMonth: 5,
      startDate: "2026-03-01",
      paidByUserId: stranger.user.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: "paidByUserId", message: "Choose a member of the family" },
    ]);
    const patch = await call(family, "PATCH", `/api/recurring/${rule.id}`, {
      paidByUserId: stranger.user.id,
    });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().errors[0].path).toBe("paidByUserId");
  });
});

describe("the calendar", () => {
  it("puts a rule on the 31st on the last day of shorter months", async () => {
    const family = await newFamily("en", "2026-05-01");
    const rule = await createRule(family, { dayOfMonth: 31, startDate: "2026-01-01" });
    expect(await datesOf(rule.id)).toEqual([
      "2026-01-31",
      "2026-02-28",
      "2026-03-31",
      "2026-04-30",
    ]);
  });

  it("keeps a yearly 29 February on leap years and falls on the 28th otherwise", async () => {
    const family = await newFamily("en", "2029-03-01");
    const rule = await createRule(family, {
      frequency: "yearly",
      monthOfYear: 2,
      dayOfMonth: 29,
      startDate: "2027-01-01",
    });
    expect(rule).toMatchObject({ monthOfYear: 2, dayOfMonth: 29, nextDate: "2030-02-28" });
    expect(await datesOf(rule.id)).toEqual(["2027-02-28", "2028-02-29", "2029-02-28"]);
  });

  it("creates a weekly rule on its weekday, keeping only that frequency's day", async () => {
    const family = await newFamily();
    // 2026-03-15 is a Sunday; 1 = Monday.
    const rule = await createRule(family, {
      frequency: "weekly",
      dayOfWeek: 1,
      dayOfMonth: 10,
      startDate: "2026-02-26",
    });
    expect(rule).toMatchObject({ dayOfWeek: 1, dayOfMonth: null, nextDate: "2026-03-16" });
    expect(await datesOf(rule.id)).toEqual(["2026-03-02", "2026-03-09"]);
  });

  it("stops at the end date", async () => {
    const family = await newFamily();
    const rule = await createRule(family, { startDate: "2025-11-10", endDate: "2026-01-31" });
    expect(rule.nextDate).toBeNull();
    setToday("2026-06-01");
    await generate();
    expect(await datesOf(rule.id)).toEqual(["2025-11-10", "2025-12-10", "2026-01-10"]);
  });
});

describe("the nth business day", () => {
  const onFifth = { dayOfMonth: null, businessDay: 5, startDate: "2025-12-01" };

  it("falls on the 5th business day of each month, past Brazil's holidays", async () => {
    const family = await newFamily();
    const rule = await createRule(family, onFifth);
    expect(rule).toMatchObject({ dayOfMonth: null, businessDay: 5, entry: "expense" });
    // December 2025: Mon 1 to Fri 5. January 2026: the 1st is a holiday, Fri 2 is the 1st
    // business day, Thu 8 the 5th. February: Mon 2 to Fri 6. March: Mon 2 to Fri 6.
    expect(await datesOf(rule.id)).toEqual([
      "2025-12-05",
      "2026-01-08",
      "2026-02-06",
      "2026-03-06",
    ]);
    // April 2026: Wed 1, Thu 2, Good Friday 3, then Mon 6, Tue 7, Wed 8.
    expect(rule.nextDate).toBe("2026-04-08");
    setToday("2026-04-08");
    await generate();
    expect((await datesOf(rule.id)).at(-1)).toBe("2026-04-08");
  });

  it("counts Saturdays when the family's business days do", async () => {
    const family = await newFamily();
    await setBudgetPeriod(t.app, family, {
      start: "business-day",
      day: 1,
      saturdays: true,
      closedDay: "stay",
    });
    const rule = await createRule(family, onFifth);
    // January 2026 from Monday to Saturday: Fri 2, Sat 3, Mon 5, Tue 6, Wed 7.
    expect((await datesOf(rule.id))[1]).toBe("2026-01-07");
    // April 2026: Wed 1, Thu 2, Sat 4, Mon 6, Tue 7.
    expect(rule.nextDate).toBe("2026-04-07");
  });

  it("switches between a day of the month and a business day, keeping one", async () => {
    const family = await newFamily();
    const rule = await createRule(family, { dayOfMonth: 20, startDate: "2026-03-16" });
    const toBusinessDay = await call(family, "PATCH", `/api/recurring/${rule.id}`, {
      businessDay: 1,
    });
    expect(toBusinessDay.json()).toMatchObject({
      dayOfMonth: null,
      businessDay: 1,
      nextDate: "2026-04-01",
    });
    const back = await call(family, "PATCH", `/api/recurring/${rule.id}`, {
      businessDay: null,
    });
    expect(back.statusCode).toBe(400);
    expect(back.json().errors[0].path).toBe("dayOfMonth");
    const toDay = await call(family, "PATCH", `/api/recurring/${rule.id}`, {
      businessDay: null,
      dayOfMonth: 25,
    });
    expect(toDay.json()).toMatchObject({ dayOfMonth: 25, businessDay: null });
    // Only a monthly rule counts business days: a weekly one keeps its weekday alone.
    const weekly = await call(family, "PATCH", `/api/recurring/${rule.id}`, {
      frequency: "weekly",
      dayOfWeek: 2,
      businessDay: 3,
    });
    expect(weekly.json()).toMatchObject({ dayOfWeek: 2, dayOfMonth: null, businessDay: null });
  });
});

describe("recurring income", () => {
  type IncomeRow = {
    date: string;
    amount: string;
    description: string;
    kind: string;
    received_by_user_id: string | null;
    added_by_user_id: string | null;
    recurring_date: string;
  };
  const incomesOf = async (ruleId: string) =>
    (
      await t.database.pool.query<IncomeRow>(
        `select date::text, amount::text, description, kind, received_by_user_id,
           added_by_user_id, recurring_date::text
         from incomes where recurring_rule_id = $1 order by date`,
        [ruleId],
      )
    ).rows;
  const salary = {
    entry: "income",
    incomeKind: "salary",
    categoryId: undefined,
    description: "Salário",
    amount: "5000.00",
    dayOfMonth: null,
    businessDay: 5,
    startDate: "2026-01-01",
  };

  it("records a salary on the 5th business day as income, never as an expense", async () => {
    const family = await newFamily();
    const member = await signUp(t.app);
    const invite = await call(family, "POST", "/api/family/invite");
    await call(member, "POST", "/api/family/join", { inviteCode: invite.json().inviteCode });
    const rule = await createRule(family, { ...salary, paidByUserId: member.user.id });
    expect(rule).toMatchObject({
      entry: "income",
      incomeKind: "salary",
      categoryId: null,
      paidByUserId: member.user.id,
      businessDay: 5,
      nextDate: "2026-04-08",
    });
    expect(await datesOf(rule.id)).toEqual([]);
    expect(await incomesOf(rule.id)).toEqual(
      [
        ["2026-01-08", "2026-01-08"],
        ["2026-02-06", "2026-02-06"],
        ["2026-03-06", "2026-03-06"],
      ].map(([date, recurring]) => ({
        date,
        recurring_date: recurring,
        amount: "5000.00",
        description: "Salário",
        kind: "salary",
        received_by_user_id: member.user.id,
        added_by_user_id: family.user.id,
      })),
    );

    // Once: the job again, and again the next day, writes nothing more.
    await generate();
    setToday("2026-03-16");
    await generate();
    expect(await incomesOf(rule.id)).toHaveLength(3);
    setToday("2026-04-08");
    await generate();
    expect((await incomesOf(rule.id)).map((row) => row.date).at(-1)).toBe("2026-04-08");
    expect(await datesOf(rule.id)).toEqual([]);
  });

  it("is recorded in the history in an income's words, and tells the family's screens", async () => {
    const family = await newFamily();
    const rule = await createRule(family, { ...salary, startDate: "2026-03-16" });
    const res = await call(family, "GET", "/api/family/history");
    const entry = res
      .json()
      .items.find(
        (item: { kind: string; subjectId: string }) =>
          item.kind === "recurring" && item.subjectId === rule.id,
      );
    const fields = entry.changes.map((c: { field: string }) => c.field);
    expect(fields).toEqual(expect.arrayContaining(["incomeKind", "receivedBy", "businessDay"]));
    expect(fields).not.toContain("category");
    expect(fields).not.toContain("paidBy");

    // The job's incomes: the family's open screens are told once the batch committed.
    const told: string[] = [];
    const fanOut = new ChangeFanOut();
    fanOut.subscribe((changes) => {
      for (const change of changes)
        if (change.topics.includes("incomes")) told.push(change.familyId);
    });
    setToday("2026-04-08");
    const writes = new ExpenseWrites(new Ledger(t.app.db, fanOut));
    await generateDueOccurrences(writes, "2026-04-08", quotas);
    expect(told).toContain(family.familyId);
    expect(await incomesOf(rule.id)).toHaveLength(1);
  });

  it("is never a bill still due", async () => {
    const family = await newFamily();
    await createRule(family, salary);
    await createRule(family, { description: "Internet", amount: "99.90", dayOfMonth: 20 });
    const march = await call(family, "GET", "/api/recurring/due?month=3&year=2026");
    expect(march.json()).toMatchObject({
      items: [{ description: "Internet" }],
      total: "99.90",
    });
    const april = await call(family, "GET", "/api/recurring/due?month=4&year=2026");
    expect(april.json().items.map((item: { description: string }) => item.description)).toEqual([
      "Internet",
    ]);
  });

  it("needs a kind and no category; an expense a category and no kind", async () => {
    const family = await newFamily("pt");
    const base = { description: "X", amount: "10.00", frequency: "monthly", dayOfMonth: 5 };
    const cases: [object, string, string][] = [
      [{ entry: "income" }, "incomeKind", "Escolha o tipo de receita"],
      [{ entry: "income", incomeKind: "bonus" }, "incomeKind", "Escolha o tipo de receita"],
      [
        { entry: "income", incomeKind: "salary", categoryId: family.categoryId },
        "categoryId",
        "Valor inválido",
      ],
      [{ entry: "expense" }, "categoryId", "Escolha uma categoria"],
      [{ categoryId: family.categoryId, incomeKind: "salary" }, "incomeKind", "Valor inválido"],
      [{ entry: "gift", categoryId: family.categoryId }, "entry", "Valor inválido"],
      [
        { categoryId: family.categoryId, dayOfMonth: null, businessDay: 21 },
        "businessDay",
        "Escolha um dia útil de 1 a 20",
      ],
      [
        { categoryId: family.categoryId, dayOfMonth: null, businessDay: 0 },
        "businessDay",
        "Escolha um dia útil de 1 a 20",
      ],
    ];
    for (const [change, path, message] of cases) {
      const res = await call(family, "POST", "/api/recurring", {
        ...base,
        startDate: "2026-03-01",
        ...change,
      });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().errors, JSON.stringify(change)).toContainEqual({ path, message });
    }
    const rule = await createRule(family, salary);
    const withCategory = await call(family, "PATCH", `/api/recurring/${rule.id}`, {
      categoryId: family.categoryId,
    });
    expect(withCategory.json().errors).toEqual([{ path: "categoryId", message: "Valor inválido" }]);
    const noKind = await call(family, "PATCH", `/api/recurring/${rule.id}`, { incomeKind: null });
    expect(noKind.json().errors).toEqual([
      { path: "incomeKind", message: "Escolha o tipo de receita" },
    ]);
    // What a rule records is chosen once.
    const turned = await call(family, "PATCH", `/api/recurring/${rule.id}`, { entry: "expense" });
    expect(turned.statusCode).toBe(400);
    const kind = await call(family, "PATCH", `/api/recurring/${rule.id}`, { incomeKind: "other" });
    expect(kind.json()).toMatchObject({ entry: "income", incomeKind: "other" });
    // A receiver outside the family is refused in the income's words.
    const stranger = await newFamily();
    const res = await call(family, "PATCH", `/api/recurring/${rule.id}`, {
      paidByUserId: stranger.user.id,
    });
    expect(res.json().errors).toEqual([
      { path: "paidByUserId", message: "Escolha quem recebeu: um membro da família" },
    ]);
  });
});

describe("once, and never again", () => {
  it("never creates one twice when two processes generate at the same moment", async () => {
    const database = await createTestDatabase();
    const other = openPostgres(database.connectionString);
    try {
      const family = await database.pool.query<{ id: string }>(
        `with owner as (insert into users (email, password_hash) values ('o@example.org', 'x') returning id)
         insert into families (name, owner_id) select 'Casa', id from owner returning id`,
      );
      const familyId = family.rows[0]?.id;
      await database.pool.query(
        `insert into recurring_rules (family_id, description, amount, frequency, day_of_month, start_date)
         select $1, 'Conta ' || i, 10, 'monthly', 1 + i % 28, '2025-12-01'
         from generate_series(1, 60) i`,
        [familyId],
      );
      // And 20 salaries on the 1st to 20th business day: Dec, Jan and Feb each, March's up to
      // the 15th (Mon 2 to Fri 13: ten business days).
      await database.pool.query(
        `insert into recurring_rules (family_id, description, amount, frequency, business_day,
           start_date, entry, income_kind)
         select $1, 'Salário ' || i, 1000, 'monthly', i, '2025-12-01', 'income', 'salary'
         from generate_series(1, 20) i`,
        [familyId],
      );
      const runs = await Promise.all(
        [database, other, database, other].map((db) =>
          generateDueOccurrences(new ExpenseWrites(new Ledger(db.db)), "2026-03-15", quotas, {
            batchSize: 7,
          }),
        ),
      );
      const { rows } = await database.pool.query<{ total: number; distinct: number }>(
        `select count(*)::int as total,
           count(distinct (recurring_rule_id, recurring_date))::int as distinct
         from expenses`,
      );
      // Days 1-28 from 1 December to 15 March: 3 or 4 each (Dec, Jan, Feb; March up to the 15th).
      const expected = Array.from({ length: 60 }, (_, i) => (1 + ((i + 1) % 28) <= 15 ? 4 : 3));
      const sum = expected.reduce((a, b) => a + b, 0);
      expect(rows[0]).toEqual({ total: sum, distinct: sum });
      expect(runs.reduce((a, run) => a + run.expenses, 0)).toBe(sum);
      const incomeSum = 20 * 3 + 10;
      const incomes = await database.pool.query<{ total: number; distinct: number }>(
        `select count(*)::int as total,
           count(distinct (recurring_rule_id, recurring_date))::int as distinct
         from incomes`,
      );
      expect(incomes.rows[0]).toEqual({ total: incomeSum, distinct: incomeSum });
      expect(runs.reduce((a, run) => a + run.incomes, 0)).toBe(incomeSum);

      // Even with a watermark lost, the unique rule + date refuses a second copy.
      await database.pool.query("update recurring_rules set generated_through = null");
      const again = await generateDueOccurrences(
        new ExpenseWrites(new Ledger(other.db)),
        "2026-03-15",
        quotas,
      );
      expect(again).toMatchObject({ expenses: 0, incomes: 0 });
      const count = await database.pool.query(
        "select (select count(*)::int from expenses) as n, (select count(*)::int from incomes) as i",
      );
      expect(count.rows[0]).toEqual({ n: sum, i: incomeSum });
    } finally {
      await other.close();
      await database.close();
    }
  });

  it("never brings back a created expense that was deleted or edited", async () => {
    const family = await newFamily();
    const rule = await createRule(family);
    const { rows } = await t.database.pool.query<{ id: string; date: string }>(
      "select id, date::text from expenses where recurring_rule_id = $1 order by date",
      [rule.id],
    );
    const deleted = await call(family, "DELETE", `/api/expenses/${rows[0]?.id}`);
    expect(deleted.statusCode).toBe(200);
    const edited = await call(family, "PATCH", `/api/expenses/${rows[1]?.id}`, {
      date: "2026-01-12",
      amount: "1400.00",
    });
    expect(edited.statusCode).toBe(200);
    await generate();
    setToday("2026-03-16");
    await generate();
    const after = await expensesOf(rule.id);
    expect(after.map((row) => [row.date, row.amount])).toEqual([
      ["2026-01-12", "1400.00"],
      ["2026-02-10", "1500.00"],
      ["2026-03-10", "1500.00"],
    ]);
  });

  it("editing a rule never re-creates past dates; the next ones follow the new schedule", async () => {
    const family = await newFamily();
    const rule = await createRule(family);
    await t.database.pool.query("delete from expenses where recurring_rule_id = $1", [rule.id]);
    const res = await call(family, "PATCH", `/api/recurring/${rule.id}`, {
      startDate: "2025-06-01",
      dayOfMonth: 20,
      amount: "1600.00",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ amount: "1600.00", dayOfMonth: 20, nextDate: "2026-03-20" });
    expect(await datesOf(rule.id)).toEqual([]);
    setToday("2026-03-20");
    await generate();
    expect(await expensesOf(rule.id)).toMatchObject([{ date: "2026-03-20", amount: "1600.00" }]);
  });

  it("a paused rule creates nothing; resumed, it skips the paused dates", async () => {
    const family = await newFamily();
    const rule = await createRule(family, { startDate: "2026-03-01", dayOfMonth: 1 });
    expect(await datesOf(rule.id)).toEqual(["2026-03-01"]);
    const paused = await call(family, "PATCH", `/api/recurring/${rule.id}`, { paused: true });
    expect(paused.json()).toMatchObject({ paused: true, nextDate: null });
    setToday("2026-06-15");
    await generate();
    expect(await datesOf(rule.id)).toEqual(["2026-03-01"]);
    const signedIn = { ...family, ...(await login(t.app, family.email, family.password)) };
    const resumed = await call(signedIn, "PATCH", `/api/recurring/${rule.id}`, { paused: false });
    expect(resumed.json()).toMatchObject({ paused: false, nextDate: "2026-07-01" });
    setToday("2026-07-01");
    await generate();
    expect(await datesOf(rule.id)).toEqual(["2026-03-01", "2026-07-01"]);
  });

  it("deleting a rule keeps the expenses it created", async () => {
    const family = await newFamily();
    const rule = await createRule(family);
    const res = await call(family, "DELETE", `/api/recurring/${rule.id}`);
    expect(res.json()).toEqual({ deleted: true });
    const { rows } = await t.database.pool.query(
      "select count(*)::int as n from expenses where family_id = $1 and description = 'Aluguel'",
      [family.familyId],
    );
    expect(rows[0].n).toBe(4);
    expect((await call(family, "GET", "/api/recurring")).json()).toEqual([]);
  });
});

describe("the background job", () => {
  it("generates at start, and stops with the app", async () => {
    const family = await newFamily();
    const rule = await createRule(family, { startDate: "2026-03-31", dayOfMonth: 31 });
    setToday("2026-05-02");
    const log = { info: () => {}, error: () => {} };
    const job = recurringJob({
      writes: t.app.expenseWrites,
      clock,
      log,
      limits: quotas,
    });
    job.start();
    await job.run();
    expect(await datesOf(rule.id)).toEqual(["2026-03-31", "2026-04-30"]);
    await job.stop();
    setToday("2026-06-02");
    await job.run();
    expect(await datesOf(rule.id)).toEqual(["2026-03-31", "2026-04-30"]);
  });
});

describe("the bills still due", () => {
  it("lists the active rules' dates after today up to the month's end, with their total", async () => {
    const family = await newFamily();
    await createRule(family, { description: "Internet", amount: "99.90", dayOfMonth: 20 });
    await createRule(family, {
      description: "Feira",
      amount: "50.05",
      frequency: "weekly",
      dayOfWeek: 1,
      startDate: "2026-01-01",
    });
    const paused = await createRule(family, { description: "Academia", dayOfMonth: 25 });
    await call(family, "PATCH", `/api/recurring/${paused.id}`, { paused: true });
    await createRule(family, { description: "Ontem", dayOfMonth: 14 });

    const march = await call(family, "GET", "/api/recurring/due?month=3&year=2026");
    expect(march.statusCode).toBe(200);
    expect(march.json()).toEqual({
      items: [
        {
          ruleId: expect.any(String),
          description: "Feira",
          amount: "50.05",
          date: "2026-03-16",
          categoryId: family.categoryId,
        },
        {
          ruleId: expect.any(String),
          description: "Internet",
          amount: "99.90",
          date: "2026-03-20",
          categoryId: family.categoryId,
        },
        {
          ruleId: expect.any(String),
          description: "Feira",
          amount: "50.05",
          date: "2026-03-23",
          categoryId: family.categoryId,
        },
        {
          ruleId: expect.any(String),
          description: "Feira",
          amount: "50.05",
          date: "2026-03-30",
          categoryId: family.categoryId,
        },
      ],
      total: "250.05",
    });
    const february = await call(family, "GET", "/api/recurring/due?month=2&year=2026");
    expect(february.json()).toEqual({ items: [], total: "0.00" });
    const april = await call(family, "GET", "/api/recurring/due?month=4&year=2026");
    // Internet and Ontem once, Feira on four Mondays.
    expect(april.json().items).toHaveLength(6);
    expect(april.json().total).toBe("1800.10");
  });
});

describe("validation and scope", () => {
  const valid = (family: Family) => ({
    description: "Luz",
    amount: "90.00",
    categoryId: family.categoryId,
    frequency: "monthly",
    dayOfMonth: 5,
    startDate: "2026-03-01",
  });

  it("refuses a day out of range for the frequency, an end before the start, bad amounts", async () => {
    const family = await newFamily("pt");
    const cases: [object, string, string][] = [
      [{ dayOfMonth: 32 }, "dayOfMonth", "Escolha um dia que o mês tenha (1-31)"],
      [{ dayOfMonth: null }, "dayOfMonth", "Escolha um dia que o mês tenha (1-31)"],
      [{ frequency: "weekly", dayOfWeek: 8 }, "dayOfWeek", "Escolha um dia da semana"],
      [{ frequency: "weekly" }, "dayOfWeek", "Escolha um dia da semana"],
      [
        { frequency: "yearly", monthOfYear: 2, dayOfMonth: 30 },
        "dayOfMonth",
        "Escolha um dia que o mês tenha (1-31)",
      ],
      [{ frequency: "yearly", dayOfMonth: 3 }, "monthOfYear", "Mês inválido"],
      [{ frequency: "daily" }, "frequency", "Escolha semanal, mensal ou anual"],
      [
        { endDate: "2026-02-28" },
        "endDate",
        "A data de fim deve ser igual ou posterior à de início",
      ],
      [{ amount: "0" }, "amount", "O valor deve ser maior que zero"],
      [{ amount: "12.345" }, "amount", "Informe um valor como 12,50"],
      [{ startDate: "2026-02-30" }, "startDate", "Informe uma data válida"],
    ];
    for (const [change, path, message] of cases) {
      const res = await call(family, "POST", "/api/recurring", { ...valid(family), ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().errors, JSON.stringify(change)).toContainEqual({ path, message });
    }
    const rule = await createRule(family);
    const patch = await call(family, "PATCH", `/api/recurring/${rule.id}`, {
      endDate: "2025-01-01",
    });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().errors).toEqual([
      { path: "endDate", message: "A data de fim deve ser igual ou posterior à de início" },
    ]);
    const weekly = await call(family, "PATCH", `/api/recurring/${rule.id}`, {
      frequency: "weekly",
    });
    expect(weekly.json().errors).toEqual([
      { path: "dayOfWeek", message: "Escolha um dia da semana" },
    ]);
  });

  it("refuses another family's category", async () => {
    const family = await newFamily();
    const other = await newFamily();
    const res = await call(family, "POST", "/api/recurring", {
      ...valid(family),
      categoryId: other.categoryId,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: "categoryId", message: "Category not found" }]);
  });

  it("answers 404 for another family's rule and never lists it", async () => {
    const family = await newFamily();
    const other = await newFamily();
    const rule = await createRule(other);
    for (const [method, payload] of [
      ["PATCH", { paused: true }],
      ["DELETE", undefined],
    ] as const) {
      const res = await call(family, method, `/api/recurring/${rule.id}`, payload);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe("recurring_rule_not_found");
    }
    expect((await call(family, "GET", "/api/recurring")).json()).toEqual([]);
    expect((await call(other, "GET", "/api/recurring")).json()).toMatchObject([
      { id: rule.id, paused: false },
    ]);
  });
});

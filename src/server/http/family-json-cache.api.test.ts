import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Expense } from "../../contract/expenses";
import { signUp } from "../testing/api-helpers";
import {
  createCategory,
  createExpense,
  type FamilyMemberSession,
  signUpWithFamily,
} from "../testing/family-helpers";
import { createTestApp, type TestApp } from "../testing/test-app";

/**
 * The month's summary, the month's list and the first page are kept by each app process under
 * the family's data version (http/family-json-cache.ts). Two apps on one database stand for two
 * processes: whatever one of them (or a statement at a psql prompt) changes, the other answers
 * the database's current data on the very next request, and one family's changes never move
 * another's.
 */

let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({ database: a.database });
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const READS = [
  "/api/summary?month=3&year=2026",
  "/api/expenses?month=3&year=2026",
  "/api/expenses/page",
  "/api/expenses/page?search=pão",
  "/api/summary/trend?month=3&year=2026",
];

async function bodies(t: TestApp, who: FamilyMemberSession) {
  const out: string[] = [];
  for (const url of READS) {
    const res = await t.app.inject({ method: "GET", url, headers: { cookie: who.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    out.push(res.body);
  }
  return out;
}

/** What the database holds now, read by an app whose cache has never seen this family. */
async function fresh(who: FamilyMemberSession) {
  const c = await createTestApp({ database: a.database });
  try {
    return await bodies(c, who);
  } finally {
    await c.close();
  }
}

async function dataVersion(familyId: string): Promise<number> {
  const { rows } = await a.database.pool.query(
    "select data_version::int as version from families where id = $1",
    [familyId],
  );
  return rows[0].version;
}

const send = (
  t: TestApp,
  who: FamilyMemberSession,
  method: string,
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method: method as "POST",
    url,
    headers: { cookie: who.cookie },
    ...(payload ? { payload } : {}),
  });

describe("a family's kept answers follow every change, on every process", () => {
  let family: FamilyMemberSession;
  let other: FamilyMemberSession;
  let food: string;
  let expense: Expense;

  beforeAll(async () => {
    family = await signUpWithFamily(a.app);
    other = await signUpWithFamily(a.app);
    food = (await createCategory(a.app, family, { name: "Food" })).id;
    expense = await createExpense(a.app, family, {
      categoryId: food,
      description: "Pão",
      amount: "10.00",
      date: "2026-03-05",
    });
  });

  /** Both processes have kept the family's answers; `change` runs; both answer what is stored. */
  async function afterChange(change: () => Promise<unknown>) {
    const before = await bodies(b, family);
    expect(await bodies(a, family)).toEqual(before);
    await change();
    const now = await fresh(family);
    expect(await bodies(b, family)).toEqual(now);
    expect(await bodies(a, family)).toEqual(now);
    return { before, now };
  }

  it("a new expense on the other process", async () => {
    const { before, now } = await afterChange(() =>
      createExpense(a.app, family, { categoryId: food, amount: "2.50", date: "2026-03-20" }),
    );
    expect(now[0]).not.toBe(before[0]);
    expect(JSON.parse(now[0] as string).totalSpent).toBe("12.50");
  });

  it("an expense's amount, then its month, then its deletion", async () => {
    const amount = await afterChange(() =>
      send(a, family, "PATCH", `/api/expenses/${expense.id}`, { amount: "11.00" }),
    );
    expect(JSON.parse(amount.now[0] as string).totalSpent).toBe("13.50");
    const moved = await afterChange(() =>
      send(a, family, "PATCH", `/api/expenses/${expense.id}`, { date: "2026-04-01" }),
    );
    expect(JSON.parse(moved.now[1] as string)).toHaveLength(1);
    const deleted = await afterChange(() =>
      send(a, family, "DELETE", `/api/expenses/${expense.id}`),
    );
    expect(JSON.parse(deleted.now[2] as string).totals.count).toBe(1);
  });

  it("a category's budget, a new category, a deleted category", async () => {
    const budget = await afterChange(() =>
      send(a, family, "PATCH", `/api/categories/${food}`, { monthlyBudget: "777.00" }),
    );
    expect(JSON.parse(budget.now[0] as string).categories[0].monthlyBudget).toBe("777.00");
    expect(JSON.parse(budget.now[4] as string).months[11].budget).toBe("777.00");
    await afterChange(() => createCategory(a.app, family, { name: "Home" }));
    const deleted = await afterChange(() => send(a, family, "DELETE", `/api/categories/${food}`));
    expect(JSON.parse(deleted.now[0] as string).uncategorisedSpent).toBe("2.50");
  });

  it("a statement outside the app", async () => {
    const { now } = await afterChange(() =>
      a.database.pool.query(
        `insert into expenses (family_id, description, amount, added_by_user_id, date)
         values ($1, 'Pão de queijo', '4.00', $2, '2026-03-09')`,
        [family.familyId, family.user.id],
      ),
    );
    expect(JSON.parse(now[3] as string).totals).toEqual({ count: 1, amount: "4.00" });
  });

  it("moves once per statement, and only for the families it touched", async () => {
    const mine = await dataVersion(family.familyId);
    const theirs = await dataVersion(other.familyId);
    await a.database.pool.query(
      `insert into expenses (family_id, description, amount, added_by_user_id, date)
       select $1, 'Lote ' || i, '1.00', $2, '2026-03-15' from generate_series(1, 500) as i`,
      [family.familyId, family.user.id],
    );
    expect(await dataVersion(family.familyId)).toBe(mine + 1);
    expect(await dataVersion(other.familyId)).toBe(theirs);
    // Another family's changes leave this family's kept answers in place, and never show in them.
    const kept = await bodies(b, family);
    await createExpense(a.app, other, {
      categoryId: (await createCategory(a.app, other)).id,
      amount: "999.00",
      date: "2026-03-10",
    });
    expect(await dataVersion(family.familyId)).toBe(mine + 1);
    expect(await bodies(b, family)).toEqual(kept);
    expect(JSON.parse((await bodies(b, other))[0] as string).totalSpent).toBe("999.00");
  });

  it("a member who joins answers with the family's data, not an empty month", async () => {
    const invite = await send(a, family, "POST", "/api/family/invite");
    expect(invite.statusCode, invite.body).toBeLessThan(300);
    const joiner = await signUp(b.app);
    const joined = await b.app.inject({
      method: "POST",
      url: "/api/family/join",
      headers: { cookie: joiner.cookie },
      payload: { inviteCode: invite.json().inviteCode },
    });
    expect(joined.statusCode, joined.body).toBeLessThan(300);
    const member = { ...joiner, familyId: family.familyId };
    expect(await bodies(b, member)).toEqual(await fresh(family));
  });
});

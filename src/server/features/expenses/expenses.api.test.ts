import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expenseListItemSchema } from "../../../contract/expenses";
import { fromCents, toCents } from "../../../contract/money";
import type { SignedIn } from "../../testing/api-helpers";
import { signUp } from "../../testing/api-helpers";
import {
  createCategory,
  createExpense,
  type FamilyMemberSession,
  signUpWithFamily,
} from "../../testing/family-helpers";
import { createTestApp, type TestApp } from "../../testing/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (
  who: SignedIn | null,
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    headers: { ...(who ? { cookie: who.cookie } : {}), ...headers },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

describe("categories", () => {
  let family: FamilyMemberSession;
  beforeAll(async () => {
    family = await signUpWithFamily(t.app);
  });

  it("creates with two-place decimal budgets and lists the family's own", async () => {
    const created = await createCategory(t.app, family, {
      name: " Feira ",
      weeklyBudget: "25.5",
      monthlyBudget: "102",
    });
    expect(created).toMatchObject({
      name: "Feira",
      weeklyBudget: "25.50",
      monthlyBudget: "102.00",
      isActive: true,
    });
    const list = await call(family, "GET", "/api/categories");
    expect(list.json().map((c: { id: string }) => c.id)).toContain(created.id);
  });

  it("edits partially", async () => {
    const created = await createCategory(t.app, family);
    const res = await call(family, "PATCH", `/api/categories/${created.id}`, {
      monthlyBudget: "500.00",
    });
    expect(res.json()).toMatchObject({
      name: "Mercado",
      monthlyBudget: "500.00",
      weeklyBudget: "100.00",
    });
  });

  it("refuses bad input with field errors in the user's language", async () => {
    const res = await call(
      await signUpWithFamily(t.app, { language: "pt" }),
      "POST",
      "/api/categories",
      { name: "", icon: "Tag!", color: "blue", weeklyBudget: "-1", monthlyBudget: 10 },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { path: "name", message: "Informe o nome da categoria" },
        { path: "icon", message: "Ícone inválido" },
        { path: "color", message: "Escolha uma cor como #3b82f6" },
        { path: "weeklyBudget", message: "Informe uma meta como 250,00 (zero ou mais)" },
        { path: "monthlyBudget", message: "Informe uma meta como 250,00 (zero ou mais)" },
      ]),
    );
  });

  it("deleting one leaves its expenses uncategorised and counted", async () => {
    const category = await createCategory(t.app, family);
    const expense = await createExpense(t.app, family, {
      categoryId: category.id,
      amount: "33.30",
    });
    expect((await call(family, "DELETE", `/api/categories/${category.id}`)).statusCode).toBe(200);
    const list = (await call(family, "GET", "/api/expenses")).json();
    expect(list.find((e: { id: string }) => e.id === expense.id)).toMatchObject({
      categoryId: null,
      amount: "33.30",
    });
  });
});

describe("another family's ids", () => {
  it("answer 404 and change nothing", async () => {
    const mine = await signUpWithFamily(t.app);
    const theirs = await signUpWithFamily(t.app);
    const theirCategory = await createCategory(t.app, theirs);
    const theirExpense = await createExpense(t.app, theirs, { categoryId: theirCategory.id });

    for (const [method, url, payload] of [
      ["PATCH", `/api/categories/${theirCategory.id}`, { name: "Mine now" }],
      ["DELETE", `/api/categories/${theirCategory.id}`, undefined],
      ["PATCH", `/api/expenses/${theirExpense.id}`, { amount: "1.00" }],
      ["DELETE", `/api/expenses/${theirExpense.id}`, undefined],
    ] as const) {
      const res = await call(mine, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call(mine, "GET", "/api/expenses")).json()).toEqual([]);
    const stillTheirs = (await call(theirs, "GET", "/api/expenses")).json();
    expect(stillTheirs).toEqual([
      expect.objectContaining({ id: theirExpense.id, amount: "10.00" }),
    ]);
    const theirCategories = (await call(theirs, "GET", "/api/categories")).json();
    expect(theirCategories).toEqual([
      expect.objectContaining({ id: theirCategory.id, name: "Mercado" }),
    ]);
  });

  it("cannot be used as an expense's category", async () => {
    const mine = await signUpWithFamily(t.app);
    const myCategory = await createCategory(t.app, mine);
    const theirCategory = await createCategory(t.app, await signUpWithFamily(t.app));
    const create = await call(mine, "POST", "/api/expenses", {
      description: "x",
      amount: "1.00",
      date: "2026-01-01",
      categoryId: theirCategory.id,
    });
    expect(create.statusCode).toBe(400);
    expect(create.json().errors).toEqual([{ path: "categoryId", message: "Category not found" }]);
    const mineExpense = await createExpense(t.app, mine, { categoryId: myCategory.id });
    const patch = await call(mine, "PATCH", `/api/expenses/${mineExpense.id}`, {
      categoryId: theirCategory.id,
    });
    expect(patch.statusCode).toBe(400);
    expect((await call(mine, "GET", "/api/expenses")).json()[0].categoryId).toBe(myCategory.id);
  });

  it("a user without a family gets 404 not_in_family and a signed-out one 401", async () => {
    const lonely = await signUp(t.app);
    for (const url of ["/api/categories", "/api/expenses"]) {
      expect((await call(lonely, "GET", url)).json().code).toBe("not_in_family");
      expect((await call(null, "GET", url)).statusCode).toBe(401);
    }
  });
});

describe("expenses", () => {
  let family: FamilyMemberSession;
  let categoryId: string;
  beforeAll(async () => {
    family = await signUpWithFamily(t.app);
    categoryId = (await createCategory(t.app, family)).id;
  });

  it("answers the calendar date it was given, and the new one, with no month or year of its own", async () => {
    const expense = await createExpense(t.app, family, {
      categoryId,
      date: "2026-01-31",
      amount: "12.5",
    });
    expect(expense).toMatchObject({ date: "2026-01-31", amount: "12.50", isExample: false });
    // Under a budget month that starts on another day, a calendar month would name the wrong one
    // (docs/product.md#budget-periods): the date is all the wire says of when.
    expect(expense).not.toHaveProperty("month");
    expect(expense).not.toHaveProperty("year");
    const moved = await call(family, "PATCH", `/api/expenses/${expense.id}`, {
      date: "2025-12-01",
    });
    expect(moved.json()).toMatchObject({ date: "2025-12-01", amount: "12.50" });
    expect(moved.json()).not.toHaveProperty("month");
  });

  it("refuses month and year from the client", async () => {
    const res = await call(family, "POST", "/api/expenses", {
      description: "x",
      amount: "1.00",
      date: "2026-01-01",
      categoryId,
      month: 5,
      year: 1999,
    });
    expect(res.statusCode).toBe(400);
  });

  it("lists newest first and one month with ?month=&year=", async () => {
    const own = await signUpWithFamily(t.app);
    const cat = (await createCategory(t.app, own)).id;
    await createExpense(t.app, own, { categoryId: cat, date: "2026-02-28", description: "fev" });
    await createExpense(t.app, own, { categoryId: cat, date: "2026-03-01", description: "mar1" });
    await createExpense(t.app, own, { categoryId: cat, date: "2026-03-31", description: "mar31" });
    await createExpense(t.app, own, {
      categoryId: cat,
      date: "2025-03-15",
      description: "mar-last-year",
    });
    const all = (await call(own, "GET", "/api/expenses")).json();
    expect(all.map((e: { description: string }) => e.description)).toEqual([
      "mar31",
      "mar1",
      "fev",
      "mar-last-year",
    ]);
    const march = (await call(own, "GET", "/api/expenses?month=3&year=2026")).json();
    expect(march.map((e: { description: string }) => e.description)).toEqual(["mar31", "mar1"]);
    expect((await call(own, "GET", "/api/expenses?month=13&year=2026")).statusCode).toBe(400);
    expect((await call(own, "GET", "/api/expenses?month=3")).statusCode).toBe(400);
    expect((await call(own, "GET", "/api/expenses?month=abc&year=2026")).statusCode).toBe(400);
  });

  it("edits partially and deletes", async () => {
    const expense = await createExpense(t.app, family, { categoryId, description: "Pão" });
    const res = await call(family, "PATCH", `/api/expenses/${expense.id}`, {
      description: "Pão francês",
    });
    expect(res.json()).toMatchObject({ description: "Pão francês", amount: "10.00", categoryId });
    expect((await call(family, "DELETE", `/api/expenses/${expense.id}`)).statusCode).toBe(200);
    expect((await call(family, "DELETE", `/api/expenses/${expense.id}`)).statusCode).toBe(404);
  });

  it("clears example expenses only", async () => {
    const seeded = await signUpWithFamily(t.app, { clearStarterData: false });
    const before = (await call(seeded, "GET", "/api/expenses")).json();
    const examples = before.filter((e: { isExample: boolean }) => e.isExample).length;
    expect(examples).toBeGreaterThan(0);
    const own = await createExpense(t.app, seeded, { categoryId: before[0].categoryId });
    const res = await call(seeded, "DELETE", "/api/expenses/examples/clear");
    expect(res.json()).toEqual({ deletedCount: examples });
    expect((await call(seeded, "GET", "/api/expenses")).json()).toEqual([
      expect.objectContaining({ id: own.id }),
    ]);
  });

  it("honours an Idempotency-Key: a repeated create returns the first and creates nothing", async () => {
    const own = await signUpWithFamily(t.app);
    const cat = (await createCategory(t.app, own)).id;
    const payload = {
      description: "Farmácia",
      amount: "47.90",
      date: "2026-03-02",
      categoryId: cat,
    };
    const headers = { "idempotency-key": "3f1c1d5e-click-1" };
    const [a, b] = await Promise.all([
      call(own, "POST", "/api/expenses", payload, headers),
      call(own, "POST", "/api/expenses", payload, headers),
    ]);
    const c = await call(own, "POST", "/api/expenses", payload, headers);
    expect([a.statusCode, b.statusCode, c.statusCode]).toEqual([201, 201, 201]);
    expect(new Set([a.json().id, b.json().id, c.json().id]).size).toBe(1);
    expect((await call(own, "GET", "/api/expenses")).json()).toHaveLength(1);
    await call(own, "POST", "/api/expenses", payload, { "idempotency-key": "another" });
    expect((await call(own, "GET", "/api/expenses")).json()).toHaveLength(2);
  });

  it("scopes an Idempotency-Key to the family: the same key in a new family makes a new expense there", async () => {
    const ownerA = await signUpWithFamily(t.app);
    const ownerB = await signUpWithFamily(t.app);
    const categoryA = (await createCategory(t.app, ownerA)).id;
    const categoryB = (await createCategory(t.app, ownerB)).id;
    const member = await signUp(t.app);
    const joinFamilyOf = async (owner: SignedIn) => {
      const invite = await call(owner, "POST", "/api/family/invite");
      const joined = await call(member, "POST", "/api/family/join", {
        inviteCode: invite.json().inviteCode,
      });
      expect(joined.statusCode, joined.body).toBe(200);
    };
    const key = { "idempotency-key": "moved-family-click-1" };
    const payload = { description: "Padaria", amount: "12.00", date: "2026-03-04" };

    await joinFamilyOf(ownerA);
    const inA = await call(
      member,
      "POST",
      "/api/expenses",
      { ...payload, categoryId: categoryA },
      key,
    );
    expect(inA.statusCode, inA.body).toBe(201);
    const rowA = inA.json();
    const removed = await call(ownerA, "DELETE", `/api/family/members/${member.user.id}`, {
      keepExpenses: true,
    });
    expect(removed.statusCode, removed.body).toBe(200);

    await joinFamilyOf(ownerB);
    const inB = await call(
      member,
      "POST",
      "/api/expenses",
      { ...payload, categoryId: categoryB },
      key,
    );
    expect(inB.statusCode, inB.body).toBe(201);
    const rowB = inB.json();
    expect(rowB.id).not.toBe(rowA.id);
    expect(rowB).toMatchObject({
      familyId: ownerB.familyId,
      categoryId: categoryB,
      addedByUserId: member.user.id,
      description: "Padaria",
    });

    // A repeat within the new family still answers its first row and creates nothing.
    const again = await call(
      member,
      "POST",
      "/api/expenses",
      { ...payload, categoryId: categoryB },
      key,
    );
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toEqual(rowB);
    expect((await call(ownerB, "GET", "/api/expenses")).json()).toEqual([
      expenseListItemSchema.parse(rowB),
    ]);

    // The old family's row is as it was, and still the only one there.
    expect((await call(ownerA, "GET", "/api/expenses")).json()).toEqual([
      expenseListItemSchema.parse(rowA),
    ]);
  });
});

describe("bad input saves nothing", () => {
  let family: FamilyMemberSession;
  let categoryId: string;
  const valid = () => ({ description: "Mercado", amount: "10.00", date: "2026-03-10", categoryId });
  beforeAll(async () => {
    family = await signUpWithFamily(t.app);
    categoryId = (await createCategory(t.app, family)).id;
  });

  it.each([
    ["amount 'abc'", { amount: "abc" }, "amount", "Enter an amount like 12.50"],
    ["amount '-1'", { amount: "-1" }, "amount", "Enter an amount like 12.50"],
    ["amount '0'", { amount: "0" }, "amount", "The amount must be greater than zero"],
    ["amount '1.234'", { amount: "1.234" }, "amount", "Enter an amount like 12.50"],
    ["amount '1e5'", { amount: "1e5" }, "amount", "Enter an amount like 12.50"],
    [
      "amount '100000000.00'",
      { amount: "100000000.00" },
      "amount",
      "Must be at most 99,999,999.99",
    ],
    ["amount as a number", { amount: 10 }, "amount", "Enter an amount like 12.50"],
    ["description missing", { description: undefined }, "description", "Enter a description"],
    [
      "description of 201 characters",
      { description: "x".repeat(201) },
      "description",
      "Must have at most 200 characters",
    ],
    ["description as a number", { description: 5 }, "description", "Enter a description"],
    [
      "unknown categoryId",
      { categoryId: "00000000-0000-4000-8000-000000000000" },
      "categoryId",
      "Category not found",
    ],
    ["categoryId not a uuid", { categoryId: "1" }, "categoryId", "Choose a category"],
    ["categoryId missing", { categoryId: undefined }, "categoryId", "Choose a category"],
    ["date 2026-02-30", { date: "2026-02-30" }, "date", "Enter a valid date"],
    ["date 'tomorrow'", { date: "tomorrow" }, "date", "Enter a valid date"],
    ["date as a timestamp", { date: "2026-03-10T10:00:00Z" }, "date", "Enter a valid date"],
    ["an unknown field", { isExample: true }, "isExample", "Unknown field"],
  ])("%s", async (_label, change, path, message) => {
    const payload = { ...valid(), ...change };
    const res = await call(family, "POST", "/api/expenses", JSON.parse(JSON.stringify(payload)));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("validation_error");
    expect(res.json().errors).toContainEqual({ path, message });
    expect((await call(family, "GET", "/api/expenses")).json()).toEqual([]);
  });

  it("malformed JSON", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/expenses",
      headers: { cookie: family.cookie, "content-type": "application/json" },
      payload: '{"description": "x", "amount": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("invalid_json");
  });

  it("an edit with one bad field changes nothing", async () => {
    const expense = await createExpense(t.app, family, { categoryId });
    const res = await call(family, "PATCH", `/api/expenses/${expense.id}`, {
      description: "Novo",
      amount: "0",
    });
    expect(res.statusCode).toBe(400);
    const [after] = (await call(family, "GET", "/api/expenses")).json();
    expect(after).toMatchObject({ description: "Compra", amount: "10.00" });
    await call(family, "DELETE", `/api/expenses/${expense.id}`);
  });
});

describe("money", () => {
  it("any list of valid amounts sums exactly to the cent in the database", async () => {
    const family = await signUpWithFamily(t.app);
    const categoryId = (await createCategory(t.app, family)).id;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 99_999_999 }), { minLength: 1, maxLength: 8 }),
        async (cents) => {
          await t.database.db.execute("delete from expenses");
          for (const c of cents)
            await createExpense(t.app, family, { categoryId, amount: fromCents(c) });
          const listed = (await call(family, "GET", "/api/expenses")).json() as {
            amount: string;
          }[];
          const sum = listed.reduce((total, e) => total + toCents(e.amount), 0);
          expect(sum).toBe(cents.reduce((a, b) => a + b, 0));
          const result = (await t.database.db.execute(
            "select coalesce(sum(amount), 0)::text as total from expenses",
          )) as unknown as {
            rows: { total: string }[];
          };
          expect(toCents(result.rows[0]?.total ?? "0")).toBe(sum);
        },
      ),
      { numRuns: 25 },
    );
  });
});

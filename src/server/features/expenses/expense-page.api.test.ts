import { randomUUID } from "node:crypto";
import { between, desc, eq, getTableColumns } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  EXPENSE_PAGE_SIZE,
  type ExpenseListItem,
  type ExpensePage,
  expenseListItemSchema,
  expensePageSchema,
} from "../../../contract/expenses";
import { fromCents, toCents } from "../../../contract/money";
import { toExpenseListItem } from "../../api-rows";
import { expenses } from "../../db/schema";
import { seenExpenses } from "../../db/seen-by";
import type { SignedIn } from "../../testing/api-helpers";
import { signUp } from "../../testing/api-helpers";
import {
  createCategory,
  type FamilyMemberSession,
  signUpWithFamily,
} from "../../testing/family-helpers";
import { createTestApp, type TestApp } from "../../testing/test-app";

/**
 * GET /api/expenses/page: keyset pages newest first (date, created_at to the microsecond, id),
 * the filters, the first page's totals, and what a tampered cursor or a bad filter answers.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (who: SignedIn | null, url: string) =>
  t.app.inject({ method: "GET", url, headers: who ? { cookie: who.cookie } : {} });

type Filters = {
  search?: string;
  categoryId?: string;
  paidByUserId?: string;
  from?: string;
  to?: string;
};

const pageUrl = (filters: Filters & { limit?: number; cursor?: string }) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `/api/expenses/page?${query}` : "/api/expenses/page";
};

async function page(who: SignedIn, filters: Filters & { limit?: number; cursor?: string }) {
  const res = await get(who, pageUrl(filters));
  expect(res.statusCode, res.body).toBe(200);
  // The body is written without the zod check: it must still be exactly the contract's shape.
  const body = res.json() as ExpensePage;
  expect(JSON.stringify(expensePageSchema.parse(body))).toBe(res.body);
  return body;
}

/** Every page in turn: the items in order, the first page's totals, and the number of pages. */
async function walk(who: SignedIn, filters: Filters, limit?: number) {
  const first = await page(who, { ...filters, limit });
  const items = [...first.items];
  let pages = 1;
  let cursor = first.nextCursor;
  while (cursor) {
    const next = await page(who, { ...filters, limit, cursor });
    expect(next.totals).toBeNull();
    items.push(...next.items);
    cursor = next.nextCursor;
    pages++;
    expect(pages).toBeLessThan(1000);
  }
  return { items, totals: first.totals, pages };
}

type Row = {
  id?: string;
  description?: string;
  amount?: string;
  categoryId?: string | null;
  /** The family's owner when left out. */
  paidByUserId?: string | null;
  date: string;
  createdAt: string;
};

/** Inserts rows as they are, created_at to the microsecond (the API cannot choose it). */
async function insert(family: FamilyMemberSession, rows: Row[]) {
  for (const row of rows) {
    await t.database.pool.query(
      `insert into expenses (id, family_id, description, amount, category_id, added_by_user_id, date, created_at, paid_by_user_id)
       values ($1, $2, $3, $4, $5, $6, $7, $8::timestamptz, $9)`,
      [
        row.id ?? randomUUID(),
        family.familyId,
        row.description ?? "Compra",
        row.amount ?? "10.00",
        row.categoryId ?? null,
        family.user.id,
        row.date,
        row.createdAt,
        row.paidByUserId === undefined ? family.user.id : row.paidByUserId,
      ],
    );
  }
}

const allOf = async (who: SignedIn) =>
  (await get(who, "/api/expenses")).json() as ExpenseListItem[];
/** Whether every listed expense is one of `familyId`'s rows, read from the table itself. */
const allInFamily = async (list: { id: string }[], familyId: string) => {
  const rows = await t.database.db
    .select({ id: expenses.id })
    .from(expenses)
    .where(eq(expenses.familyId, familyId));
  const own = new Set(rows.map((row) => row.id));
  return list.every((e) => own.has(e.id));
};
const ids = (list: { id: string }[]) => list.map((e) => e.id);
const sumOf = (list: ExpenseListItem[]) =>
  fromCents(list.reduce((sum, e) => sum + toCents(e.amount), 0));

describe("order and page boundaries", () => {
  let family: FamilyMemberSession;
  // Ids chosen so the tie-break on id is visible: same date and same created_at.
  const tiedIds = [
    "00000000-0000-4000-8000-000000000001",
    "00000000-0000-4000-8000-000000000003",
    "00000000-0000-4000-8000-000000000002",
  ];
  beforeAll(async () => {
    family = await signUpWithFamily(t.app);
    const category = await createCategory(t.app, family);
    await insert(family, [
      // Three expenses on one day, created in the same microsecond: id decides.
      ...tiedIds.map((id) => ({ id, date: "2026-03-10", createdAt: "2026-03-10T12:00:00.5Z" })),
      // Two created in the same millisecond, a microsecond apart: a cursor with milliseconds
      // only would skip or repeat one of them.
      { description: "a", date: "2026-03-10", createdAt: "2026-03-10T09:00:00.123456Z" },
      { description: "b", date: "2026-03-10", createdAt: "2026-03-10T09:00:00.123457Z" },
      // An older date created later: the date comes first.
      { description: "old", date: "2026-03-09", createdAt: "2026-03-11T00:00:00Z" },
    ]);
    // And enough others, many on shared dates and instants, to cross many boundaries.
    const more: Row[] = [];
    for (let i = 0; i < 57; i++) {
      more.push({
        description: `n${i}`,
        amount: `${i + 1}.${String(i % 100).padStart(2, "0")}`,
        categoryId: i % 3 === 0 ? null : category.id,
        date: `2026-0${1 + (i % 3)}-${String(1 + (i % 5)).padStart(2, "0")}`,
        createdAt: `2026-03-01T10:00:00.${String(i % 4).padStart(6, "0")}Z`,
      });
    }
    await insert(family, more);
  });

  it("puts the newest date first, then created_at to the microsecond, then id", async () => {
    const first = await page(family, { limit: 6 });
    expect(first.items.slice(0, 3).map((e) => e.id)).toEqual([tiedIds[1], tiedIds[2], tiedIds[0]]);
    expect(first.items.slice(3, 6).map((e) => e.description)).toEqual(["b", "a", "old"]);
  });

  it("keeps the two expenses of one millisecond apart across a page boundary", async () => {
    const { items } = await walk(family, {}, 1);
    const a = items.findIndex((e) => e.description === "a");
    const b = items.findIndex((e) => e.description === "b");
    expect(b).toBeGreaterThanOrEqual(0);
    expect(a).toBe(b + 1);
  });

  it("walks every page at every page size: no duplicate, no gap, the list's order", async () => {
    const all = await allOf(family);
    expect(all).toHaveLength(63);
    for (const limit of [1, 2, 3, 5, 7, 10, 31, 62, 63, 64, 200]) {
      const { items, totals, pages } = await walk(family, {}, limit);
      expect(ids(items), `limit ${limit}`).toEqual(ids(all));
      expect(new Set(ids(items)).size).toBe(all.length);
      expect(items).toEqual(all);
      expect(pages).toBe(Math.max(1, Math.ceil(all.length / limit)));
      expect(totals).toEqual({ count: 63, amount: sumOf(all) });
    }
  });

  it("answers EXPENSE_PAGE_SIZE by default and nextCursor null on the last page", async () => {
    const first = await page(family, {});
    expect(first.items).toHaveLength(EXPENSE_PAGE_SIZE);
    expect(first.nextCursor).not.toBeNull();
    const second = await page(family, { cursor: first.nextCursor ?? "" });
    expect(second.items).toHaveLength(63 - EXPENSE_PAGE_SIZE);
    expect(second.nextCursor).toBeNull();
    expect(second.totals).toBeNull();
    // A page that ends exactly on the last expense says so too.
    const exact = await page(family, { limit: 63 });
    expect(exact.nextCursor).toBeNull();
  });

  it("accepts limits 1 to 200 and refuses the rest", async () => {
    for (const limit of ["0", "-1", "201", "1.5", "abc", ""]) {
      const res = await get(family, `/api/expenses/page?limit=${limit}`);
      expect(res.statusCode, `limit=${limit}`).toBe(400);
      expect(res.json().code).toBe("validation_error");
    }
    expect((await page(family, { limit: 1 })).items).toHaveLength(1);
    expect((await page(family, { limit: 200 })).items).toHaveLength(63);
  });
});

describe("filters", () => {
  let family: FamilyMemberSession;
  let other: FamilyMemberSession;
  let categoryA: string;
  let categoryB: string;
  let otherCategory: string;
  // A second payer (the rows are written directly, so membership does not matter to the filter).
  let secondPayer: string;
  beforeAll(async () => {
    family = await signUpWithFamily(t.app);
    other = await signUpWithFamily(t.app);
    secondPayer = (await signUp(t.app)).user.id;
    categoryA = (await createCategory(t.app, family, { name: "A" })).id;
    categoryB = (await createCategory(t.app, family, { name: "B" })).id;
    otherCategory = (await createCategory(t.app, other)).id;
    const descriptions = [
      "Mercado Central",
      "mercadinho",
      "MERCADO",
      "50% off",
      "500 off",
      "a_b",
      "axb",
      "back\\slash",
      "backXslash",
      "Farmácia",
      "Padaria",
    ];
    const rows: Row[] = [];
    descriptions.forEach((description, i) => {
      for (const [j, year] of [2016, 2021, 2026].entries()) {
        rows.push({
          description,
          amount: `${(i + 1) * 3 + j}.${String((i * 7 + j * 13) % 100).padStart(2, "0")}`,
          categoryId: [categoryA, categoryB, null][(i + j) % 3] as string | null,
          paidByUserId: [family.user.id, secondPayer, null][(i * 2 + j) % 3] as string | null,
          date: `${year}-${String(1 + ((i + j) % 12)).padStart(2, "0")}-${String(1 + i).padStart(2, "0")}`,
          createdAt: `${year}-06-01T00:00:0${j}.00000${i % 10}Z`,
        });
      }
    });
    await insert(family, rows);
    // The other family's expenses match every filter, and must never show.
    await insert(
      other,
      descriptions.map((description, i) => ({
        description,
        amount: "1000.00",
        categoryId: i % 2 ? otherCategory : null,
        date: "2021-05-05",
        createdAt: "2021-05-05T00:00:00Z",
      })),
    );
  });

  const cases: [string, () => Filters, (e: ExpenseListItem) => boolean][] = [
    ["no filter", () => ({}), () => true],
    [
      "search, any case, every year",
      () => ({ search: "mErCaD" }),
      (e) => e.description.toLowerCase().includes("mercad"),
    ],
    ["search for a literal %", () => ({ search: "0%" }), (e) => e.description === "50% off"],
    ["search for a literal _", () => ({ search: "a_b" }), (e) => e.description === "a_b"],
    ["search for a literal \\", () => ({ search: "k\\s" }), (e) => e.description === "back\\slash"],
    ["search trimmed", () => ({ search: "  padaria " }), (e) => e.description === "Padaria"],
    [
      "search without accents finds accented words",
      () => ({ search: "FARMACIA" }),
      (e) => e.description === "Farmácia",
    ],
    ["search with accents too", () => ({ search: "farmác" }), (e) => e.description === "Farmácia"],
    ["search matching nothing", () => ({ search: "zzz" }), () => false],
    ["a category", () => ({ categoryId: categoryA }), (e) => e.categoryId === categoryA],
    ["uncategorised", () => ({ categoryId: "none" }), (e) => e.categoryId === null],
    ["from", () => ({ from: "2021-03-04" }), (e) => e.date >= "2021-03-04"],
    ["to", () => ({ to: "2021-03-04" }), (e) => e.date <= "2021-03-04"],
    [
      "from and to, both inclusive",
      () => ({ from: "2021-02-03", to: "2021-09-09" }),
      (e) => e.date >= "2021-02-03" && e.date <= "2021-09-09",
    ],
    ["one day", () => ({ from: "2026-03-02", to: "2026-03-02" }), (e) => e.date === "2026-03-02"],
    [
      "everything together",
      () => ({ search: "off", categoryId: "none", from: "2016-01-01", to: "2025-12-31" }),
      (e) =>
        e.description.includes("off") &&
        e.categoryId === null &&
        e.date >= "2016-01-01" &&
        e.date <= "2025-12-31",
    ],
    [
      "search and a category",
      () => ({ search: "MERCADO", categoryId: categoryB }),
      (e) => e.description.toLowerCase().includes("mercado") && e.categoryId === categoryB,
    ],
    ["another family's category", () => ({ categoryId: otherCategory }), () => false],
    ["a payer", () => ({ paidByUserId: family.user.id }), (e) => e.paidByUserId === family.user.id],
    ["another payer", () => ({ paidByUserId: secondPayer }), (e) => e.paidByUserId === secondPayer],
    [
      "a payer, a category and a date range",
      () => ({ paidByUserId: secondPayer, categoryId: categoryA, from: "2021-01-01" }),
      (e) => e.paidByUserId === secondPayer && e.categoryId === categoryA && e.date >= "2021-01-01",
    ],
    ["another family's payer", () => ({ paidByUserId: other.user.id }), () => false],
  ];

  for (const [name, filters, matches] of cases) {
    it(`${name}: every matching expense once, in order, with exact totals`, async () => {
      const expected = (await allOf(family)).filter(matches);
      const { items, totals } = await walk(family, filters(), 4);
      expect(items).toEqual(expected);
      expect(totals).toEqual({ count: expected.length, amount: sumOf(expected) });
      expect(await allInFamily(items, family.familyId)).toBe(true);
    });
  }

  it("really filters: the cases above are not all empty or all full", async () => {
    const all = await allOf(family);
    expect(all).toHaveLength(33);
    expect((await page(family, { search: "mercad" })).totals?.count).toBe(9);
    expect((await page(family, { search: "0%" })).totals?.count).toBe(3);
    expect((await page(family, { search: "a_b" })).totals?.count).toBe(3);
    expect((await page(family, { categoryId: "none" })).totals?.count).toBe(11);
    expect((await page(family, { paidByUserId: secondPayer })).totals?.count).toBe(11);
    expect(
      (await page(family, { paidByUserId: secondPayer, categoryId: categoryA, from: "2021-01-01" }))
        .totals?.count,
    ).toBeGreaterThan(0);
  });

  it("adds up the totals in exact cents", async () => {
    const res = await page(family, { search: "off", limit: 1 });
    const amounts = (await allOf(family))
      .filter((e) => e.description.includes("off"))
      .map((e) => toCents(e.amount));
    expect(res.totals).toEqual({
      count: 6,
      amount: fromCents(amounts.reduce((a, b) => a + b, 0)),
    });
    expect(res.totals?.amount).toMatch(/^\d+\.\d{2}$/);
    expect((await page(family, { search: "nothing like it" })).totals).toEqual({
      count: 0,
      amount: "0.00",
    });
  });

  it("never shows another family's expenses, whatever the filter", async () => {
    const theirs = await walk(other, {}, 5);
    expect(theirs.items).toHaveLength(11);
    expect(theirs.totals).toEqual({ count: 11, amount: "11000.00" });
    const mine = await walk(family, { from: "2021-05-05", to: "2021-05-05" }, 5);
    expect(await allInFamily(mine.items, family.familyId)).toBe(true);
    expect(await allInFamily(theirs.items, family.familyId)).toBe(false);
  });

  it("refuses from after to with the translated message", async () => {
    const res = await get(family, pageUrl({ from: "2026-03-02", to: "2026-03-01" }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: "validation_error",
      errors: [{ path: "to", message: "The end date must be on or after the start date" }],
    });
    const pt = await t.app.inject({
      method: "GET",
      url: pageUrl({ from: "2026-03-02", to: "2026-03-01" }),
      headers: { cookie: family.cookie, "accept-language": "pt-BR" },
    });
    // The signed-in user's language (en) wins over the browser's.
    expect(pt.json().errors[0].message).toBe("The end date must be on or after the start date");
  });

  it("refuses bad dates, categories and searches", async () => {
    for (const query of [
      "from=2026-02-30",
      "to=yesterday",
      "categoryId=nope",
      "categoryId=",
      "paidByUserId=nope",
      "paidByUserId=",
      `search=${"x".repeat(101)}`,
      "unknown=1",
    ]) {
      const res = await get(family, `/api/expenses/page?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe("validation_error");
    }
  });
});

describe("cursor", () => {
  let family: FamilyMemberSession;
  beforeAll(async () => {
    family = await signUpWithFamily(t.app);
    await insert(
      family,
      Array.from({ length: 5 }, (_, i) => ({
        date: "2026-03-01",
        createdAt: `2026-03-01T00:00:0${i}Z`,
      })),
    );
  });

  const encode = (text: string) => Buffer.from(text).toString("base64url");

  it("answers 400 validation_error, never a 5xx, for a cursor it did not write", async () => {
    const good = (await page(family, { limit: 2 })).nextCursor as string;
    const decoded = Buffer.from(good, "base64url").toString();
    const [date, createdAt, id] = decoded.split("|") as [string, string, string];
    expect(createdAt).toMatch(/^2026-03-01T00:00:03\.000000Z$/);
    for (const cursor of [
      "x",
      "!!!!",
      "%00",
      good.slice(0, -3),
      `${good}AA`,
      encode(""),
      encode("a|b|c"),
      encode(`${date}|${createdAt}`),
      encode(`${date}|${createdAt}|${id}|extra`),
      encode(`2026-02-30|${createdAt}|${id}`),
      encode(`${date}|2026-13-01T00:00:00.000000Z|${id}`),
      encode(`${date}|2026-03-01T25:00:00.000000Z|${id}`),
      encode(`${date}|2026-03-01T00:00:00.000Z|${id}`),
      encode(`${date}|${createdAt}|not-a-uuid`),
      encode(`${date}|${createdAt}|${id.toUpperCase()}x`),
      encode(`${date}'; drop table expenses; --|${createdAt}|${id}`),
    ]) {
      const res = await get(family, pageUrl({ cursor }));
      expect(res.statusCode, `${cursor}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({
        code: "validation_error",
        errors: [{ path: "cursor" }],
      });
    }
  });

  it("continues after the key it carries", async () => {
    const all = await allOf(family);
    const first = await page(family, { limit: 2 });
    const second = await page(family, { limit: 2, cursor: first.nextCursor as string });
    expect(ids(second.items)).toEqual(ids(all.slice(2, 4)));
  });
});

describe("who may call it", () => {
  it("401 signed out, 404 not_in_family without a family", async () => {
    expect((await get(null, "/api/expenses/page")).statusCode).toBe(401);
    const lonely = await signUp(t.app);
    const res = await get(lonely, "/api/expenses/page");
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe("not_in_family");
  });
});

describe("GET /api/expenses, JSON written by the database", () => {
  it("answers exactly the bytes of JSON.stringify over the contract's objects", async () => {
    const family = await signUpWithFamily(t.app);
    const category = await createCategory(t.app, family);
    const text = fc.oneof(
      fc.string({ unit: "binary", minLength: 1, maxLength: 30 }),
      fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 }),
      fc.constantFrom(
        'quote " and \\ back',
        "tab\tnew\nline\r\u0001\u001f\u007f",
        "\u2028\u2029",
        "😀 é ñ",
        "</script>",
      ),
    );
    const micros = fc.integer({ min: 0, max: 999_999 }).map((n) => String(n).padStart(6, "0"));
    const rows = fc.array(
      fc.record({
        description: text.filter((d) => !d.includes("\u0000")),
        cents: fc.integer({ min: 1, max: 9_999_999_999 }),
        day: fc.integer({ min: 1, max: 28 }),
        month: fc.integer({ min: 2, max: 4 }),
        micros,
        updatedMicros: micros,
        categorised: fc.boolean(),
        paid: fc.boolean(),
        isExample: fc.boolean(),
        // For whom (docs/product.md#for-whom): the family's, the owner's alone, or percentages.
        split: fc.constantFrom("family", "one", "percent"),
        // Private: the reader's own (when they added it) or hidden from them (no author here).
        private: fc.boolean(),
      }),
      { minLength: 1, maxLength: 15 },
    );
    await fc.assert(
      fc.asyncProperty(rows, async (generated) => {
        await t.database.db.delete(expenses).where(eq(expenses.familyId, family.familyId));
        for (const g of generated) {
          const date = `2026-0${g.month}-${String(g.day).padStart(2, "0")}`;
          await t.database.pool.query(
            `insert into expenses (family_id, description, amount, category_id, added_by_user_id, date, is_example, created_at, updated_at, paid_by_user_id, split, private)
             values ($1, $2, $3, $4, $5, $6, $7, $8::timestamptz, $9::timestamptz, $10, $11::jsonb, $12)`,
            [
              family.familyId,
              g.description,
              fromCents(g.cents),
              g.categorised ? category.id : null,
              g.categorised ? family.user.id : null,
              date,
              g.isExample,
              `${date}T23:59:59.${g.micros}Z`,
              `2026-05-01T00:00:00.${g.updatedMicros}+03:00`,
              g.paid ? family.user.id : null,
              JSON.stringify(
                g.split === "one"
                  ? { mode: "one", userId: family.user.id }
                  : g.split === "percent"
                    ? { mode: "percent", shares: [{ userId: family.user.id, percent: "100" }] }
                    : { mode: "family" },
              ),
              g.private,
            ],
          );
        }
        // March 2026 is the calendar month under the family's default rule.
        for (const [url, month] of [
          ["/api/expenses", undefined],
          ["/api/expenses?month=3&year=2026", ["2026-03-01", "2026-03-31"]],
        ] as const) {
          // What the list answered before: drizzle rows mapped to the contract's objects.
          const objects = (
            await t.database.db
              .select(getTableColumns(expenses))
              .from(seenExpenses({ familyId: family.familyId, userId: family.user.id }))
              .where(month ? between(expenses.date, ...month) : undefined)
              .orderBy(desc(expenses.date), desc(expenses.createdAt), desc(expenses.id))
          ).map((row) => toExpenseListItem(row));
          const res = await get(family, url);
          expect(res.statusCode).toBe(200);
          expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
          expect(res.body).toBe(JSON.stringify(objects));
          expect(res.body).toBe(JSON.stringify(expenseListItemSchema.array().parse(res.json())));
        }
      }),
      { numRuns: 15 },
    );
  }, 120_000);

  it("answers [] for a family without expenses", async () => {
    const family = await signUpWithFamily(t.app);
    expect((await get(family, "/api/expenses")).body).toBe("[]");
    expect((await get(family, "/api/expenses?month=1&year=2020")).body).toBe("[]");
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category } from "../../contract/categories";
import { login, type SignedIn } from "../testing/api-helpers";
import { createTestApp, type TestApp, testClock } from "../testing/test-app";

/**
 * What the main calls cost, without timing anything: the SQL statements a request sends (each a
 * round trip to the database) and the size of its answer, on fixed data. Every signed-in request
 * pays one statement for its caller (session, user and family membership together, see
 * http/sessions.ts); a change that adds a query per request or per row, or that bloats a body,
 * fails here on both databases. The month's summary and list and the first page are kept per
 * family data version (http/family-json-cache.ts): asked again unchanged, they cost the caller's
 * statement only.
 */

const clock = testClock(new Date("2026-03-20T12:00:00Z"));
let t: TestApp;
let owner: SignedIn;
let categoryId: string;

const call = (method: "GET" | "POST", url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { cookie: owner.cookie },
    ...(payload ? { payload } : {}),
  });

/** The statements one request sends, and its answer. */
async function measure(method: "GET" | "POST", url: string, payload?: object) {
  t.statements.reset();
  const res = await call(method, url, payload);
  const statements = [...t.statements.texts];
  expect(res.statusCode, res.body).toBeLessThan(300);
  return { statements, bytes: Buffer.byteLength(res.body), res };
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  // Fixed data: every id and instant has a fixed length, so the sizes below are exact.
  const email = "cost@example.org";
  const password = "correct horse";
  const register = await t.app.inject({
    method: "POST",
    url: "/api/auth/register",
    payload: { email, password, name: "Ana Souza", preferredLanguage: "en" },
  });
  expect(register.statusCode).toBe(201);
  owner = await login(t.app, email, password);
  const family = await call("POST", "/api/family", { name: "Família Teste" });
  expect(family.statusCode).toBe(201);
  for (const category of (await call("GET", "/api/categories")).json() as Category[]) {
    await t.app.inject({
      method: "DELETE",
      url: `/api/categories/${category.id}`,
      headers: { cookie: owner.cookie },
    });
  }
  await t.app.inject({
    method: "DELETE",
    url: "/api/expenses/examples/clear",
    headers: { cookie: owner.cookie },
  });
  const categoryIds: string[] = [];
  for (const name of ["Mercado", "Casa"]) {
    const res = await call("POST", "/api/categories", {
      name,
      icon: "tag",
      color: "#3b82f6",
      weeklyBudget: "100.00",
      monthlyBudget: "400.00",
    });
    categoryIds.push(res.json().id);
  }
  categoryId = categoryIds[0] as string;
  // 80 expenses: 60 in March 2026 (days 1-30, two a day), 20 in February; one in five
  // uncategorised. Descriptions "Compra 00".."Compra 79", amounts "1.01".."80.80".
  await t.database.pool.query(
    `insert into expenses (family_id, description, amount, category_id, added_by_user_id, date)
     select $1, 'Compra ' || lpad(i::text, 2, '0'), (i + 1) * 1.01,
       case when i % 5 = 0 then null when i % 2 = 0 then $2::uuid else $3::uuid end, $4,
       case when i < 60 then date '2026-03-01' + (i / 2) else date '2026-02-01' + (i - 60) end
     from generate_series(0, 79) as i`,
    [family.json().id, categoryIds[0], categoryIds[1], owner.user.id],
  );
});
afterAll(() => t.close());

describe("statements and bytes per request", () => {
  it("GET /api/auth/user: one statement for session, user and membership", async () => {
    const { statements, bytes } = await measure("GET", "/api/auth/user");
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/from "sessions".*join "users".*left join "family_members"/s);
    expect(bytes).toBe(USER_BYTES);
  });

  it("touches the session at most once an hour, as a second statement then only", async () => {
    clock.advance(2 * 60 * 60 * 1000);
    expect((await measure("GET", "/api/auth/user")).statements).toHaveLength(2);
    expect((await measure("GET", "/api/auth/user")).statements).toHaveLength(1);
  });

  it("GET /api/summary: the caller plus three (categories, the sums, the latest three)", async () => {
    const { statements, bytes, res } = await measure("GET", "/api/summary?month=3&year=2026");
    expect(statements).toHaveLength(4);
    expect(res.json().totalSpent).toBe("1848.30");
    expect(bytes).toBe(SUMMARY_BYTES);
    const again = await measure("GET", "/api/summary?month=3&year=2026");
    expect(again.statements).toHaveLength(1);
    expect(again.res.body).toBe(res.body);
  });

  it("GET /api/summary/trend: the caller plus one statement for the twelve months", async () => {
    const { statements, bytes, res } = await measure("GET", "/api/summary/trend?month=3&year=2026");
    expect(statements).toHaveLength(2);
    expect(statements[1]).toMatch(/width_bucket/);
    expect(res.json().months[11]).toEqual({
      year: 2026,
      month: 3,
      first: "2026-03-01",
      last: "2026-03-31",
      spent: "1848.30",
      budget: "800.00",
      income: "0.00",
    });
    expect(bytes).toBe(TREND_BYTES);
    const again = await measure("GET", "/api/summary/trend?month=3&year=2026");
    expect(again.statements).toHaveLength(1);
    expect(again.res.body).toBe(res.body);
  });

  it("GET /api/expenses/page: the caller plus the page and its totals; a later page, no totals", async () => {
    const first = await measure("GET", "/api/expenses/page");
    expect(first.statements).toHaveLength(3);
    expect(first.res.json().items).toHaveLength(50);
    expect(first.res.json().totals).toEqual({ count: 80, amount: "3272.40" });
    expect(first.bytes).toBe(PAGE_BYTES);
    const again = await measure("GET", "/api/expenses/page");
    expect(again.statements).toHaveLength(1);
    expect(again.res.body).toBe(first.res.body);
    const cursor = first.res.json().nextCursor;
    const second = await measure("GET", `/api/expenses/page?cursor=${cursor}`);
    expect(second.statements).toHaveLength(2);
    expect(second.res.json().items).toHaveLength(30);
    // Pages down the list are read fresh each time.
    expect((await measure("GET", `/api/expenses/page?cursor=${cursor}`)).statements).toHaveLength(
      2,
    );
  });

  it("GET /api/expenses/export.csv: the caller, then its pages, no transaction", async () => {
    const { statements, res } = await measure("GET", "/api/expenses/export.csv?language=en");
    // The caller; the one page the 80 expenses fit in, the names of the people it meets (once
    // per export, not per row). Each its own statement: nothing held between pages
    // (features/expenses/export.ts). Never kept: a second export reads again.
    expect(statements).toHaveLength(3);
    expect(statements[1]).toMatch(/^select .* from \(select \* from expenses_seen_by\(/i);
    expect(res.body.trim().split("\r\n")).toHaveLength(81);
    expect((await measure("GET", "/api/expenses/export.csv?language=en")).statements).toHaveLength(
      3,
    );
  });

  it("GET /api/summary viewed as a member: the same statements as the family's (docs/product.md#viewing-as-a-member)", async () => {
    const family = await measure("GET", "/api/summary?month=2&year=2026");
    const viewed = await measure("GET", `/api/summary?month=2&year=2026&view=${owner.user.id}`);
    expect(viewed.res.statusCode, viewed.res.body).toBe(200);
    expect(viewed.statements).toHaveLength(family.statements.length);
    // One member, for whom everything is: her view is the family's month.
    expect(viewed.res.json().totalSpent).toBe(family.res.json().totalSpent);
  });

  it("GET /api/balances: the caller plus one, all time or a budget month (docs/product.md#who-owes-whom)", async () => {
    const all = await measure("GET", "/api/balances");
    expect(all.res.statusCode, all.res.body).toBe(200);
    expect(all.statements).toHaveLength(2);
    const month = await measure("GET", "/api/balances?month=3&year=2026");
    expect(month.statements).toHaveLength(2);
    // Kept until the family's data moves (http/family-json-cache.ts): the caller alone.
    const again = await measure("GET", "/api/balances");
    expect(again.statements).toHaveLength(1);
    expect(again.res.body).toBe(all.res.body);
    // One member: she paid what she added, her share is all of it, and nobody owes anybody.
    expect(month.res.json().members).toHaveLength(1);
    expect(month.res.json().debts).toEqual([]);
  });

  it("GET /api/expenses?month=&year=: the caller plus one, whatever the number of rows", async () => {
    const { statements, res } = await measure("GET", "/api/expenses?month=3&year=2026");
    expect(statements).toHaveLength(2);
    expect(res.json()).toHaveLength(60);
    const again = await measure("GET", "/api/expenses?month=3&year=2026");
    expect(again.statements).toHaveLength(1);
    expect(again.res.body).toBe(res.body);
  });

  it("GET /api/incomes?month=&year=: the caller plus one, its list and its total together", async () => {
    // In 2030, so the other calls measured here (March 2026) see none of it.
    await t.database.pool.query(
      `insert into incomes (family_id, description, amount, kind, received_by_user_id,
         added_by_user_id, date)
       select f.family_id, 'Renda ' || i, (i + 1) * 1.01, 'other', $1, $1, date '2030-03-01' + i
       from generate_series(0, 29) as i, family_members f where f.user_id = $1`,
      [owner.user.id],
    );
    const { statements, res } = await measure("GET", "/api/incomes?month=3&year=2030");
    expect(statements).toHaveLength(2);
    expect(res.json().items).toHaveLength(30);
    // 1.01 * (1 + 2 + ... + 30) = 1.01 * 465
    expect(res.json().total).toBe("469.65");
  });

  it("POST /api/expenses: the caller, the category check, the insert and its announcement", async () => {
    const payload = {
      description: "Pão",
      amount: "12.34",
      categoryId,
      date: "2026-03-10",
    };
    const { statements, bytes } = await measure("POST", "/api/expenses", payload);
    // The last tells the family's open screens (features/live-updates/family-events.ts).
    expect(statements).toHaveLength(4);
    expect(statements.at(-1)).toContain("pg_notify");
    expect(bytes).toBe(EXPENSE_BYTES);
    // The new expense moved the family's data version: the month is read again, with it.
    const summary = await measure("GET", "/api/summary?month=3&year=2026");
    expect(summary.statements).toHaveLength(4);
    expect(summary.res.json().totalSpent).toBe("1860.64");
  });

  it("POST /api/expenses naming a card: the method is read with the category; its bill, one statement more", async () => {
    const method = await call("POST", "/api/payment-methods", {
      kind: "credit_card",
      name: "Nubank",
      closingDay: 3,
      dueDay: 10,
    });
    expect(method.statusCode, method.body).toBe(201);
    const payload = {
      description: "Pão",
      amount: "1.00",
      categoryId,
      date: "2026-02-10",
      paymentMethodId: method.json().id,
    };
    // A card purchase: its bill is found or made first (docs/product.md#card-bills), one more.
    const { statements, res } = await measure("POST", "/api/expenses", payload);
    expect(res.statusCode, res.body).toBe(201);
    expect(statements).toHaveLength(5);
    expect(statements[2]).toMatch(/^insert into "card_bills"/);
    const list = await measure("GET", "/api/payment-methods");
    expect(list.statements).toHaveLength(2);
    expect(list.res.json()).toHaveLength(1);
    // The card's bills, with their sums, in one statement after the card's check, whatever their
    // number; a bill with its lines and payments, three read at once.
    const bills = await measure("GET", `/api/payment-methods/${method.json().id}/bills`);
    expect(bills.statements).toHaveLength(3);
    const bill = await measure("GET", `/api/card-bills/${res.json().billId}`);
    expect(bill.statements).toHaveLength(4);
    expect(bill.res.json().lines).toHaveLength(1);
    // The month's summary is as costly as before: bills and payments are not spending.
    expect((await measure("GET", "/api/summary?month=2&year=2026")).statements).toHaveLength(4);
  });

  it("GET /api/payment-methods and GET /api/accounts/balances: the caller plus one, whatever the number of accounts; kept, the caller alone", async () => {
    // Three accounts, one with income in 2031 (no other call measured here reads that year).
    const ids: string[] = [];
    for (const name of ["Itaú", "Poupança", "CDB"]) {
      const res = await call("POST", "/api/payment-methods", {
        kind: name === "CDB" ? "investment" : "checking",
        name,
        openingBalance: "100.00",
        openingDate: "2026-01-01",
      });
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().id);
    }
    const income = await call("POST", "/api/incomes", {
      description: "Salário",
      amount: "5000.00",
      kind: "salary",
      date: "2031-01-05",
      paymentMethodId: ids[0],
    });
    expect(income.statusCode, income.body).toBe(201);
    const list = await measure("GET", "/api/payment-methods");
    expect(list.statements).toHaveLength(2);
    // The three and the card bought on above.
    expect(list.res.json()).toHaveLength(4);
    const balances = await measure("GET", "/api/accounts/balances?month=2&year=2026");
    expect(balances.statements).toHaveLength(2);
    expect(balances.res.json().total).toBe("300.00");
    // Kept per family data version, reader and day (http/family-json-cache.ts): asked again
    // unchanged, the caller's statement alone and the same bytes.
    const listAgain = await measure("GET", "/api/payment-methods");
    expect(listAgain.statements).toHaveLength(1);
    expect(listAgain.res.body).toBe(list.res.body);
    const balancesAgain = await measure("GET", "/api/accounts/balances?month=2&year=2026");
    expect(balancesAgain.statements).toHaveLength(1);
    expect(balancesAgain.res.body).toBe(balances.res.body);
    // Another month is another body: computed once, then kept.
    expect(
      (await measure("GET", "/api/accounts/balances?month=1&year=2026")).statements,
    ).toHaveLength(2);
    expect(
      (await measure("GET", "/api/accounts/balances?month=1&year=2026")).statements,
    ).toHaveLength(1);
    // A transfer moves the family's data version (migration 0036): both are computed again, with it.
    const transfer = await call("POST", "/api/transfers", {
      fromMethodId: ids[0],
      toMethodId: ids[1],
      amount: "25.00",
      date: "2026-02-10",
    });
    expect(transfer.statusCode, transfer.body).toBe(201);
    const afterTransfer = await measure("GET", "/api/accounts/balances?month=2&year=2026");
    expect(afterTransfer.statements).toHaveLength(2);
    expect(afterTransfer.res.json().accounts.map((a: { balance: string }) => a.balance)).toEqual(
      expect.arrayContaining(["75.00", "125.00"]),
    );
    expect((await measure("GET", "/api/payment-methods")).statements).toHaveLength(2);
    // The next day is another key: today's balances are computed again without any write.
    clock.advance(24 * 60 * 60 * 1000);
    // (The session's hourly touch is a statement of its own: paid here, not below.)
    await measure("GET", "/api/auth/user");
    expect((await measure("GET", "/api/payment-methods")).statements).toHaveLength(2);
    expect((await measure("GET", "/api/payment-methods")).statements).toHaveLength(1);
  });
});

describe("statements per purchase in installments", () => {
  it("POST /api/installments: as many statements for 48 installments on a card as for 2", async () => {
    const card = await call("POST", "/api/payment-methods", {
      kind: "credit_card",
      name: "Inter",
      closingDay: 25,
      dueDay: 5,
    });
    const buy = async (count: number) => {
      const { statements, res } = await measure("POST", "/api/installments", {
        description: "Geladeira",
        total: "4800.00",
        count,
        firstDate: "2030-01-10",
        categoryId,
        paymentMethodId: card.json().id,
      });
      expect(res.statusCode, res.body).toBe(201);
      return statements;
    };
    const two = await buy(2);
    expect(await buy(48)).toHaveLength(two.length);
    // The series, its bills in one statement, its installments in one, one history entry.
    expect(two.filter((text) => /^insert into "expenses"/.test(text))).toHaveLength(1);
    expect(two.filter((text) => /^insert into "card_bills"/.test(text))).toHaveLength(1);
    expect(two.filter((text) => /^insert into "family_history"/.test(text))).toHaveLength(1);
  });
});

describe("statements per CSV import", () => {
  const csv = (lines: number) =>
    Buffer.from(
      `Data;Descrição;Valor\n${Array.from({ length: lines }, (_, i) => `${String((i % 28) + 1).padStart(2, "0")}/03/2026;Compra ${String(i % 80).padStart(2, "0")};-${(i % 80) + 1},01`).join("\n")}`,
    ).toString("base64");

  it("POST /api/imports/preview: the caller plus the duplicates, the last categories and the rules, whatever the lines", async () => {
    const small = await measure("POST", "/api/imports/preview", { contentBase64: csv(10) });
    const large = await measure("POST", "/api/imports/preview", { contentBase64: csv(2000) });
    // Each line's first matching rule is one statement too (docs/product.md#category-rules).
    expect(small.statements).toHaveLength(4);
    expect(large.statements).toHaveLength(4);
    expect(large.res.json().lines).toHaveLength(2000);
    expect(large.res.json().lines.some((l: { duplicate: boolean }) => l.duplicate)).toBe(true);
  });

  it("POST /api/imports/preview of a statement with credits: one statement more, whatever the lines", async () => {
    const withCredits = (lines: number) =>
      Buffer.from(
        `Data;Descrição;Valor\n${Array.from({ length: lines }, (_, i) => `${String((i % 28) + 1).padStart(2, "0")}/03/2026;${i % 2 ? "Compra" : "Estorno Compra"} ${String(i % 80).padStart(2, "0")};${i % 2 ? "-" : ""}${(i % 80) + 1},01`).join("\n")}`,
      ).toString("base64");
    const small = await measure("POST", "/api/imports/preview", {
      contentBase64: withCredits(10),
    });
    const large = await measure("POST", "/api/imports/preview", {
      contentBase64: withCredits(2000),
    });
    // The caller, the duplicates, the last categories, the rules and the purchases credits may
    // refund.
    expect(small.statements).toHaveLength(5);
    expect(large.statements).toHaveLength(5);
  });

  it("POST /api/imports with credits as income: the same statements for 1 credit or 2,000", async () => {
    const commit = async (n: number) => {
      t.statements.reset();
      const res = await t.app.inject({
        method: "POST",
        url: "/api/imports",
        headers: { cookie: owner.cookie, "idempotency-key": `cost-income-${n}` },
        payload: {
          lines: [],
          credits: Array.from({ length: n }, (_, i) => ({
            recordAs: "income",
            date: "2026-04-05",
            description: `Receita ${i}`,
            amount: "1.00",
          })),
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return [...t.statements.texts];
    };
    const one = await commit(1);
    expect(await commit(2000)).toHaveLength(one.length);
  });

  it("POST /api/imports: the same statements for 1 line or 2,000", async () => {
    const lines = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        date: "2026-04-01",
        description: `Importada ${i}`,
        amount: "1.00",
        categoryId,
      }));
    const commit = async (n: number) => {
      t.statements.reset();
      const res = await t.app.inject({
        method: "POST",
        url: "/api/imports",
        headers: { cookie: owner.cookie, "idempotency-key": `cost-${n}` },
        payload: { lines: lines(n) },
      });
      expect(res.statusCode, res.body).toBe(201);
      return [...t.statements.texts];
    };
    const one = await commit(1);
    expect(await commit(2000)).toHaveLength(one.length);
    // The caller, the transaction, the family's quota lock (src/server/quotas.ts), the import's
    // row, the checks and counts, the expenses, and the announcement to the family's screens.
    expect(one.length).toBeLessThanOrEqual(8);
  });

  it("POST /api/imports of a card statement with installments: the same statements for 2 lines or 2,000", async () => {
    const card = await call("POST", "/api/payment-methods", {
      kind: "credit_card",
      name: "C6",
      closingDay: 8,
      dueDay: 15,
    });
    const lines = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        date: `2027-${String((i % 12) + 1).padStart(2, "0")}-10`,
        description: `Parcelada ${i % 50}`,
        amount: "1.00",
        categoryId,
        installment: { number: (i % 12) + 1, count: 12 },
      }));
    const commit = async (n: number) => {
      t.statements.reset();
      const res = await t.app.inject({
        method: "POST",
        url: "/api/imports",
        headers: { cookie: owner.cookie, "idempotency-key": `cost-card-${n}` },
        payload: { paymentMethodId: card.json().id, lines: lines(n) },
      });
      expect(res.statusCode, res.body).toBe(201);
      return [...t.statements.texts];
    };
    const two = await commit(2);
    expect(await commit(2000)).toHaveLength(two.length);
    // Four more than a plain import: the card's check, its bills, the purchases the marked lines
    // join, and the ones made for them.
    expect(two.length).toBeLessThanOrEqual(12);
  });
});

// Sizes of the answers on the data above (ids and ISO instants have fixed lengths).
// The user carries budgetAlertEmails since budget alerts (docs/product.md#budget-alerts; 25 bytes:
// `,"budgetAlertEmails":true`) and twoFactorEnabled since two-factor sign-in
// (docs/product.md#two-factor-sign-in; 25 bytes: `,"twoFactorEnabled":false`).
const USER_BYTES = 325;
// 2 categories, the sums (one payer: the rows above have none, null), the 3 latest expenses, and
// the budget month's days (docs/product.md#budget-periods; 52 bytes:
// `"period":{"first":"2026-03-01","last":"2026-03-31"},`). Each expense carries its payment
// method since payment methods (docs/product.md#payment-methods; 23 bytes when not said:
// `"paymentMethodId":null,`), and its card bill since card bills (#card-bills; 14 bytes:
// `"billId":null,`), and its installment since installments (#installments; 59 bytes:
// `"seriesId":null,"installment":null,"installmentCount":null,`), and for whom since shares
// (#for-whom; 26 bytes for the family's split: `"split":{"mode":"family"},`), and whether it is
// private (#private-expenses; 16 bytes: `"private":false,`), the month's income
// (#the-months-net; 36 bytes without any: `"income":"0.00","incomeByMember":[],`), and the purchase
// each expense returns since refunds (#refunds; 18 bytes when none: `"refundOfId":null,`), and
// what others spent in private (#private-expenses; 22 bytes: `"privateSpent":"0.00",`). An
// expense no longer carries its calendar month and year (#calendar-dates; 22 bytes each:
// `"month":3,"year":2026,`).
const SUMMARY_BYTES = 2604;
// Twelve months, 2 categories and the uncategorised series, every amount with two places, each
// month with its days (41 bytes each: `"first":"2026-03-01","last":"2026-03-31",`) and its income
// (#the-months-net; 16 bytes each: `,"income":"0.00"`).
const TREND_BYTES = 1963;
// 50 expenses, the cursor and the totals: ~400 bytes an expense (a null payer here); each with
// `"refundOfId":null,` since refunds (18 bytes), and without `"month":3,"year":2026,` (22 bytes),
// and as a list carries it (contract/expenses.ts, expenseListItemSchema), without its familyId
// and its createdAt and updatedAt (128 bytes: 26,728 -> 20,328).
const PAGE_BYTES = 20_328;
// Paid by the caller: a payer id; not a refund (18 bytes: `"refundOfId":null,`).
const EXPENSE_BYTES = 566;

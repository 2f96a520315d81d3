import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SignedIn } from "./testing/api-helpers";
import {
  createCategory,
  createExpense,
  type FamilyMemberSession,
  joinFamilyOf,
  signUpWithFamily,
} from "./testing/family-helpers";
import { createTestApp, type TestApp, testClock } from "./testing/test-app";
import { createTestDatabase } from "./testing/test-database";

/**
 * The quotas' counters (family_counts, migration 0029; docs/product.md#quotas) are each family's
 * count(*) of expenses, incomes and settlements after every kind of write and delete: each step
 * below goes through the app's own path, and after each one every family's counters are checked
 * against its rows. A path whose rows the triggers missed would leave the two apart.
 */

const clock = testClock(new Date("2026-03-15T12:00:00Z"));
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let t: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp({ database, clock });
});
afterAll(async () => {
  await t.close();
  await database.close();
});

const call = async (who: SignedIn, method: string, url: string, payload?: object) => {
  const res = await t.app.inject({
    method: method as "POST",
    url,
    headers: { cookie: who.cookie, "idempotency-key": crypto.randomUUID() },
    ...(payload ? { payload } : {}),
  });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
};

type Counts = { family_id: string; expenses: number; incomes: number; settlements: number };

/** Every family's counters, families without a counter row as zeros. */
const counters = async () =>
  (
    await database.pool.query<Counts>(
      `select f.id as family_id, coalesce(c.expenses, 0) as expenses,
         coalesce(c.incomes, 0) as incomes, coalesce(c.settlements, 0) as settlements
       from families f left join family_counts c on c.family_id = f.id order by f.id`,
    )
  ).rows;

/** Every family's rows, counted. */
const rows = async () =>
  (
    await database.pool.query<Counts>(
      `select f.id as family_id,
         (select count(*)::int from expenses e where e.family_id = f.id) as expenses,
         (select count(*)::int from incomes i where i.family_id = f.id) as incomes,
         (select count(*)::int from settlements s where s.family_id = f.id) as settlements
       from families f order by f.id`,
    )
  ).rows;

const orphanCounters = async () =>
  (
    await database.pool.query<{ n: number }>(
      "select count(*)::int as n from family_counts c where not exists (select 1 from families f where f.id = c.family_id)",
    )
  ).rows[0]?.n;

describe("the family counters", () => {
  it("equal each family's rows after every kind of write and delete", async () => {
    // Set by the first steps, read by the later ones.
    let ana = {} as FamilyMemberSession;
    let leo = {} as FamilyMemberSession;
    let categoryId = "";
    let purchaseId = "";
    let deletedId = "";
    let seriesId = "";
    let settlementId = "";
    let incomeId = "";
    const other = { family: undefined as FamilyMemberSession | undefined };

    const steps: [string, () => Promise<void>][] = [
      [
        "a new family with its examples",
        async () => {
          ana = await signUpWithFamily(t.app, { clearStarterData: false });
        },
      ],
      [
        "the examples cleared",
        () => call(ana, "DELETE", "/api/expenses/examples/clear").then(() => {}),
      ],
      [
        "a member joins, a typed expense each",
        async () => {
          leo = await joinFamilyOf(t.app, ana);
          categoryId = (await createCategory(t.app, ana)).id;
          purchaseId = (await createExpense(t.app, ana, { categoryId, amount: "90.00" })).id;
          await createExpense(t.app, leo, { categoryId });
          deletedId = (await createExpense(t.app, leo, { categoryId })).id;
        },
      ],
      [
        "an expense deleted",
        () => call(ana, "DELETE", `/api/expenses/${deletedId}`).then(() => {}),
      ],
      [
        "restored from the history",
        async () => {
          const history = await call(ana, "GET", "/api/family/history?kind=expense");
          const entry = history.items.find(
            (item: { action: string; subjectId: string }) =>
              item.action === "deleted" && item.subjectId === deletedId,
          );
          await call(ana, "POST", `/api/family/history/${entry.id}/restore`);
        },
      ],
      [
        "an import with an income credit",
        () =>
          call(ana, "POST", "/api/imports", {
            lines: Array.from({ length: 7 }, (_, i) => ({
              date: "2026-03-01",
              description: `Linha ${i}`,
              amount: "1.00",
              categoryId,
            })),
            credits: [
              { recordAs: "income", date: "2026-03-05", description: "PIX", amount: "10.00" },
            ],
          }).then(() => {}),
      ],
      [
        "a purchase in installments",
        async () => {
          seriesId = (
            await call(ana, "POST", "/api/installments", {
              description: "Geladeira",
              total: "1200.00",
              count: 6,
              firstDate: "2026-03-10",
              categoryId,
            })
          ).id;
        },
      ],
      [
        "its last installments deleted",
        () => call(ana, "DELETE", `/api/installments/${seriesId}?from=4`).then(() => {}),
      ],
      [
        "a refund",
        () =>
          call(ana, "POST", `/api/expenses/${purchaseId}/refunds`, {
            amount: "10.00",
            date: "2026-03-12",
          }).then(() => {}),
      ],
      [
        "a recurring rule's back-fill",
        () =>
          call(ana, "POST", "/api/recurring", {
            description: "Aluguel",
            amount: "1500.00",
            categoryId,
            frequency: "monthly",
            dayOfMonth: 10,
            startDate: "2025-12-10",
          }).then(() => {}),
      ],
      [
        "the recurring job",
        async () => {
          const family = await signUpWithFamily(t.app);
          other.family = family;
          const category = await createCategory(t.app, family);
          await database.pool.query(
            `insert into recurring_rules (family_id, description, amount, category_id,
               created_by_user_id, frequency, day_of_month, start_date, generated_through)
             values ($1, 'Luz', 100, $2, $3, 'monthly', 10, '2025-12-10', '2025-12-01')`,
            [family.familyId, category.id, family.user.id],
          );
          t.app.backgroundJobs.start();
          try {
            await expect
              .poll(
                async () =>
                  (
                    await database.pool.query<{ n: number }>(
                      "select count(*)::int as n from expenses where family_id = $1",
                      [family.familyId],
                    )
                  ).rows[0]?.n,
                { timeout: 10_000 },
              )
              .toBe(4);
          } finally {
            await t.app.backgroundJobs.stop();
          }
        },
      ],
      [
        "incomes typed and one deleted",
        async () => {
          incomeId = (
            await call(leo, "POST", "/api/incomes", {
              description: "Salário",
              amount: "5000.00",
              kind: "salary",
              date: "2026-03-05",
            })
          ).id;
          await call(ana, "POST", "/api/incomes", {
            description: "Freela",
            amount: "300.00",
            kind: "salary",
            date: "2026-03-06",
          });
          await call(leo, "DELETE", `/api/incomes/${incomeId}`);
        },
      ],
      [
        "settlements recorded and one undone",
        async () => {
          const settle = () =>
            call(ana, "POST", "/api/settlements", {
              fromUserId: leo.user.id,
              toUserId: ana.user.id,
              amount: "10.00",
              paidOn: "2026-03-10",
              method: "pix",
            });
          settlementId = (await settle()).id;
          await settle();
          await call(ana, "DELETE", `/api/settlements/${settlementId}`);
        },
      ],
      [
        "a member removed with their expenses",
        () =>
          call(ana, "DELETE", `/api/family/members/${leo.user.id}`, {
            keepExpenses: false,
          }).then(() => {}),
      ],
      [
        "a family deleted",
        async () => {
          const family = other.family as FamilyMemberSession;
          await call(family, "DELETE", "/api/family", { name: "Família Teste" });
        },
      ],
    ];

    for (const [step, run] of steps) {
      await run();
      expect(await counters(), step).toEqual(await rows());
    }
    // Every path above wrote rows (a step that wrote none would test nothing), and the deleted
    // family's counter went with it.
    const [anas] = (await rows()).filter((row) => row.family_id === ana.familyId);
    expect(anas?.expenses).toBeGreaterThan(10);
    expect(anas?.incomes).toBeGreaterThan(0);
    expect(anas?.settlements).toBe(1);
    expect(await orphanCounters()).toBe(0);
  });
});

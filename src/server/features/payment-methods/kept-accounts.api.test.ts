import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaymentMethod } from "../../../contract/payment-methods";
import {
  createCategory,
  createExpense,
  createPaymentMethod,
  type FamilyMemberSession,
  signUpWithFamily,
} from "../../testing/family-helpers";
import { createTestApp, type TestApp, testClock } from "../../testing/test-app";

/**
 * The accounts screen (GET /api/payment-methods) and the dashboard's balances (GET
 * /api/accounts/balances) are kept by each app process under the family's data version
 * (http/family-json-cache.ts; docs/internals/data.md#reads-that-stay-fast). What their balances
 * and limits add up moves that version (migration 0036 for accounts, transfers, bills, their
 * payments and reconciliations): two apps on one database stand for two processes, and after a
 * change through one of them, or at a psql prompt, both answer what the database holds.
 */

const clock = testClock(new Date("2026-03-15T12:00:00Z"));
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  a = await createTestApp({ clock });
  b = await createTestApp({ clock, database: a.database });
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const READS = ["/api/payment-methods", "/api/accounts/balances?month=3&year=2026"] as const;

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
  const c = await createTestApp({ clock, database: a.database });
  try {
    return await bodies(c, who);
  } finally {
    await c.close();
  }
}

const send = async (who: FamilyMemberSession, method: string, url: string, payload?: object) => {
  const res = await a.app.inject({
    method: method as "POST",
    url,
    headers: { cookie: who.cookie },
    ...(payload ? { payload } : {}),
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
};

describe("the accounts' kept answers follow every change to what they add up, on every process", () => {
  let family: FamilyMemberSession;
  let checking: PaymentMethod;
  let savings: PaymentMethod;
  let card: PaymentMethod;
  let food: string;

  beforeAll(async () => {
    family = await signUpWithFamily(a.app);
    food = (await createCategory(a.app, family, { name: "Food" })).id;
    checking = await createPaymentMethod(a.app, family, {
      kind: "checking",
      name: "Itaú",
      openingBalance: "1000.00",
      openingDate: "2026-01-01",
    });
    savings = await createPaymentMethod(a.app, family, {
      kind: "savings",
      name: "Poupança",
      openingBalance: "0.00",
      openingDate: "2026-01-01",
    });
    card = await createPaymentMethod(a.app, family, { name: "Nubank" });
  });

  /**
   * Both processes have kept the family's answers; `change` runs; both answer what is stored,
   * which is not what they kept. The balances card, parsed: each account's balance by name.
   */
  async function afterChange(change: () => Promise<unknown>) {
    const before = await bodies(b, family);
    expect(await bodies(a, family)).toEqual(before);
    await change();
    const now = await fresh(family);
    expect(now).not.toEqual(before);
    expect(await bodies(b, family)).toEqual(now);
    expect(await bodies(a, family)).toEqual(now);
    const methods = JSON.parse(now[0] as string) as PaymentMethod[];
    const card = JSON.parse(now[1] as string) as {
      total: string;
      accounts: { name: string; balance: string }[];
    };
    return {
      methods: new Map(methods.map((m) => [m.name, m])),
      balances: new Map(card.accounts.map((account) => [account.name, account.balance])),
      total: card.total,
    };
  }

  it("a transfer between two accounts, then its deletion", async () => {
    let transferId = "";
    const made = await afterChange(async () => {
      transferId = (
        await send(family, "POST", "/api/transfers", {
          fromMethodId: checking.id,
          toMethodId: savings.id,
          amount: "100.00",
          date: "2026-03-02",
        })
      ).id;
    });
    expect(made.balances.get("Itaú")).toBe("900.00");
    expect(made.balances.get("Poupança")).toBe("100.00");
    expect(made.methods.get("Poupança")?.balance).toBe("100.00");
    const undone = await afterChange(() => send(family, "DELETE", `/api/transfers/${transferId}`));
    expect(undone.balances.get("Poupança")).toBe("0.00");
  });

  it("a card purchase, then its bill paid from an account", async () => {
    const purchase = await afterChange(() =>
      createExpense(a.app, family, {
        categoryId: food,
        amount: "80.00",
        date: "2026-03-05",
        paymentMethodId: card.id,
      }),
    );
    expect(purchase.methods.get("Nubank")?.limitUsed).toBe("80.00");
    const [expense] = (
      await a.database.pool.query<{ bill_id: string }>(
        "select bill_id from expenses where payment_method_id = $1",
        [card.id],
      )
    ).rows;
    const paid = await afterChange(() =>
      send(family, "POST", `/api/card-bills/${expense?.bill_id}/payments`, {
        fromMethodId: checking.id,
        amount: "80.00",
        paidOn: "2026-03-10",
      }),
    );
    expect(paid.methods.get("Nubank")?.limitUsed).toBe("0.00");
    expect(paid.balances.get("Itaú")).toBe("920.00");
  });

  it("a reconciliation that records a difference", async () => {
    const reconciled = await afterChange(() =>
      send(family, "POST", `/api/accounts/${checking.id}/reconciliations`, {
        date: "2026-03-14",
        bankBalance: "915.00",
        reason: "Tarifa",
      }),
    );
    // The adjustment is the bank's figure less the balance cleared so far (nothing cleared: the
    // opening 1,000.00), -85.00 (docs/product.md#reconciliation).
    expect(reconciled.balances.get("Itaú")).toBe("835.00");
  });

  it("an account created, then changed", async () => {
    const created = await afterChange(() =>
      createPaymentMethod(a.app, family, {
        kind: "investment",
        name: "CDB",
        openingBalance: "500.00",
        openingDate: "2026-02-01",
      }),
    );
    expect(created.methods.has("CDB")).toBe(true);
    expect(created.balances.get("CDB")).toBe("500.00");
    const cdb = created.methods.get("CDB");
    const changed = await afterChange(() =>
      send(family, "PATCH", `/api/payment-methods/${cdb?.id}`, {
        name: "CDB Inter",
        openingBalance: "650.00",
        openingDate: "2026-02-01",
      }),
    );
    expect(changed.balances.get("CDB Inter")).toBe("650.00");
    expect(changed.methods.has("CDB")).toBe(false);
  });

  it("a statement outside the app", async () => {
    const { balances } = await afterChange(() =>
      a.database.pool.query(
        `insert into transfers (family_id, from_method_id, to_method_id, amount, date)
         values ($1, $2, $3, '15.00', '2026-03-12')`,
        [family.familyId, savings.id, checking.id],
      ),
    );
    expect(balances.get("Itaú")).toBe("850.00");
  });

  it("an entry cleared against the bank moves the version too", async () => {
    const version = async () =>
      (
        await a.database.pool.query<{ v: number }>(
          "select data_version::int as v from families where id = $1",
          [family.familyId],
        )
      ).rows[0]?.v;
    const [transfer] = (
      await a.database.pool.query<{ id: string }>("select id from transfers where family_id = $1", [
        family.familyId,
      ])
    ).rows;
    const before = await version();
    await send(family, "PUT", `/api/accounts/${checking.id}/cleared`, {
      kind: "transfer",
      entryId: transfer?.id,
      cleared: true,
    });
    expect(await version()).toBeGreaterThan(before ?? 0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SignedIn } from "./testing/api-helpers";
import { type FamilyMemberSession, joinFamilyOf, signUpWithFamily } from "./testing/family-helpers";
import { createTestApp, type TestApp, testClock } from "./testing/test-app";
import { createTestDatabase } from "./testing/test-database";

/**
 * The quotas on a family's incomes, settlements and open invites (docs/product.md#quotas), with
 * small limits set through the app's config: each path stops at the cap with a translated 400,
 * an import's income credits count like typed incomes, and requests sent at the same moment are
 * counted one after the other under the family's quota lock (never all passing together).
 */

const clock = testClock(new Date("2026-03-15T12:00:00Z"));
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let t: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await createTestApp({
    database,
    clock,
    env: {
      QUOTA_INCOMES_PER_FAMILY: "3",
      QUOTA_SETTLEMENTS_PER_FAMILY: "2",
      QUOTA_OPEN_INVITES_PER_FAMILY: "2",
    },
  });
});
afterAll(async () => {
  await t?.close();
  await database?.close();
});

const call = (who: SignedIn, method: string, url: string, payload?: object, key?: string) =>
  t.app.inject({
    method: method as "POST",
    url,
    headers: { cookie: who.cookie, "idempotency-key": key ?? crypto.randomUUID() },
    ...(payload ? { payload } : {}),
  });

const count = async (table: string, familyId: string, where = "true") =>
  (
    await database.pool.query<{ n: number }>(
      `select count(*)::int as n from ${table} where family_id = $1 and ${where}`,
      [familyId],
    )
  ).rows[0]?.n;

const income = (i = 0) => ({
  description: `Salário ${i}`,
  amount: "100.00",
  kind: "salary",
  date: "2026-03-05",
});

const credits = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    recordAs: "income",
    date: "2026-03-05",
    description: `PIX RECEBIDO ${i}`,
    amount: "10.00",
  }));

describe("incomes per family", () => {
  it("refuses a typed income past the cap, translated; a repeated create still answers", async () => {
    const family = await signUpWithFamily(t.app, { language: "pt" });
    const key = crypto.randomUUID();
    expect((await call(family, "POST", "/api/incomes", income(), key)).statusCode).toBe(201);
    for (const i of [1, 2]) {
      expect((await call(family, "POST", "/api/incomes", income(i))).statusCode).toBe(201);
    }
    const refused = await call(family, "POST", "/api/incomes", income(3));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: "quota_exceeded",
      message:
        "A família passaria de 3 receitas, o máximo que uma família pode guardar. Exclua receitas antigas antes de adicionar mais.",
    });
    // The first create, sent again (a retry), is not a new income: it still answers.
    expect((await call(family, "POST", "/api/incomes", income(), key)).statusCode).toBe(201);
    expect(await count("incomes", family.familyId)).toBe(3);
  });

  it("counts an import's income credits: credits alone past the cap write nothing", async () => {
    const family = await signUpWithFamily(t.app);
    const refused = await call(family, "POST", "/api/imports", {
      lines: [],
      credits: credits(4),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: "quota_exceeded",
      message:
        "The family would have more than 3 incomes, the most one family may keep. Delete old incomes before adding more.",
    });
    expect(await count("incomes", family.familyId)).toBe(0);
    expect(await count("imports", family.familyId)).toBe(0);
    expect((await call(family, "POST", "/api/incomes", income())).statusCode).toBe(201);
    const fits = await call(family, "POST", "/api/imports", { lines: [], credits: credits(2) });
    expect(fits.statusCode, fits.body).toBe(201);
    expect(await count("incomes", family.familyId)).toBe(3);
    const full = await call(family, "POST", "/api/imports", { lines: [], credits: credits(1) });
    expect(full.statusCode).toBe(400);
    expect(full.json().code).toBe("quota_exceeded");
  });

  it("counts a recurring income rule's past occurrences: a rule that does not fit is not saved", async () => {
    const family = await signUpWithFamily(t.app);
    await call(family, "POST", "/api/incomes", income());
    // Jan, Feb and Mar 2026 are due at once: three more than the one already there pass 3.
    const rule = await call(family, "POST", "/api/recurring", {
      entry: "income",
      incomeKind: "salary",
      description: "Salário",
      amount: "5000.00",
      frequency: "monthly",
      dayOfMonth: 5,
      startDate: "2026-01-05",
    });
    expect(rule.statusCode, rule.body).toBe(400);
    expect(rule.json().code).toBe("quota_exceeded");
    expect(await count("recurring_rules", family.familyId)).toBe(0);
    expect(await count("incomes", family.familyId)).toBe(1);
  });

  it("counts creates sent at the same moment one after the other", async () => {
    const family = await signUpWithFamily(t.app);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => call(family, "POST", "/api/incomes", income(i))),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([...Array(3).fill(201), ...Array(7).fill(400)]);
    expect(await count("incomes", family.familyId)).toBe(3);
  });
});

async function couple(language = "en") {
  const ana = await signUpWithFamily(t.app, { language });
  const leo = await joinFamilyOf(t.app, ana);
  return { ana, leo };
}

const settle = (who: FamilyMemberSession, from: SignedIn, to: SignedIn) =>
  call(who, "POST", "/api/settlements", {
    fromUserId: from.user.id,
    toUserId: to.user.id,
    amount: "10.00",
    paidOn: "2026-03-10",
    method: "pix",
  });

describe("settlements per family", () => {
  it("refuses a settlement past the cap, translated, until one is deleted", async () => {
    const { ana, leo } = await couple("es");
    const first = await settle(ana, leo, ana);
    expect(first.statusCode, first.body).toBe(201);
    expect((await settle(leo, leo, ana)).statusCode).toBe(201);
    const refused = await settle(ana, leo, ana);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: "quota_exceeded",
      message:
        "La familia ya tiene 2 pagos entre miembros registrados, el máximo que una familia puede guardar. Elimina uno antiguo antes de registrar otro.",
    });
    expect(await count("settlements", ana.familyId)).toBe(2);
    const undone = await call(ana, "DELETE", `/api/settlements/${first.json().id}`);
    expect(undone.statusCode).toBe(200);
    expect((await settle(ana, leo, ana)).statusCode).toBe(201);
  });

  it("counts settlements sent at the same moment one after the other", async () => {
    const { ana, leo } = await couple();
    const answers = await Promise.all(Array.from({ length: 8 }, () => settle(ana, leo, ana)));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([201, 201, ...Array(6).fill(400)]);
    expect(await count("settlements", ana.familyId)).toBe(2);
  });
});

const open = "used_at is null and revoked_at is null";

describe("open invites per family", () => {
  it("lets a member replace their code, and refuses a new one while the family has the cap open", async () => {
    const owner = await signUpWithFamily(t.app);
    // The first member joined with the owner's code: used, no longer open.
    const member = await joinFamilyOf(t.app, owner);
    const second = await joinFamilyOf(t.app, owner);
    for (let i = 0; i < 5; i++) {
      // Each new code revokes the member's previous one: one member holds one open code.
      expect((await call(owner, "POST", "/api/family/invite")).statusCode).toBe(201);
    }
    expect((await call(member, "POST", "/api/family/invite")).statusCode).toBe(201);
    expect(await count("family_invites", owner.familyId, open)).toBe(2);
    const refused = await call(second, "POST", "/api/family/invite");
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: "quota_exceeded",
      message:
        "The family already has 2 open invites. Wait for one to be used or to expire before creating another.",
    });
    // The owner may still replace theirs (it revokes one before counting).
    expect((await call(owner, "POST", "/api/family/invite")).statusCode).toBe(201);
    expect(await count("family_invites", owner.familyId, open)).toBe(2);
    // An expired code is not open: a week later the third member may invite.
    clock.advance(8 * 24 * 60 * 60 * 1000);
    try {
      expect((await call(second, "POST", "/api/family/invite")).statusCode).toBe(201);
    } finally {
      clock.advance(-8 * 24 * 60 * 60 * 1000);
    }
  });

  it("leaves one open code per member when their invites are sent at the same moment", async () => {
    const owner = await signUpWithFamily(t.app);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => call(owner, "POST", "/api/family/invite")),
    );
    expect(answers.every((answer) => answer.statusCode === 201)).toBe(true);
    expect(await count("family_invites", owner.familyId, open)).toBe(1);
  });
});

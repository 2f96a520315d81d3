import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HistoryEntry, HistoryPage } from "../../../contract/history";
import { displayNameOf } from "../../../domain/person-name";
import { expenses, familyHistory } from "../../db/schema";
import { personNameSql } from "../../history/record";
import { type SignedIn, signUp } from "../../testing/api-helpers";
import {
  createCategory,
  createExpense,
  type FamilyMemberSession,
  signUpWithFamily,
} from "../../testing/family-helpers";
import { createTestApp, type TestApp, testClock } from "../../testing/test-app";

/** The family history (docs/product.md#family-history). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: testClock(new Date("2026-03-15T12:00:00Z")) });
});
afterAll(() => t.close());

const call = (
  who: SignedIn,
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    headers: { cookie: who.cookie, ...headers },
    ...(payload ? { payload } : {}),
  });

async function history(who: SignedIn, query = ""): Promise<HistoryPage> {
  const res = await call(who, "GET", `/api/family/history${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A member of `family`, joined with a fresh invite. */
async function join(family: SignedIn, profile: object = {}): Promise<SignedIn> {
  const member = await signUp(t.app, profile);
  const code = (await call(family, "POST", "/api/family/invite")).json().inviteCode;
  const res = await call(member, "POST", "/api/family/join", { inviteCode: code });
  expect(res.statusCode, res.body).toBe(200);
  return member;
}

const change = (entry: HistoryEntry | undefined, field: string) =>
  entry?.changes.find((c) => c.field === field);

let family: FamilyMemberSession;
let categoryId: string;
beforeAll(async () => {
  family = await signUpWithFamily(t.app);
  categoryId = (await createCategory(t.app, family, { name: "Mercado" })).id;
});

describe("what is recorded", () => {
  it("an expense's create, change and delete, with who, when and each field before and after", async () => {
    const start = Date.now();
    const expense = await createExpense(t.app, family, {
      categoryId,
      description: "Feira",
      amount: "42.50",
      date: "2026-03-16",
    });
    const other = await createCategory(t.app, family, { name: "Casa" });
    const patched = await call(family, "PATCH", `/api/expenses/${expense.id}`, {
      amount: "45.00",
      categoryId: other.id,
    });
    expect(patched.statusCode).toBe(200);
    expect((await call(family, "DELETE", `/api/expenses/${expense.id}`)).statusCode).toBe(200);

    const entries = (await history(family, "?kind=expense")).items.filter(
      (e) => e.subjectId === expense.id,
    );
    expect(entries.map((e) => e.action)).toEqual(["deleted", "changed", "created"]);
    const [deleted, changed, created] = entries;
    expect(created).toMatchObject({
      actorUserId: family.user.id,
      actorName: "Ana Souza",
      subjectLabel: "Feira",
      restorable: false,
    });
    // The database's clock: the moment the change committed.
    expect(Date.parse(created?.createdAt ?? "")).toBeGreaterThanOrEqual(start - 1000);
    expect(created?.changes).toEqual([
      { field: "description", before: null, after: "Feira" },
      { field: "amount", before: null, after: "42.50" },
      { field: "date", before: null, after: "2026-03-16" },
      { field: "category", before: null, after: "Mercado" },
      { field: "paidBy", before: null, after: "Ana Souza" },
    ]);
    // Only what changed, with display values (names, not ids).
    expect(changed?.changes).toEqual([
      { field: "amount", before: "42.50", after: "45.00" },
      { field: "category", before: "Mercado", after: "Casa" },
    ]);
    expect(change(deleted, "amount")).toEqual({ field: "amount", before: "45.00", after: null });
    expect(deleted?.restorable).toBe(true);
  });

  it("a change that changes nothing, or fails, records nothing", async () => {
    const expense = await createExpense(t.app, family, { categoryId, description: "Pão" });
    const before = (await history(family)).items.length;
    expect(
      (await call(family, "PATCH", `/api/expenses/${expense.id}`, { description: "Pão" }))
        .statusCode,
    ).toBe(200);
    const refused = await call(family, "PATCH", `/api/expenses/${expense.id}`, {
      categoryId: crypto.randomUUID(),
    });
    expect(refused.statusCode).toBe(400);
    expect((await history(family)).items.length).toBe(before);
  });

  it("categories and recurring rules, and the expenses a rule creates (made by the app)", async () => {
    const category = await createCategory(t.app, family, { name: "Luz", monthlyBudget: "150.00" });
    await call(family, "PATCH", `/api/categories/${category.id}`, { monthlyBudget: "180.00" });
    const rule = (
      await call(family, "POST", "/api/recurring", {
        description: "Conta de luz",
        amount: "120.00",
        categoryId: category.id,
        frequency: "monthly",
        dayOfMonth: 5,
        startDate: "2026-02-05",
      })
    ).json();
    await call(family, "PATCH", `/api/recurring/${rule.id}`, { amount: "130.00" });
    await call(family, "DELETE", `/api/recurring/${rule.id}`);
    await call(family, "DELETE", `/api/categories/${category.id}`);

    const categoryEntries = (await history(family, "?kind=category")).items.filter(
      (e) => e.subjectId === category.id,
    );
    expect(categoryEntries.map((e) => e.action)).toEqual(["deleted", "changed", "created"]);
    expect(categoryEntries[1]?.changes).toEqual([
      { field: "monthlyBudget", before: "150.00", after: "180.00" },
    ]);

    const ruleEntries = (await history(family, "?kind=recurring")).items.filter(
      (e) => e.subjectId === rule.id,
    );
    expect(ruleEntries.map((e) => e.action)).toEqual(["deleted", "changed", "created"]);
    expect(ruleEntries[1]?.changes).toEqual([
      { field: "amount", before: "120.00", after: "130.00" },
    ]);
    expect(change(ruleEntries[2], "frequency")?.after).toBe("monthly");

    // The rule started in February: its February and March expenses were created with it.
    const generated = (await history(family, "?kind=expense")).items.filter(
      (e) => e.subjectLabel === "Conta de luz" && e.action === "created",
    );
    expect(generated).toHaveLength(2);
    for (const entry of generated) {
      expect(entry.actorUserId).toBeNull();
      expect(entry.actorName).toBeNull();
      expect(change(entry, "amount")?.after).toBe("120.00");
      expect(change(entry, "paidBy")?.after).toBe("Ana Souza");
      expect(change(entry, "category")?.after).toBe("Luz");
    }
    expect(generated.map((e) => change(e, "date")?.after).sort()).toEqual([
      "2026-02-05",
      "2026-03-05",
    ]);
  });

  it("an import as one entry, with its file name, line count and total", async () => {
    const res = await call(
      family,
      "POST",
      "/api/imports",
      {
        fileName: "extrato.csv",
        lines: [
          { date: "2026-03-01", description: "Padaria", amount: "12.30", categoryId },
          { date: "2026-03-02", description: "Farmácia", amount: "30.00", categoryId },
        ],
      },
      { "idempotency-key": crypto.randomUUID() },
    );
    expect(res.statusCode, res.body).toBe(201);
    const [entry] = (await history(family, "?kind=import")).items;
    expect(entry).toMatchObject({ action: "created", subjectLabel: "extrato.csv" });
    expect(entry?.changes).toEqual([
      { field: "fileName", before: null, after: "extrato.csv" },
      { field: "importedCount", before: null, after: 2 },
      { field: "totalAmount", before: null, after: "42.30" },
    ]);
  });

  it("members joining, leaving, removed (their expenses restorable), ownership handed over, and invites without their code", async () => {
    const owner = await signUpWithFamily(t.app);
    const bia = await join(owner, { name: "Bia Lima" });
    const caio = await join(owner, { name: "Caio Reis" });
    const dani = await join(owner, { name: "Dani Melo" });
    const groceries = await createCategory(t.app, owner);
    const biaExpense = await createExpense(t.app, bia, {
      categoryId: groceries.id,
      description: "Lanche da Bia",
    });
    expect((await call(bia, "POST", "/api/family/leave")).statusCode).toBe(200);
    await createExpense(t.app, caio, { categoryId: groceries.id, description: "Gasolina" });
    const removed = await call(owner, "DELETE", `/api/family/members/${caio.user.id}`, {
      keepExpenses: false,
    });
    expect(removed.json()).toEqual({ removed: true, deletedExpenses: 1 });
    expect(
      (await call(owner, "POST", "/api/family/transfer", { userId: dani.user.id })).statusCode,
    ).toBe(200);

    const entries = (await history(dani)).items;
    const members = entries.filter((e) => e.kind === "member");
    expect(members.map((e) => [e.action, e.subjectLabel])).toEqual([
      ["ownershipTransferred", "Dani Melo"],
      ["removed", "Caio Reis"],
      ["left", "Bia Lima"],
      ["joined", "Dani Melo"],
      ["joined", "Caio Reis"],
      ["joined", "Bia Lima"],
    ]);
    expect(members[1]?.changes).toEqual([{ field: "deletedExpenses", before: null, after: 1 }]);
    // Whoever left keeps their name on what they did.
    const biaCreated = entries.find((e) => e.subjectId === biaExpense.id);
    expect(biaCreated?.actorName).toBe("Bia Lima");
    // The removed member's expense is in the history, deleted by the owner, restorable.
    const gas = entries.find((e) => e.subjectLabel === "Gasolina" && e.action === "deleted");
    expect(gas).toMatchObject({ actorUserId: owner.user.id, restorable: true });

    const invites = entries.filter((e) => e.kind === "invite");
    expect(invites).toHaveLength(3);
    const codes = await t.database.db.execute(sql`select invite_code from family_invites`);
    const text = JSON.stringify(invites);
    for (const row of (codes as unknown as { rows: { invite_code: string }[] }).rows)
      expect(text).not.toContain(row.invite_code);
    expect(change(invites[0], "expiresAt")?.after).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    // Bia, Caio: no longer members, no history.
    for (const former of [bia, caio]) {
      expect((await call(former, "GET", "/api/family/history")).statusCode).toBe(404);
    }
  });

  it("names a person in SQL as the screens do", async () => {
    const people = [
      { name: " Zé ", first_name: "José", last_name: "Silva", email: "ze@example.org" },
      { name: "", first_name: " José ", last_name: null, email: "jose@example.org" },
      { name: null, first_name: null, last_name: " Silva", email: "s@example.org" },
      { name: "  ", first_name: "", last_name: "", email: "only@example.org" },
    ];
    for (const person of people) {
      const result = await t.database.db.execute(sql`
        select ${personNameSql(sql.raw("u"))} as name from (select
          ${person.name}::text as name, ${person.first_name}::text as first_name,
          ${person.last_name}::text as last_name, ${person.email}::text as email) u`);
      const [row] = (result as unknown as { rows: { name: string }[] }).rows;
      expect(row?.name).toBe(
        displayNameOf({
          name: person.name,
          firstName: person.first_name,
          lastName: person.last_name,
          email: person.email,
        }),
      );
    }
  });
});

describe("reading it", () => {
  let reader: FamilyMemberSession;
  let member: SignedIn;
  beforeAll(async () => {
    reader = await signUpWithFamily(t.app);
    member = await join(reader, { name: "Eva" });
    const category = await createCategory(t.app, reader);
    await createExpense(t.app, reader, { categoryId: category.id, description: "Janeiro" });
    await createExpense(t.app, member, { categoryId: category.id, description: "Fevereiro" });
    // As if made at these moments.
    for (const [label, at] of [
      ["Janeiro", "2026-01-31T23:30:00Z"],
      ["Fevereiro", "2026-02-01T00:30:00Z"],
    ]) {
      await t.database.db.execute(sql`update family_history set created_at = ${at}::timestamptz
        where family_id = ${reader.familyId} and subject_label = ${label}`);
    }
  });

  it("filters by person, kind and period", async () => {
    const byMember = (await history(reader, `?actorUserId=${member.user.id}`)).items;
    expect(byMember.length).toBeGreaterThan(0);
    expect(byMember.every((e) => e.actorUserId === member.user.id)).toBe(true);
    expect(byMember.map((e) => e.subjectLabel)).toContain("Fevereiro");

    const categories = (await history(reader, "?kind=category")).items;
    expect(categories.length).toBeGreaterThan(0);
    expect(categories.every((e) => e.kind === "category")).toBe(true);

    // February in São Paulo (UTC-3): the expense added at 00:30 UTC on the 1st is 21:30 on
    // January 31st there; the one at 23:30 UTC on the 31st is January too.
    const february = (
      await history(
        reader,
        `?kind=expense&from=${encodeURIComponent("2026-02-01T00:00:00-03:00")}&to=${encodeURIComponent("2026-03-01T00:00:00-03:00")}`,
      )
    ).items;
    expect(february).toEqual([]);
    const january = (
      await history(
        reader,
        `?kind=expense&from=${encodeURIComponent("2026-01-01T00:00:00-03:00")}&to=${encodeURIComponent("2026-02-01T00:00:00-03:00")}`,
      )
    ).items;
    expect(january.map((e) => e.subjectLabel)).toEqual(["Fevereiro", "Janeiro"]);
  });

  it("refuses a period that ends before it starts, an unknown kind and a cursor it did not write, translated", async () => {
    const reversed = await call(
      reader,
      "GET",
      `/api/family/history?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z`,
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors[0].path).toBe("to");
    expect((await call(reader, "GET", "/api/family/history?kind=salary")).statusCode).toBe(400);
    const cursor = await call(reader, "GET", "/api/family/history?cursor=bm90LWEta2V5");
    expect(cursor.statusCode).toBe(400);
    expect(cursor.json().errors[0].path).toBe("cursor");
  });

  it("pages newest first through entries of the same instant without skipping or repeating one", async () => {
    const paged = await signUpWithFamily(t.app);
    await t.database.db.insert(familyHistory).values(
      Array.from({ length: 120 }, (_, i) => ({
        familyId: paged.familyId,
        actorUserId: paged.user.id,
        kind: "category" as const,
        action: "created",
        subjectLabel: `C${i}`,
        // Forty entries share each instant.
        createdAt: new Date(Date.UTC(2026, 2, 1, 12, 0, Math.floor(i / 40))),
      })),
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: HistoryPage = await history(
        paged,
        `?kind=category${cursor ? `&cursor=${cursor}` : ""}`,
      );
      expect(page.items.length).toBeLessThanOrEqual(50);
      seen.push(...page.items.map((e) => e.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    // The family's own starter categories' deletions are there too.
    const all = (await t.database.db.execute(
      sql`select count(*)::int as n from family_history where family_id = ${paged.familyId} and kind = 'category'`,
    )) as unknown as { rows: { n: number }[] };
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(all.rows[0]?.n);
    expect(pages).toBe(Math.ceil(seen.length / 50));
  });

  it("has no way to change or delete an entry", async () => {
    const [entry] = (await history(reader)).items;
    for (const method of ["PATCH", "DELETE", "PUT"] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/family/history/${entry?.id}`,
        headers: { cookie: reader.cookie },
        payload: {},
      });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe("restoring a deleted expense", () => {
  let owner: FamilyMemberSession;
  let member: SignedIn;
  let category: { id: string };
  beforeAll(async () => {
    owner = await signUpWithFamily(t.app);
    member = await join(owner, { name: "Gui", preferredLanguage: "pt" });
    category = await createCategory(t.app, owner);
  });

  async function deletedEntry(description: string, who: SignedIn = owner, extra = {}) {
    const expense = await createExpense(t.app, who, {
      categoryId: category.id,
      description,
      amount: "19.90",
      date: "2026-02-28",
      ...extra,
    });
    await call(who, "DELETE", `/api/expenses/${expense.id}`);
    const entry = (await history(owner, "?kind=expense")).items.find(
      (e) => e.subjectId === expense.id && e.action === "deleted",
    );
    if (!entry) throw new Error("no entry");
    return { expense, entry };
  }

  it("brings it back as it was, once, by any member; the restore is in the history", async () => {
    const { expense, entry } = await deletedEntry("Presente", owner, {
      paidByUserId: member.user.id,
    });
    const res = await call(member, "POST", `/api/family/history/${entry.id}/restore`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: entry.id, restorable: false });
    expect(res.json().restoredAt).not.toBeNull();

    const list = (await call(owner, "GET", "/api/expenses?month=2&year=2026")).json();
    const back = list.find((e: { id: string }) => e.id === expense.id);
    expect(back).toMatchObject({
      description: "Presente",
      amount: "19.90",
      date: "2026-02-28",
      categoryId: category.id,
      addedByUserId: owner.user.id,
      paidByUserId: member.user.id,
    });
    // Recorded when it first was (the lists leave the instants out: its row tells).
    const [row] = await t.database.db
      .select({ createdAt: expenses.createdAt })
      .from(expenses)
      .where(eq(expenses.id, expense.id));
    expect(row?.createdAt.toISOString()).toBe(expense.createdAt);

    // In the caller's language.
    const again = await call(member, "POST", `/api/family/history/${entry.id}/restore`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: "already_restored",
      message: "Este gasto já foi restaurado",
    });
    const restored = (await history(owner, "?kind=expense")).items.find(
      (e) => e.subjectId === expense.id && e.action === "restored",
    );
    expect(restored?.actorUserId).toBe(member.user.id);
  });

  it("of two members restoring at once, one restores it", async () => {
    const { expense, entry } = await deletedEntry("Corrida");
    const results = await Promise.all([
      call(owner, "POST", `/api/family/history/${entry.id}/restore`),
      call(member, "POST", `/api/family/history/${entry.id}/restore`),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const list = (await call(owner, "GET", "/api/expenses?month=2&year=2026")).json();
    expect(list.filter((e: { id: string }) => e.id === expense.id)).toHaveLength(1);
  });

  it("comes back uncategorised when its category was deleted since", async () => {
    const doomed = await createCategory(t.app, owner, { name: "Temporária" });
    const expense = await createExpense(t.app, owner, { categoryId: doomed.id });
    await call(owner, "DELETE", `/api/expenses/${expense.id}`);
    await call(owner, "DELETE", `/api/categories/${doomed.id}`);
    const entry = (await history(owner, "?kind=expense")).items.find(
      (e) => e.subjectId === expense.id && e.action === "deleted",
    );
    expect((await call(owner, "POST", `/api/family/history/${entry?.id}/restore`)).statusCode).toBe(
      200,
    );
    const list = (await call(owner, "GET", "/api/expenses?month=3&year=2026")).json();
    expect(list.find((e: { id: string }) => e.id === expense.id)?.categoryId).toBeNull();
  });

  it("refuses what is not a deleted expense, and another family's entry as if it did not exist", async () => {
    const expense = await createExpense(t.app, owner, { categoryId: category.id });
    const created = (await history(owner, "?kind=expense")).items.find(
      (e) => e.subjectId === expense.id,
    );
    const notRestorable = await call(owner, "POST", `/api/family/history/${created?.id}/restore`);
    expect(notRestorable.statusCode).toBe(409);
    expect(notRestorable.json().code).toBe("not_restorable");

    const { entry } = await deletedEntry("Segredo");
    const stranger = await signUpWithFamily(t.app);
    const theirs = await call(stranger, "POST", `/api/family/history/${entry.id}/restore`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe("history_entry_not_found");
    expect((await history(stranger)).items.some((e) => e.id === entry.id)).toBe(false);
    // Still restorable by its own family.
    expect((await call(owner, "POST", `/api/family/history/${entry.id}/restore`)).statusCode).toBe(
      200,
    );
  });
});

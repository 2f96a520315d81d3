import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category } from "../../../contract/categories";
import type {
  CategoryRule,
  CategoryRuleInput,
  CategoryRuleList,
  CategoryRuleTest,
  CategorySuggestion,
  RuleOffer,
} from "../../../contract/category-rules";
import type { Expense } from "../../../contract/expenses";
import type { HistoryPage } from "../../../contract/history";
import type { ImportPreview } from "../../../contract/imports";
import type { SignedIn } from "../../testing/api-helpers";
import {
  createCategory,
  createExpense,
  createPaymentMethod,
  type FamilyMemberSession,
  joinFamilyOf,
  signUpWithFamily,
} from "../../testing/family-helpers";
import { createTestApp, type TestApp } from "../../testing/test-app";

/**
 * The family's category rules (docs/product.md#category-rules) and learned rules
 * (docs/product.md#learned-rules): what a rule matches, its order, its test and application to
 * past expenses, the quick add's suggestion, the import's lines, and who sees which rule.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const call = async (
  who: SignedIn,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: unknown,
) => {
  const res = await t.app.inject({
    method,
    url,
    headers: { cookie: who.cookie },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.json() as unknown, text: res.body };
};

const create = async (who: SignedIn, input: CategoryRuleInput) => {
  const res = await call(who, "POST", "/api/category-rules", input);
  expect(res.status, res.text).toBe(201);
  return res.body as CategoryRule;
};

const list = async (who: SignedIn) => {
  const res = await call(who, "GET", "/api/category-rules");
  expect(res.status, res.text).toBe(200);
  return (res.body as CategoryRuleList).items;
};

const suggestion = async (who: SignedIn, query: Record<string, string>) => {
  const res = await call(
    who,
    "GET",
    `/api/category-rules/suggestion?${new URLSearchParams(query).toString()}`,
  );
  expect(res.status, res.text).toBe(200);
  return res.body as CategorySuggestion;
};

const fieldErrorOf = (res: { status: number; body: unknown }) => {
  expect(res.status).toBe(400);
  return (res.body as { errors?: { path: string; message: string; messageKey?: string }[] })
    .errors?.[0];
};

describe("what a rule matches", () => {
  let owner: FamilyMemberSession;
  let market: Category;
  let transport: Category;
  let pharmacy: Category;
  let other: Category;
  beforeAll(async () => {
    owner = await signUpWithFamily(t.app, { language: "pt" });
    market = await createCategory(t.app, owner, { name: "Mercado" });
    transport = await createCategory(t.app, owner, { name: "Transporte" });
    pharmacy = await createCategory(t.app, owner, { name: "Farmácia" });
    other = await createCategory(t.app, owner, { name: "Outros" });
  });

  it("contains, ignoring case and accents, in the description or its payee", async () => {
    const rule = await create(owner, {
      matchKind: "contains",
      pattern: "são joão",
      categoryId: market.id,
    });
    expect((await suggestion(owner, { description: "PADARIA SAO JOAO LJ 3" })).rule?.ruleId).toBe(
      rule.id,
    );
    expect((await suggestion(owner, { description: "Padaria Santa Rita" })).rule).toBeNull();
    await call(owner, "DELETE", `/api/category-rules/${rule.id}`);
  });

  it("starts with the payee, past the acquirer's prefix", async () => {
    const rule = await create(owner, {
      matchKind: "startsWith",
      pattern: "Carrefour",
      categoryId: market.id,
    });
    const found = await suggestion(owner, { description: "PAG*CARREFOUR SAO PAULO" });
    expect(found).toEqual({
      categoryId: market.id,
      rule: {
        ruleId: rule.id,
        pattern: "Carrefour",
        categoryId: market.id,
        forUserId: null,
        paidByUserId: null,
        private: false,
      },
    });
    expect((await suggestion(owner, { description: "Posto Carrefour" })).rule).toBeNull();
    await call(owner, "DELETE", `/api/category-rules/${rule.id}`);
  });

  it("matches a regular expression over the folded description", async () => {
    const rule = await create(owner, {
      matchKind: "matches",
      pattern: "^uber .*trip$",
      categoryId: transport.id,
    });
    expect((await suggestion(owner, { description: "UBER   *TRIP" })).categoryId).toBe(
      transport.id,
    );
    expect((await suggestion(owner, { description: "UBER EATS" })).categoryId).toBeNull();
    await call(owner, "DELETE", `/api/category-rules/${rule.id}`);
  });

  it("within its amounts and account, and only once the amount is known", async () => {
    const card = await createPaymentMethod(t.app, owner, {
      name: "Nubank",
      kind: "credit_card",
      closingDay: 3,
      dueDay: 10,
    });
    const rule = await create(owner, {
      matchKind: "contains",
      pattern: "drogasil",
      minAmount: "10.00",
      maxAmount: "50.00",
      paymentMethodId: card.id,
      categoryId: pharmacy.id,
    });
    const at = (amount: string | undefined, paymentMethodId: string | undefined) =>
      suggestion(owner, {
        description: "DROGASIL 123",
        ...(amount ? { amount } : {}),
        ...(paymentMethodId ? { paymentMethodId } : {}),
      }).then((found) => found.rule?.ruleId ?? null);
    expect(await at("10.00", card.id)).toBe(rule.id);
    expect(await at("50.00", card.id)).toBe(rule.id);
    expect(await at("50.01", card.id)).toBeNull();
    expect(await at("9.99", card.id)).toBeNull();
    expect(await at("20.00", undefined)).toBeNull();
    expect(await at(undefined, card.id)).toBeNull();
    await call(owner, "DELETE", `/api/category-rules/${rule.id}`);
  });

  it("the first rule in the family's order decides, and a new rule goes first", async () => {
    const broad = await create(owner, {
      matchKind: "contains",
      pattern: "mercado",
      categoryId: market.id,
    });
    const narrow = await create(owner, {
      matchKind: "contains",
      pattern: "mercado livre",
      categoryId: other.id,
    });
    expect((await list(owner)).map((rule) => rule.id)).toEqual([narrow.id, broad.id]);
    expect((await suggestion(owner, { description: "MERCADO LIVRE*123" })).categoryId).toBe(
      other.id,
    );
    const ordered = await call(owner, "PUT", "/api/category-rules/order", {
      ids: [broad.id, narrow.id],
    });
    expect(ordered.status, ordered.text).toBe(200);
    expect((ordered.body as CategoryRuleList).items.map((rule) => rule.id)).toEqual([
      broad.id,
      narrow.id,
    ]);
    expect((await suggestion(owner, { description: "MERCADO LIVRE*123" })).categoryId).toBe(
      market.id,
    );
    // An order that leaves a rule out, or names one twice, changes nothing.
    for (const ids of [[broad.id], [broad.id, broad.id]]) {
      const refused = await call(owner, "PUT", "/api/category-rules/order", { ids });
      expect(fieldErrorOf(refused)?.message).toBe(
        "A lista de regras mudou enquanto isso: recarregue a página e ordene de novo",
      );
    }
    expect((await list(owner)).map((rule) => rule.id)).toEqual([broad.id, narrow.id]);
    await call(owner, "DELETE", `/api/category-rules/${broad.id}`);
    await call(owner, "DELETE", `/api/category-rules/${narrow.id}`);
  });

  it("when no rule matches, the category used most for the payee", async () => {
    await createExpense(t.app, owner, {
      categoryId: pharmacy.id,
      description: "DROGA RAIA 77",
      amount: "12.00",
    });
    expect(await suggestion(owner, { description: "Droga Raia 1234 Sao Paulo" })).toEqual({
      categoryId: pharmacy.id,
      rule: null,
    });
  });
});

describe("a rule's input", () => {
  let owner: FamilyMemberSession;
  let stranger: FamilyMemberSession;
  let market: Category;
  beforeAll(async () => {
    owner = await signUpWithFamily(t.app, { language: "pt" });
    stranger = await signUpWithFamily(t.app, { language: "pt" });
    market = await createCategory(t.app, owner, { name: "Mercado" });
  });

  const refusal = async (input: Record<string, unknown>) => {
    const res = await call(owner, "POST", "/api/category-rules", {
      matchKind: "contains",
      pattern: "x",
      categoryId: market.id,
      ...input,
    });
    const error = fieldErrorOf(res);
    return [error?.path, error?.message];
  };

  it("is refused, with the field and a translated message, when it cannot be a rule", async () => {
    const strangers = await createCategory(t.app, stranger, { name: "Deles" });
    const theirCard = await createPaymentMethod(t.app, stranger, {
      name: "Deles",
      kind: "checking",
    });
    expect(await refusal({ pattern: "  " })).toEqual([
      "pattern",
      "Digite o texto que a descrição deve ter",
    ]);
    expect(await refusal({ pattern: "x".repeat(101) })).toEqual([
      "pattern",
      "No máximo 100 caracteres",
    ]);
    expect(await refusal({ matchKind: "matches", pattern: "[a" })).toEqual([
      "pattern",
      "Este padrão não é uma expressão regular válida",
    ]);
    expect(await refusal({ minAmount: "50.00", maxAmount: "10.00" })).toEqual([
      "maxAmount",
      "O valor máximo não pode ser menor que o mínimo",
    ]);
    expect(await refusal({ private: true, paidByUserId: stranger.user.id })).toEqual([
      "private",
      'Uma regra privada é paga por você e para você: deixe "para quem" e "quem pagou" em branco',
    ]);
    // Another family's category, account or member is not there.
    expect((await refusal({ categoryId: strangers.id }))[0]).toBe("categoryId");
    expect((await refusal({ paymentMethodId: theirCard.id }))[0]).toBe("paymentMethodId");
    expect((await refusal({ forUserId: stranger.user.id }))[0]).toBe("forUserId");
    expect((await refusal({ paidByUserId: stranger.user.id }))[0]).toBe("paidByUserId");
    expect(await list(owner)).toEqual([]);
  });

  it("keeps the family within its rules' cap", async () => {
    await t.database.pool.query(`insert into category_rules (family_id, position, match_kind, pattern,
        category_id, created_by_user_id)
      select '${owner.familyId}', g, 'contains', 'regra ' || g, '${market.id}', '${owner.user.id}'
      from generate_series(1, 200) g`);
    expect(await refusal({})).toEqual([
      "pattern",
      "A família já tem 200 regras: apague uma antes de criar outra",
    ]);
    await t.database.pool.query(`delete from category_rules where family_id = '${owner.familyId}'`);
  });

  it("of another family answers 404, whatever the call", async () => {
    const theirs = await create(stranger, {
      matchKind: "contains",
      pattern: "deles",
      categoryId: (await createCategory(t.app, stranger, { name: "Casa" })).id,
    });
    const body = { matchKind: "contains", pattern: "meu", categoryId: market.id };
    for (const [method, url, payload] of [
      ["PUT", `/api/category-rules/${theirs.id}`, body],
      ["DELETE", `/api/category-rules/${theirs.id}`, undefined],
      ["POST", `/api/category-rules/${theirs.id}/apply`, undefined],
    ] as const) {
      const res = await call(owner, method, url, payload);
      expect(res.status, `${method} ${url}`).toBe(404);
      expect((res.body as { code: string }).code).toBe("category_rule_not_found");
    }
    expect((await list(stranger)).map((rule) => rule.id)).toEqual([theirs.id]);
  });
});

describe("a rule's test and its application to past expenses", () => {
  let owner: FamilyMemberSession;
  let partner: FamilyMemberSession;
  let market: Category;
  let home: Category;
  let hers: Expense;
  beforeAll(async () => {
    owner = await signUpWithFamily(t.app, { language: "pt" });
    partner = await joinFamilyOf(t.app, owner);
    market = await createCategory(t.app, owner, { name: "Mercado" });
    home = await createCategory(t.app, owner, { name: "Casa" });
    const spend = (who: SignedIn, description: string, date: string, categoryId = home.id) =>
      createExpense(t.app, who, { categoryId, description, amount: "30.00", date });
    await spend(owner, "CARREFOUR LJ 12", "2026-03-01");
    await spend(partner, "Carrefour Express", "2026-03-05");
    await spend(owner, "PAG*CARREFOUR", "2026-03-09", market.id);
    await spend(owner, "Padaria", "2026-03-10");
    // The partner's private purchase: never counted, never changed for the owner.
    hers = await createExpense(t.app, partner, {
      categoryId: home.id,
      description: "CARREFOUR presente",
      amount: "99.00",
      date: "2026-03-11",
      private: true,
    });
  });

  it("says how many expenses would take another category, with the newest", async () => {
    const res = await call(owner, "POST", "/api/category-rules/test", {
      matchKind: "contains",
      pattern: "carrefour",
      categoryId: market.id,
    });
    expect(res.status, res.text).toBe(200);
    const test = res.body as CategoryRuleTest;
    expect(test.count).toBe(2);
    expect(test.examples.map((e) => [e.date, e.description, e.amount, e.categoryId])).toEqual([
      ["2026-03-05", "Carrefour Express", "30.00", home.id],
      ["2026-03-01", "CARREFOUR LJ 12", "30.00", home.id],
    ]);
  });

  it("applies its category to them alone, with one history entry, and tells the family", async () => {
    const rule = await create(owner, {
      matchKind: "contains",
      pattern: "carrefour",
      categoryId: market.id,
      paidByUserId: partner.user.id,
    });
    const applied = await call(owner, "POST", `/api/category-rules/${rule.id}/apply`);
    expect(applied.status, applied.text).toBe(200);
    expect(applied.body).toEqual({ changed: 2 });
    const expenses = (await call(owner, "GET", "/api/expenses?month=3&year=2026"))
      .body as Expense[];
    const byDescription = new Map(expenses.map((e) => [e.description, e]));
    expect(byDescription.get("CARREFOUR LJ 12")?.categoryId).toBe(market.id);
    expect(byDescription.get("Carrefour Express")?.categoryId).toBe(market.id);
    // Only the category: who paid stays.
    expect(byDescription.get("CARREFOUR LJ 12")?.paidByUserId).toBe(owner.user.id);
    expect(byDescription.get("Padaria")?.categoryId).toBe(home.id);
    const partnersView = (await call(partner, "GET", "/api/expenses?month=3&year=2026"))
      .body as Expense[];
    expect(partnersView.find((e) => e.id === hers.id)?.categoryId).toBe(home.id);
    const history = (await call(owner, "GET", "/api/family/history?kind=categoryRule"))
      .body as HistoryPage;
    const entry = history.items.find((item) => item.action === "changed");
    expect(entry?.subjectLabel).toBe("carrefour");
    expect(entry?.changes).toContainEqual({ field: "appliedTo", before: null, after: 2 });
    // Applied again, nothing is left to change.
    expect((await call(owner, "POST", `/api/category-rules/${rule.id}/apply`)).body).toEqual({
      changed: 0,
    });
  });
});

describe("a private rule", () => {
  it("is its author's alone: others neither see it nor have it applied", async () => {
    const owner = await signUpWithFamily(t.app, { language: "pt" });
    const partner = await joinFamilyOf(t.app, owner);
    const gifts = await createCategory(t.app, owner, { name: "Presentes" });
    const rule = await create(owner, {
      matchKind: "contains",
      pattern: "vivara",
      categoryId: gifts.id,
      private: true,
    });
    expect(await list(owner)).toHaveLength(1);
    expect(await list(partner)).toEqual([]);
    expect((await suggestion(owner, { description: "VIVARA SHOPPING" })).rule).toEqual({
      ruleId: rule.id,
      pattern: "vivara",
      categoryId: gifts.id,
      forUserId: null,
      paidByUserId: null,
      private: true,
    });
    expect((await suggestion(partner, { description: "VIVARA SHOPPING" })).rule).toBeNull();
    const body = { matchKind: "contains", pattern: "x", categoryId: gifts.id };
    expect((await call(partner, "PUT", `/api/category-rules/${rule.id}`, body)).status).toBe(404);
    expect((await call(partner, "DELETE", `/api/category-rules/${rule.id}`)).status).toBe(404);
    const history = (await call(partner, "GET", "/api/family/history?kind=categoryRule"))
      .body as HistoryPage;
    expect(JSON.stringify(history.items)).not.toContain("vivara");
  });
});

describe("learned rules: 'Sempre usar…' after a correction", () => {
  let owner: FamilyMemberSession;
  let market: Category;
  let home: Category;
  beforeAll(async () => {
    owner = await signUpWithFamily(t.app, { language: "pt" });
    market = await createCategory(t.app, owner, { name: "Mercado" });
    home = await createCategory(t.app, owner, { name: "Casa" });
  });

  const offer = async (expenseId: string) => {
    const res = await call(owner, "GET", `/api/category-rules/offer?expenseId=${expenseId}`);
    expect(res.status, res.text).toBe(200);
    return (res.body as RuleOffer).offer;
  };

  it("is offered for a payee seen before, and not once a rule gives it that category", async () => {
    const first = await createExpense(t.app, owner, {
      categoryId: home.id,
      description: "CARREFOUR LJ 123 SAO PAULO",
    });
    // Its payee seen on no other expense: nothing to learn yet.
    expect(await offer(first.id)).toBeNull();
    const second = await createExpense(t.app, owner, {
      categoryId: home.id,
      description: "PAG*CARREFOUR",
    });
    const patched = await t.app.inject({
      method: "PATCH",
      url: `/api/expenses/${second.id}`,
      headers: { cookie: owner.cookie },
      payload: { categoryId: market.id },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const offered = await offer(second.id);
    expect(offered).toEqual({ pattern: "CARREFOUR", categoryId: market.id });
    await create(owner, {
      matchKind: "contains",
      pattern: offered?.pattern ?? "",
      categoryId: market.id,
      learned: true,
    });
    expect(await offer(second.id)).toBeNull();
    const [learned] = await list(owner);
    expect(learned).toMatchObject({ pattern: "CARREFOUR", learned: true });
    // The next line of that payee takes it, in the quick add and in an import.
    expect((await suggestion(owner, { description: "Carrefour Lj 987" })).categoryId).toBe(
      market.id,
    );
  });

  it("answers 404 for an expense the caller cannot see", async () => {
    const stranger = await signUpWithFamily(t.app);
    const theirs = await createExpense(t.app, stranger, {
      categoryId: (await createCategory(t.app, stranger)).id,
    });
    const res = await call(owner, "GET", `/api/category-rules/offer?expenseId=${theirs.id}`);
    expect(res.status).toBe(404);
  });
});

describe("an import's lines", () => {
  const base64 = (text: string) => Buffer.from(text, "utf8").toString("base64");

  it("take the first matching rule's category and what else it says", async () => {
    const owner = await signUpWithFamily(t.app, { language: "pt" });
    const partner = await joinFamilyOf(t.app, owner);
    const kids = await createCategory(t.app, owner, { name: "Filhos" });
    const me = await createCategory(t.app, owner, { name: "Eu" });
    const school = await create(owner, {
      matchKind: "startsWith",
      pattern: "Escola",
      categoryId: kids.id,
      forUserId: partner.user.id,
      paidByUserId: partner.user.id,
    });
    const gym = await create(owner, {
      matchKind: "contains",
      pattern: "smart fit",
      categoryId: me.id,
      private: true,
    });
    const csv = [
      "Data;Histórico;Valor",
      "02/04/2026;ESCOLA ABC MENSALIDADE;-900,00",
      "03/04/2026;SMART FIT 0123;-119,90",
      "04/04/2026;Padaria;-10,00",
    ].join("\n");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/imports/preview",
      headers: { cookie: owner.cookie },
      payload: { contentBase64: base64(csv) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json() as ImportPreview;
    expect(preview.lines.map((line) => [line.ruleId, line.suggestedCategoryId])).toEqual([
      [school.id, kids.id],
      [gym.id, me.id],
      [null, null],
    ]);
    expect(preview.rules).toEqual([
      {
        ruleId: school.id,
        pattern: "Escola",
        categoryId: kids.id,
        forUserId: partner.user.id,
        paidByUserId: partner.user.id,
        private: false,
      },
      {
        ruleId: gym.id,
        pattern: "smart fit",
        categoryId: me.id,
        forUserId: null,
        paidByUserId: null,
        private: true,
      },
    ]);
    // The partner's preview has no private rule of the owner's.
    const theirs = await t.app.inject({
      method: "POST",
      url: "/api/imports/preview",
      headers: { cookie: partner.cookie },
      payload: { contentBase64: base64(csv) },
    });
    expect((theirs.json() as ImportPreview).lines.map((line) => line.ruleId)).toEqual([
      school.id,
      null,
      null,
    ]);

    const commit = await t.app.inject({
      method: "POST",
      url: "/api/imports",
      headers: { cookie: owner.cookie, "idempotency-key": "rules-import-0001" },
      payload: {
        lines: [
          {
            date: "2026-04-02",
            description: "ESCOLA ABC MENSALIDADE",
            amount: "900.00",
            categoryId: kids.id,
            paidByUserId: partner.user.id,
            forUserId: partner.user.id,
          },
          {
            date: "2026-04-03",
            description: "SMART FIT 0123",
            amount: "119.90",
            categoryId: me.id,
            private: true,
          },
        ],
      },
    });
    expect(commit.statusCode, commit.body).toBe(201);
    const mine = (await call(owner, "GET", "/api/expenses?month=4&year=2026")).body as Expense[];
    const school2 = mine.find((e) => e.description === "ESCOLA ABC MENSALIDADE");
    const gym2 = mine.find((e) => e.description === "SMART FIT 0123");
    expect(school2).toMatchObject({ paidByUserId: partner.user.id, private: false });
    expect(gym2).toMatchObject({ paidByUserId: owner.user.id, private: true });
    const partnersList = (await call(partner, "GET", "/api/expenses?month=4&year=2026"))
      .body as Expense[];
    expect(partnersList).toHaveLength(2);
    expect(JSON.stringify(partnersList)).not.toContain("SMART FIT");
  });

  it("refuse a private line paid by or for someone else, or an installment", async () => {
    const owner = await signUpWithFamily(t.app, { language: "pt" });
    const partner = await joinFamilyOf(t.app, owner);
    const category = await createCategory(t.app, owner);
    const line = {
      date: "2026-04-02",
      description: "Loja",
      amount: "10.00",
      categoryId: category.id,
      private: true,
    };
    for (const [extra, message] of [
      [
        { forUserId: partner.user.id },
        "Um gasto privado é pago por quem o adiciona e só para essa pessoa",
      ],
      [
        { paidByUserId: partner.user.id },
        "Um gasto privado é pago por quem o adiciona e só para essa pessoa",
      ],
      [
        { installment: { number: 1, count: 3 } },
        "Uma parcela é privada ou compartilhada junto com a compra toda",
      ],
    ] as const) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/imports",
        headers: {
          cookie: owner.cookie,
          "idempotency-key": `private-${message.length}-${Object.keys(extra)[0]}`,
        },
        payload: { lines: [{ ...line, ...extra }] },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ path: "lines.0.private", message });
    }
  });
});

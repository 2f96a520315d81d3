import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Expense, ExpensePage } from "../../../contract/expenses";
import type { HistoryEntry, HistoryPage } from "../../../contract/history";
import { PAYMENT_METHODS_MAX, type PaymentMethod } from "../../../contract/payment-methods";
import { type SignedIn, signUp } from "../../testing/api-helpers";
import { createCategory, createExpense, createPaymentMethod } from "../../testing/family-helpers";
import { createTestApp, type TestApp } from "../../testing/test-app";

/**
 * The family's payment methods and an expense's "Pago com" (docs/product.md#payment-methods):
 * any member keeps them; a card has its closing and due days; a method its expenses name is
 * archived, never deleted; another family's method is never reachable.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_REGISTER_PER_IP: "1000" } });
});
afterAll(() => t.close());

const call = (
  who: SignedIn,
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: { cookie: who.cookie },
    ...(payload ? { payload } : {}),
  });

/** An owner (Olga, who writes in `language`) and a member (Mario), without starter data. */
async function household(language = "en") {
  const owner = await signUp(t.app, { name: "Olga Owner", preferredLanguage: language });
  const created = await call(owner, "POST", "/api/family", { name: "Casa" });
  expect(created.statusCode, created.body).toBe(201);
  await call(owner, "DELETE", "/api/expenses/examples/clear");
  const member = await signUp(t.app, { name: "Mario Member", preferredLanguage: language });
  const invite = await call(owner, "POST", "/api/family/invite");
  const joined = await call(member, "POST", "/api/family/join", {
    inviteCode: invite.json().inviteCode,
  });
  expect(joined.statusCode, joined.body).toBe(200);
  const category = await createCategory(t.app, owner, { name: "Mercado" });
  return { owner, member, categoryId: category.id };
}

const methods = async (who: SignedIn) => {
  const res = await call(who, "GET", "/api/payment-methods");
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PaymentMethod[];
};

const historyOf = async (who: SignedIn, query = "") => {
  const res = await call(who, "GET", `/api/family/history${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as HistoryPage).items;
};

const fieldErrors = (res: { json: () => unknown }) =>
  (res.json() as { errors?: { path: string; message: string }[] }).errors;

describe("a family's payment methods", () => {
  it("are added by any member: a card with its days and limit, an account without", async () => {
    const { owner, member } = await household();
    const card = await call(member, "POST", "/api/payment-methods", {
      kind: "credit_card",
      name: "  Nubank ",
      closingDay: 3,
      dueDay: 10,
      creditLimit: "5000",
    });
    expect(card.statusCode, card.body).toBe(201);
    expect(card.json()).toMatchObject({
      kind: "credit_card",
      name: "Nubank",
      ownerUserId: member.user.id,
      closingDay: 3,
      dueDay: 10,
      creditLimit: "5000.00",
      isActive: true,
    });
    const account = await call(owner, "POST", "/api/payment-methods", {
      kind: "checking",
      name: "Conta Itaú",
      ownerUserId: member.user.id,
    });
    expect(account.statusCode, account.body).toBe(201);
    expect(account.json()).toMatchObject({
      kind: "checking",
      ownerUserId: member.user.id,
      closingDay: null,
      dueDay: null,
      creditLimit: null,
    });
    await createPaymentMethod(t.app, owner, { kind: "cash", name: "carteira" });
    // Active first, then by name whatever its case.
    await call(owner, "PATCH", `/api/payment-methods/${account.json().id}`, { isActive: false });
    expect((await methods(member)).map((m) => m.name)).toEqual([
      "carteira",
      "Nubank",
      "Conta Itaú",
    ]);
  });

  it("refuses bad input with translated field errors", async () => {
    const { owner } = await household("pt");
    const cases: [object, string, string][] = [
      [
        { kind: "credit_card", name: "Nubank", dueDay: 10 },
        "closingDay",
        "Informe o dia em que a fatura fecha, de 1 a 31",
      ],
      [
        { kind: "credit_card", name: "Nubank", closingDay: 3, dueDay: 32 },
        "dueDay",
        "Informe o dia em que a fatura vence, de 1 a 31",
      ],
      [
        { kind: "credit_card", name: "Nubank", closingDay: 0, dueDay: 10 },
        "closingDay",
        "Informe o dia em que a fatura fecha, de 1 a 31",
      ],
      [
        { kind: "checking", name: "Conta", closingDay: 3 },
        "closingDay",
        "Só um cartão de crédito tem dia de fechamento, dia de vencimento e limite",
      ],
      [
        { kind: "cash", name: "Carteira", creditLimit: "10.00" },
        "creditLimit",
        "Só um cartão de crédito tem dia de fechamento, dia de vencimento e limite",
      ],
      [
        { kind: "credit_card", name: " ", closingDay: 3, dueDay: 10 },
        "name",
        "Informe o nome da forma de pagamento",
      ],
      [
        { kind: "debit", name: "Conta" },
        "kind",
        "Escolha uma conta, dinheiro ou um cartão de crédito",
      ],
      [
        { kind: "credit_card", name: "Nubank", closingDay: 3, dueDay: 10, creditLimit: "0" },
        "creditLimit",
        "O valor deve ser maior que zero",
      ],
    ];
    for (const [payload, path, message] of cases) {
      const res = await call(owner, "POST", "/api/payment-methods", payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(fieldErrors(res), JSON.stringify(payload)).toContainEqual({ path, message });
    }
    expect(await methods(owner)).toEqual([]);
  });

  it("have one name per family, whatever its case; another family may use it", async () => {
    const { owner } = await household("pt");
    await createPaymentMethod(t.app, owner, { name: "Nubank" });
    const again = await call(owner, "POST", "/api/payment-methods", {
      kind: "checking",
      name: "NUBANK",
    });
    expect(again.statusCode).toBe(400);
    expect(fieldErrors(again)).toEqual([
      { path: "name", message: "A família já tem uma forma de pagamento com este nome" },
    ]);
    const other = await createPaymentMethod(t.app, owner, { kind: "cash", name: "Dinheiro" });
    const rename = await call(owner, "PATCH", `/api/payment-methods/${other.id}`, {
      name: "nubank",
    });
    expect(rename.statusCode).toBe(400);
    expect(fieldErrors(rename)?.[0]?.path).toBe("name");
    const elsewhere = await household();
    await createPaymentMethod(t.app, elsewhere.owner, { name: "Nubank" });
  });

  it("have an owner among the current members; a former member stays while edited", async () => {
    const { owner, member } = await household("pt");
    const stranger = await household();
    const res = await call(owner, "POST", "/api/payment-methods", {
      kind: "cash",
      name: "Carteira",
      ownerUserId: stranger.owner.user.id,
    });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)).toEqual([
      { path: "ownerUserId", message: "Escolha um membro da família" },
    ]);
    const card = await createPaymentMethod(t.app, owner, { ownerUserId: member.user.id });
    const removed = await call(owner, "DELETE", `/api/family/members/${member.user.id}`, {
      keepExpenses: true,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const edited = await call(owner, "PATCH", `/api/payment-methods/${card.id}`, {
      ownerUserId: member.user.id,
      dueDay: 15,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ ownerUserId: member.user.id, dueDay: 15 });
  });

  it("change partially; a card's fields on an account are refused; the kind never changes", async () => {
    const { owner } = await household();
    const card = await createPaymentMethod(t.app, owner, { creditLimit: "1000.00" });
    const res = await call(owner, "PATCH", `/api/payment-methods/${card.id}`, {
      closingDay: 28,
      creditLimit: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ closingDay: 28, dueDay: 10, creditLimit: null });
    const account = await createPaymentMethod(t.app, owner, { kind: "savings", name: "Poupança" });
    const bad = await call(owner, "PATCH", `/api/payment-methods/${account.id}`, { dueDay: 5 });
    expect(bad.statusCode).toBe(400);
    expect(fieldErrors(bad)?.[0]?.path).toBe("dueDay");
    const kind = await call(owner, "PATCH", `/api/payment-methods/${account.id}`, {
      kind: "credit_card",
    });
    expect(kind.statusCode).toBe(400);
    expect((await methods(owner)).find((m) => m.id === account.id)?.kind).toBe("savings");
  });

  it("are another family's never: 404 on change and delete, nothing changes", async () => {
    const { owner } = await household();
    const card = await createPaymentMethod(t.app, owner);
    const other = await household("pt");
    const patch = await call(other.owner, "PATCH", `/api/payment-methods/${card.id}`, {
      name: "Meu",
    });
    expect(patch.statusCode).toBe(404);
    expect(patch.json()).toMatchObject({
      code: "payment_method_not_found",
      message: "Forma de pagamento não encontrada",
    });
    expect((await call(other.owner, "DELETE", `/api/payment-methods/${card.id}`)).statusCode).toBe(
      404,
    );
    expect(await methods(owner)).toEqual([card]);
    expect(await methods(other.owner)).toEqual([]);
  });

  it("are deleted only while no expense names them; otherwise archived, and kept on the expense", async () => {
    const { owner, member, categoryId } = await household("pt");
    const unused = await createPaymentMethod(t.app, owner, { kind: "cash", name: "Carteira" });
    expect((await call(member, "DELETE", `/api/payment-methods/${unused.id}`)).statusCode).toBe(
      200,
    );
    const card = await createPaymentMethod(t.app, owner, { name: "Nubank" });
    const expense = await createExpense(t.app, member, { categoryId, paymentMethodId: card.id });
    const refused = await call(owner, "DELETE", `/api/payment-methods/${card.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: "payment_method_in_use",
      message:
        "Há despesas pagas com esta forma de pagamento. Arquive-a: elas a mantêm, e ela deixa de ser oferecida.",
    });
    const archived = await call(owner, "PATCH", `/api/payment-methods/${card.id}`, {
      isActive: false,
    });
    expect(archived.json().isActive).toBe(false);
    const listed = (await call(owner, "GET", "/api/expenses")).json() as Expense[];
    expect(listed.find((e) => e.id === expense.id)?.paymentMethodId).toBe(card.id);
  });

  it("stop at the family's cap, with a translated message", async () => {
    const { owner } = await household("pt");
    for (let i = 0; i < PAYMENT_METHODS_MAX; i++) {
      await createPaymentMethod(t.app, owner, { kind: "cash", name: `Carteira ${i}` });
    }
    const res = await call(owner, "POST", "/api/payment-methods", { kind: "cash", name: "Mais" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: "quota_exceeded",
      message: `Uma família pode ter até ${PAYMENT_METHODS_MAX} formas de pagamento.`,
    });
  });

  it("are in the family history: created, changed and deleted, with the owner by name", async () => {
    const { owner, member } = await household();
    const card = await createPaymentMethod(t.app, member, {
      name: "Nubank",
      creditLimit: "5000.00",
    });
    await call(owner, "PATCH", `/api/payment-methods/${card.id}`, {
      name: "Nubank Ultravioleta",
      closingDay: 5,
    });
    await call(owner, "PATCH", `/api/payment-methods/${card.id}`, { isActive: false });
    // Changing nothing records nothing.
    await call(owner, "PATCH", `/api/payment-methods/${card.id}`, { isActive: false });
    await call(owner, "DELETE", `/api/payment-methods/${card.id}`);
    const entries = (await historyOf(owner, "?kind=paymentMethod")).reverse();
    expect(entries.map((e: HistoryEntry) => [e.action, e.actorName, e.subjectLabel])).toEqual([
      ["created", "Mario Member", "Nubank"],
      ["changed", "Olga Owner", "Nubank Ultravioleta"],
      ["changed", "Olga Owner", "Nubank Ultravioleta"],
      ["deleted", "Olga Owner", "Nubank Ultravioleta"],
    ]);
    expect(entries[0]?.changes).toEqual([
      { field: "name", before: null, after: "Nubank" },
      { field: "methodKind", before: null, after: "credit_card" },
      { field: "owner", before: null, after: "Mario Member" },
      { field: "closingDay", before: null, after: 3 },
      { field: "dueDay", before: null, after: 10 },
      { field: "creditLimit", before: null, after: "5000.00" },
      { field: "isActive", before: null, after: true },
    ]);
    expect(entries[1]?.changes).toEqual([
      { field: "name", before: "Nubank", after: "Nubank Ultravioleta" },
      { field: "closingDay", before: 3, after: 5 },
    ]);
    expect(entries[2]?.changes).toEqual([{ field: "isActive", before: true, after: false }]);
  });
});

describe('an expense\'s payment method ("Pago com")', () => {
  it("is not said unless sent: expenses without one answer null, as before", async () => {
    const { owner, categoryId } = await household();
    const expense = await createExpense(t.app, owner, { categoryId });
    expect(expense.paymentMethodId).toBeNull();
    const [entry] = await historyOf(owner, "?kind=expense");
    expect(entry?.changes.map((c) => c.field)).not.toContain("paymentMethod");
  });

  it("is one of the family's active methods; another family's or an archived one is refused", async () => {
    const { owner, member, categoryId } = await household("pt");
    const card = await createPaymentMethod(t.app, owner, { name: "Nubank" });
    const expense = await createExpense(t.app, member, { categoryId, paymentMethodId: card.id });
    expect(expense.paymentMethodId).toBe(card.id);

    const theirs = await createPaymentMethod(t.app, (await household()).owner);
    for (const paymentMethodId of [theirs.id, "not-a-uuid"]) {
      const res = await call(owner, "POST", "/api/expenses", {
        description: "Pão",
        amount: "5.00",
        date: "2026-03-10",
        categoryId,
        paymentMethodId,
      });
      expect(res.statusCode).toBe(400);
      expect(fieldErrors(res)).toEqual([
        { path: "paymentMethodId", message: "Escolha uma das formas de pagamento da família" },
      ]);
    }
    const patched = await call(owner, "PATCH", `/api/expenses/${expense.id}`, {
      paymentMethodId: theirs.id,
    });
    expect(patched.statusCode).toBe(400);

    await call(owner, "PATCH", `/api/payment-methods/${card.id}`, { isActive: false });
    const archived = await call(owner, "POST", "/api/expenses", {
      description: "Pão",
      amount: "5.00",
      date: "2026-03-10",
      categoryId,
      paymentMethodId: card.id,
    });
    expect(archived.statusCode).toBe(400);
    expect(fieldErrors(archived)).toEqual([
      {
        path: "paymentMethodId",
        message: "Esta forma de pagamento está arquivada; escolha outra",
      },
    ]);
    // The expense that already names it keeps it while it is corrected.
    const kept = await call(owner, "PATCH", `/api/expenses/${expense.id}`, {
      paymentMethodId: card.id,
      amount: "11.00",
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ paymentMethodId: card.id, amount: "11.00" });
  });

  it("changes and clears; the history names the method before and after", async () => {
    const { owner, categoryId } = await household();
    const card = await createPaymentMethod(t.app, owner, { name: "Nubank" });
    const account = await createPaymentMethod(t.app, owner, { kind: "checking", name: "Itaú" });
    const expense = await createExpense(t.app, owner, { categoryId, paymentMethodId: card.id });
    await call(owner, "PATCH", `/api/expenses/${expense.id}`, { paymentMethodId: account.id });
    const cleared = await call(owner, "PATCH", `/api/expenses/${expense.id}`, {
      paymentMethodId: null,
    });
    expect(cleared.json().paymentMethodId).toBeNull();
    const entries = (await historyOf(owner, "?kind=expense"))
      .filter((e) => e.subjectId === expense.id)
      .reverse();
    expect(entries[0]?.changes).toContainEqual({
      field: "paymentMethod",
      before: null,
      after: "Nubank",
    });
    // From the card to an account, the purchase leaves the card's bill (docs/product.md#card-bills).
    expect(entries[1]?.changes).toEqual([
      { field: "paymentMethod", before: "Nubank", after: "Itaú" },
      { field: "bill", before: "2026-04-03", after: null },
    ]);
    expect(entries[2]?.changes).toEqual([{ field: "paymentMethod", before: "Itaú", after: null }]);
  });

  it("filters the Expenses list, its totals and the CSV export, which names it", async () => {
    const { owner, member, categoryId } = await household();
    const card = await createPaymentMethod(t.app, owner, { name: "Nubank" });
    await createExpense(t.app, owner, { categoryId, amount: "10.05", paymentMethodId: card.id });
    await createExpense(t.app, member, { categoryId, amount: "20.10", paymentMethodId: card.id });
    await createExpense(t.app, owner, { categoryId, amount: "99.99" });
    const page = (
      await call(member, "GET", `/api/expenses/page?paymentMethodId=${card.id}`)
    ).json() as ExpensePage;
    expect(page.items.map((e) => e.amount)).toEqual(["20.10", "10.05"]);
    expect(page.totals).toEqual({ count: 2, amount: "30.15" });
    const csv = await call(owner, "GET", "/api/expenses/export.csv?language=en");
    const [header, ...lines] = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(header).toBe("Date,Description,Category,Amount,Paid by,Added by,Paid with");
    // Newest first: the last one added (without a method) leads.
    expect(lines.map((line) => line.split(",").at(-1))).toEqual(["", "Nubank", "Nubank"]);
    // Another family's method filters to nothing.
    const theirs = await createPaymentMethod(t.app, (await household()).owner);
    const none = (
      await call(owner, "GET", `/api/expenses/page?paymentMethodId=${theirs.id}`)
    ).json() as ExpensePage;
    expect(none.totals).toEqual({ count: 0, amount: "0.00" });
  });

  it("comes back with a deleted expense restored from the history", async () => {
    const { owner, categoryId } = await household();
    const card = await createPaymentMethod(t.app, owner, { name: "Nubank" });
    const expense = await createExpense(t.app, owner, { categoryId, paymentMethodId: card.id });
    await call(owner, "DELETE", `/api/expenses/${expense.id}`);
    const deleted = (await historyOf(owner, "?kind=expense")).find((e) => e.action === "deleted");
    expect(deleted?.changes).toContainEqual({
      field: "paymentMethod",
      before: "Nubank",
      after: null,
    });
    const restored = await call(owner, "POST", `/api/family/history/${deleted?.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    const listed = (await call(owner, "GET", "/api/expenses")).json() as Expense[];
    expect(listed.find((e) => e.id === expense.id)?.paymentMethodId).toBe(card.id);
  });
});

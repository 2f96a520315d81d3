import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HistoryEntry } from "../../../contract/history";
import type { Income, IncomeList } from "../../../contract/incomes";
import { fromCents, toCents } from "../../../contract/money";
import type { SignedIn } from "../../testing/api-helpers";
import {
  createPaymentMethod,
  joinFamilyOf,
  setBudgetPeriod,
  signUpWithFamily,
} from "../../testing/family-helpers";
import { createTestApp, type TestApp } from "../../testing/test-app";

/**
 * Income (docs/product.md#income): recorded, listed by the family's budget month with its total
 * summed by the database, changed and deleted; a private income seen in a list by its author only
 * and counted in everyone's total.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_REGISTER_PER_IP: "1000" } });
});
afterAll(() => t.close());

type Method = "GET" | "POST" | "PATCH" | "DELETE";
const call = (
  who: SignedIn,
  method: Method,
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

async function couple(language = "pt") {
  const ana = await signUpWithFamily(t.app, { language });
  const leo = await joinFamilyOf(t.app, ana);
  return { ana, leo };
}

const salary = {
  description: "Salário",
  amount: "5000.00",
  kind: "salary",
  date: "2026-03-05",
};

async function addIncome(who: SignedIn, input: Record<string, unknown> = {}): Promise<Income> {
  const res = await call(who, "POST", "/api/incomes", { ...salary, ...input });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function monthOf(who: SignedIn, month = 3, year = 2026): Promise<IncomeList> {
  const res = await call(who, "GET", `/api/incomes?month=${month}&year=${year}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function incomeHistory(who: SignedIn): Promise<HistoryEntry[]> {
  const res = await call(who, "GET", "/api/family/history?kind=income");
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
}

describe("recording an income", () => {
  it("records it received by the caller unless said, and lists it in its budget month", async () => {
    const { ana, leo } = await couple();
    const mine = await addIncome(ana);
    expect(mine).toMatchObject({
      description: "Salário",
      amount: "5000.00",
      kind: "salary",
      receivedByUserId: ana.user.id,
      addedByUserId: ana.user.id,
      paymentMethodId: null,
      private: false,
      recurringRuleId: null,
      date: "2026-03-05",
    });
    const his = await addIncome(ana, {
      description: "Freela de design",
      amount: "1234.56",
      kind: "freelance",
      date: "2026-03-20",
      receivedByUserId: leo.user.id,
    });
    expect(his.receivedByUserId).toBe(leo.user.id);
    // Another month's income is not in March.
    await addIncome(ana, { date: "2026-04-05" });
    const march = await monthOf(leo);
    expect(march.items.map((i) => i.id)).toEqual([his.id, mine.id]);
    expect(march.total).toBe("6234.56");
    expect((await monthOf(ana, 4)).total).toBe("5000.00");
    expect(await monthOf(ana, 5)).toEqual({ items: [], total: "0.00" });
  });

  it("adds up the total to the cent in the database, however many incomes", async () => {
    const { ana } = await couple();
    const amounts = ["0.01", "0.10", "0.20", "1999.99", "0.07", "33.33", "33.33", "33.34"];
    for (const amount of amounts) await addIncome(ana, { amount, kind: "other" });
    const cents = amounts.reduce((sum, amount) => sum + toCents(amount), 0);
    expect((await monthOf(ana)).total).toBe(fromCents(cents));
    expect((await monthOf(ana)).total).toBe("2100.37");
  });

  it("counts an income in the family's budget month its date falls in", async () => {
    const { ana } = await couple();
    // A month that starts on the 10th: March is 10 March - 9 April, so 5 March is February's.
    await setBudgetPeriod(t.app, ana, {
      start: "fixed-day",
      day: 10,
      saturdays: false,
      closedDay: "stay",
    });
    const early = await addIncome(ana, { date: "2026-03-05" });
    const late = await addIncome(ana, { date: "2026-04-09", amount: "10.00" });
    expect((await monthOf(ana, 2)).items.map((i) => i.id)).toEqual([early.id]);
    expect(await monthOf(ana, 3)).toMatchObject({ total: "10.00" });
    expect((await monthOf(ana, 3)).items.map((i) => i.id)).toEqual([late.id]);
  });

  it("returns the first income for a repeated Idempotency-Key and records nothing more", async () => {
    const { ana } = await couple();
    const key = { "idempotency-key": "incomes-1" };
    const first = await call(ana, "POST", "/api/incomes", salary, key);
    const again = await call(ana, "POST", "/api/incomes", salary, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(first.json().id);
    expect((await monthOf(ana)).items).toHaveLength(1);
    expect(await incomeHistory(ana)).toHaveLength(1);
  });

  it("takes an account of the family, never a card nor another family's", async () => {
    const { ana } = await couple("en");
    const account = await createPaymentMethod(t.app, ana, { kind: "checking", name: "Nubank" });
    const card = await createPaymentMethod(t.app, ana);
    const income = await addIncome(ana, { paymentMethodId: account.id });
    expect(income.paymentMethodId).toBe(account.id);

    const onCard = await call(ana, "POST", "/api/incomes", { ...salary, paymentMethodId: card.id });
    expect(onCard.statusCode).toBe(400);
    expect(onCard.json().errors).toEqual([
      { path: "paymentMethodId", message: "Income goes into an account, not a credit card" },
    ]);
    const other = await signUpWithFamily(t.app);
    const theirs = await createPaymentMethod(t.app, other, { kind: "checking" });
    const foreign = await call(ana, "POST", "/api/incomes", {
      ...salary,
      paymentMethodId: theirs.id,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0].path).toBe("paymentMethodId");
    // The account in use cannot be deleted (it is archived instead).
    const remove = await call(ana, "DELETE", `/api/payment-methods/${account.id}`);
    expect(remove.statusCode).toBe(409);
    expect(remove.json().code).toBe("payment_method_in_use");
  });

  it("refuses an archived account for a new income but keeps it on one that has it", async () => {
    const { ana } = await couple("en");
    const account = await createPaymentMethod(t.app, ana, { kind: "savings", name: "Poupança" });
    const income = await addIncome(ana, { paymentMethodId: account.id });
    const archive = await call(ana, "PATCH", `/api/payment-methods/${account.id}`, {
      isActive: false,
    });
    expect(archive.statusCode, archive.body).toBe(200);
    const fresh = await call(ana, "POST", "/api/incomes", {
      ...salary,
      paymentMethodId: account.id,
    });
    expect(fresh.statusCode).toBe(400);
    expect(fresh.json().errors[0].path).toBe("paymentMethodId");
    const kept = await call(ana, "PATCH", `/api/incomes/${income.id}`, {
      amount: "5100.00",
      paymentMethodId: account.id,
    });
    expect(kept.statusCode, kept.body).toBe(200);
  });

  it("refuses bad input with field errors in the caller's language", async () => {
    const { ana } = await couple("pt");
    const stranger = await signUpWithFamily(t.app);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ kind: "lottery" }, "kind", "Escolha o tipo de receita"],
      [
        { receivedByUserId: stranger.user.id },
        "receivedByUserId",
        "Escolha quem recebeu: um membro da família",
      ],
      [{ amount: "0.00" }, "amount", ""],
      [{ amount: "-10.00" }, "amount", ""],
      [{ description: "" }, "description", ""],
      [{ date: "2026-02-30" }, "date", ""],
    ];
    for (const [input, path, message] of cases) {
      const res = await call(ana, "POST", "/api/incomes", { ...salary, ...input });
      expect(res.statusCode, JSON.stringify(input)).toBe(400);
      const errors: { path: string; message: string }[] = res.json().errors;
      expect(errors.map((e) => e.path)).toContain(path);
      if (message) expect(errors).toContainEqual({ path, message });
    }
    const extra = await call(ana, "POST", "/api/incomes", { ...salary, category: "x" });
    expect(extra.statusCode).toBe(400);
    expect((await monthOf(ana)).items).toEqual([]);
  });
});

describe("changing and deleting an income", () => {
  it("changes what is sent, and records the change in the history", async () => {
    const { ana, leo } = await couple();
    const income = await addIncome(ana);
    const res = await call(leo, "PATCH", `/api/incomes/${income.id}`, {
      amount: "5250.50",
      kind: "thirteenth",
      receivedByUserId: leo.user.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: income.id,
      description: "Salário",
      amount: "5250.50",
      kind: "thirteenth",
      receivedByUserId: leo.user.id,
      addedByUserId: ana.user.id,
    });
    expect((await monthOf(ana)).total).toBe("5250.50");
    const [changed, created] = await incomeHistory(ana);
    expect(created).toMatchObject({ kind: "income", action: "created", subjectLabel: "Salário" });
    expect(created?.changes).toContainEqual({ field: "amount", before: null, after: "5000.00" });
    expect(created?.changes).toContainEqual({ field: "incomeKind", before: null, after: "salary" });
    expect(changed).toMatchObject({ kind: "income", action: "changed", actorUserId: leo.user.id });
    expect(changed?.changes).toEqual([
      { field: "amount", before: "5000.00", after: "5250.50" },
      { field: "incomeKind", before: "salary", after: "thirteenth" },
      // Both test members are "Ana Souza": the history keeps names, so no "receivedBy" change.
    ]);
    expect(created?.changes).toContainEqual({
      field: "receivedBy",
      before: null,
      after: "Ana Souza",
    });
  });

  it("refuses a receiver who is not a member, and answers 404 for another family's income", async () => {
    const { ana } = await couple("en");
    const income = await addIncome(ana);
    const other = await signUpWithFamily(t.app);
    const res = await call(ana, "PATCH", `/api/incomes/${income.id}`, {
      receivedByUserId: other.user.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: "receivedByUserId", message: "Choose who received it: a family member" },
    ]);
    for (const [method, payload] of [
      ["PATCH", { amount: "1.00" }],
      ["DELETE", undefined],
    ] as const) {
      const foreign = await call(other, method, `/api/incomes/${income.id}`, payload);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().code).toBe("income_not_found");
    }
    expect((await monthOf(ana)).total).toBe("5000.00");
  });

  it("deletes it from the month and its total, with a history entry", async () => {
    const { ana, leo } = await couple();
    const income = await addIncome(ana);
    await addIncome(ana, { amount: "100.00", kind: "investment", description: "CDB" });
    const res = await call(leo, "DELETE", `/api/incomes/${income.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: true });
    expect((await monthOf(ana)).total).toBe("100.00");
    const again = await call(leo, "DELETE", `/api/incomes/${income.id}`);
    expect(again.statusCode).toBe(404);
    const [deleted] = await incomeHistory(ana);
    expect(deleted).toMatchObject({
      action: "deleted",
      subjectLabel: "Salário",
      restorable: false,
    });
  });
});

describe("a private income", () => {
  it("is in its author's list only, and in everyone's total", async () => {
    const { ana, leo } = await couple();
    await addIncome(ana);
    const freela = await addIncome(leo, {
      description: "Freela secreto",
      amount: "800.00",
      kind: "freelance",
      private: true,
    });
    expect(freela).toMatchObject({ private: true, receivedByUserId: leo.user.id });
    const anas = await monthOf(ana);
    expect(anas.items.map((i) => i.description)).toEqual(["Salário"]);
    expect(anas.total).toBe("5800.00");
    const leos = await monthOf(leo);
    expect(leos.items.map((i) => i.description)).toEqual(["Freela secreto", "Salário"]);
    expect(leos.total).toBe("5800.00");
    // The history says to Ana only that a private entry changed.
    const [entry] = await incomeHistory(ana);
    expect(entry).toMatchObject({
      private: true,
      subjectLabel: null,
      changes: [],
      actorName: null,
    });
    expect(JSON.stringify(await incomeHistory(ana))).not.toContain("secreto");
    const [own] = await incomeHistory(leo);
    expect(own).toMatchObject({ private: true, subjectLabel: "Freela secreto" });
  });

  it("is not there for another member to change or delete", async () => {
    const { ana, leo } = await couple();
    const freela = await addIncome(leo, { private: true, kind: "freelance" });
    for (const [method, payload] of [
      ["PATCH", { amount: "1.00" }],
      ["PATCH", { private: false }],
      ["PATCH", { receivedByUserId: "00000000-0000-4000-8000-000000000000" }],
      ["DELETE", undefined],
    ] as const) {
      const res = await call(ana, method, `/api/incomes/${freela.id}`, payload);
      expect(res.statusCode, `${method} ${JSON.stringify(payload)}`).toBe(404);
      expect(res.json().code).toBe("income_not_found");
    }
    expect((await monthOf(leo)).items[0]).toMatchObject({ amount: "5000.00", private: true });
    const own = await call(leo, "PATCH", `/api/incomes/${freela.id}`, { amount: "900.00" });
    expect(own.statusCode, own.body).toBe(200);
  });

  it("is received by its author only; only its author makes an income private", async () => {
    const { ana, leo } = await couple("pt");
    const refused = await call(ana, "POST", "/api/incomes", {
      ...salary,
      private: true,
      receivedByUserId: leo.user.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { path: "receivedByUserId", message: "Uma receita privada é recebida por quem a adiciona" },
    ]);
    const shared = await addIncome(ana, { receivedByUserId: leo.user.id });
    const notHis = await call(leo, "PATCH", `/api/incomes/${shared.id}`, { private: true });
    expect(notHis.statusCode).toBe(400);
    expect(notHis.json().errors[0].path).toBe("private");
    // Its author makes it private: it becomes received by her.
    const made = await call(ana, "PATCH", `/api/incomes/${shared.id}`, { private: true });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ private: true, receivedByUserId: ana.user.id });
    expect((await monthOf(leo)).items).toEqual([]);
    expect((await monthOf(leo)).total).toBe("5000.00");
  });
});

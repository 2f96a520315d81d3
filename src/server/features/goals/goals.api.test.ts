import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContributionList, Goal, GoalList } from "../../../contract/goals";
import type { HistoryPage } from "../../../contract/history";
import type { PaymentMethod } from "../../../contract/payment-methods";
import type { TransferList } from "../../../contract/transfers";
import type { SignedIn } from "../../testing/api-helpers";
import {
  createCategory,
  createExpense,
  createPaymentMethod,
  joinFamilyOf,
  signUpWithFamily,
} from "../../testing/family-helpers";
import { createTestApp, type TestApp } from "../../testing/test-app";

/**
 * Caixinhas, the family's savings goals (docs/product.md#caixinhas-savings-goals): saved, left,
 * the monthly amount and the track; contributions from another account are transfers through
 * the transfer door, undone with them; never spending; another member's private goal is theirs.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    clock: { now: () => new Date("2026-12-07T15:00:00Z") },
    env: { RATE_LIMIT_REGISTER_PER_IP: "1000" },
  });
});
afterAll(() => t.close());

const call = (
  who: SignedIn,
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: { cookie: who.cookie, "accept-language": "pt" },
    ...(payload ? { payload } : {}),
  });

async function ok<T>(who: SignedIn, method: "POST" | "PATCH", url: string, payload: object) {
  const res = await call(who, method, url, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as T;
}

const balanceOf = async (who: SignedIn, id: string) => {
  const res = await call(who, "GET", "/api/payment-methods");
  return (res.json() as PaymentMethod[]).find((m) => m.id === id)?.balance;
};
const goalsOf = async (who: SignedIn) => (await call(who, "GET", "/api/goals")).json() as GoalList;
const fieldErrors = (res: { json: () => unknown }) =>
  (res.json() as { errors?: { path: string; message: string }[] }).errors;

/** A family with its checking account at R$ 2.000,00 and a savings account at zero. */
async function household() {
  const owner = await signUpWithFamily(t.app, { language: "pt" });
  const member = await joinFamilyOf(t.app, owner);
  // Both read Portuguese: the refusals below are in the reader's language.
  await t.database.pool.query("update users set preferred_language = 'pt' where id = $1", [
    member.user.id,
  ]);
  const itau = await createPaymentMethod(t.app, owner, {
    kind: "checking",
    name: "Itaú conta",
    openingBalance: "2000.00",
    openingDate: "2026-11-01",
  });
  const savings = await createPaymentMethod(t.app, owner, { kind: "savings", name: "Poupança" });
  return { owner, member, itau, savings };
}

describe("a goal", () => {
  it("IPVA 2027: R$ 2.400,00 by March with R$ 800,00 moved in from the checking account asks R$ 400,00 a month, and spends nothing", async () => {
    const { owner, member, itau, savings } = await household();
    const category = await createCategory(t.app, owner);
    await createExpense(t.app, owner, {
      categoryId: category.id,
      amount: "10.00",
      date: "2026-12-01",
    });
    const summary = async () =>
      (await call(owner, "GET", "/api/summary?month=12&year=2026")).json();
    const committed = async () =>
      (await call(owner, "GET", "/api/summary/committed?month=12&year=2026")).json();
    const [summaryBefore, committedBefore] = [await summary(), await committed()];

    const goal = await ok<Goal>(owner, "POST", "/api/goals", {
      name: "  IPVA 2027 ",
      targetAmount: "2400.00",
      targetMonth: "2027-03",
      methodId: savings.id,
    });
    expect(goal).toMatchObject({
      name: "IPVA 2027",
      targetAmount: "2400.00",
      targetDate: "2027-03-31",
      methodId: savings.id,
      isPrivate: false,
      createdByUserId: owner.user.id,
      saved: "0.00",
      left: "2400.00",
      monthsLeft: 4,
      perMonth: "600.00",
      onTrack: true,
    });

    const contribution = await ok<{ id: string; transferId: string }>(
      member,
      "POST",
      `/api/goals/${goal.id}/contributions`,
      { amount: "800.00", date: "2026-12-05", fromMethodId: itau.id },
    );
    expect(contribution).toMatchObject({
      amount: "800.00",
      fromMethodId: itau.id,
      transferId: expect.any(String),
      note: null,
    });
    const [listed] = (await goalsOf(member)).items;
    expect(listed).toMatchObject({
      saved: "800.00",
      left: "1600.00",
      monthsLeft: 4,
      perMonth: "400.00",
      onTrack: true,
    });
    // Money moved between the accounts: a transfer, in the list and the balances.
    expect(await balanceOf(owner, itau.id)).toBe("1200.00");
    expect(await balanceOf(owner, savings.id)).toBe("800.00");
    const transfers = (await call(owner, "GET", "/api/transfers")).json() as TransferList;
    expect(transfers.items).toEqual([
      expect.objectContaining({
        id: contribution.transferId,
        fromMethodId: itau.id,
        toMethodId: savings.id,
        amount: "800.00",
        note: "IPVA 2027",
      }),
    ]);
    // Never spending: the month's figures and what is committed are as they were.
    expect(await summary()).toEqual(summaryBefore);
    expect(await committed()).toEqual(committedBefore);
    const balances = (await call(owner, "GET", "/api/accounts/balances?month=12&year=2026")).json();
    expect(balances.total).toBe("2000.00");

    const history = (
      await call(owner, "GET", "/api/family/history?kind=goal")
    ).json() as HistoryPage;
    expect(history.items.map((entry) => [entry.action, entry.subjectLabel])).toEqual([
      ["created", "IPVA 2027"],
      ["created", "IPVA 2027"],
    ]);
    expect(history.items[0]?.changes).toEqual([
      { field: "amount", before: null, after: "800.00" },
      { field: "date", before: null, after: "2026-12-05" },
      { field: "fromAccount", before: null, after: "Itaú conta" },
    ]);
    expect(history.items[1]?.changes).toEqual([
      { field: "name", before: null, after: "IPVA 2027" },
      { field: "targetAmount", before: null, after: "2400.00" },
      { field: "targetDate", before: null, after: "2027-03-31" },
      { field: "account", before: null, after: "Poupança" },
      { field: "isPrivate", before: null, after: false },
    ]);

    // The transfer is undone from the goal, which keeps its figures whole.
    const fromTransfers = await call(owner, "DELETE", `/api/transfers/${contribution.transferId}`);
    expect(fromTransfers.statusCode).toBe(409);
    expect(fromTransfers.json()).toMatchObject({
      code: "transfer_of_goal",
      message: "Esta transferência guardou dinheiro numa caixinha: desfaça-a na caixinha",
    });
    // Cleared against the bank, it asks first (docs/product.md#reconciliation).
    const cleared = await call(owner, "PUT", `/api/accounts/${savings.id}/cleared`, {
      kind: "transfer",
      entryId: contribution.transferId,
      cleared: true,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const asks = await call(
      member,
      "DELETE",
      `/api/goals/${goal.id}/contributions/${contribution.id}`,
    );
    expect(asks.statusCode).toBe(409);
    expect(asks.json().code).toBe("entry_cleared");
    // Undone: the transfer goes with it, through the door (its own history entry).
    const undo = await call(
      member,
      "DELETE",
      `/api/goals/${goal.id}/contributions/${contribution.id}?confirm=cleared`,
    );
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await balanceOf(owner, itau.id)).toBe("2000.00");
    expect(await balanceOf(owner, savings.id)).toBe("0.00");
    expect((await call(owner, "GET", "/api/transfers")).json()).toEqual({ items: [] });
    expect((await goalsOf(owner)).items[0]).toMatchObject({ saved: "0.00", left: "2400.00" });
    const transferHistory = (
      await call(owner, "GET", "/api/family/history?kind=transfer")
    ).json() as HistoryPage;
    expect(transferHistory.items.map((entry) => entry.action)).toEqual(["deleted", "created"]);
    const again = await call(
      member,
      "DELETE",
      `/api/goals/${goal.id}/contributions/${contribution.id}`,
    );
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe("Caixinha não encontrada");
  });

  it("keeps money already in its account as a contribution alone, and never gives back more than is saved", async () => {
    const { owner, member, savings } = await household();
    const goal = await ok<Goal>(owner, "POST", "/api/goals", {
      name: "Viagem",
      targetAmount: "1000.00",
      methodId: savings.id,
    });
    expect(goal).toMatchObject({
      targetDate: null,
      monthsLeft: null,
      perMonth: null,
      onTrack: null,
    });
    const earmarked = await ok<{ id: string; transferId: string | null }>(
      owner,
      "POST",
      `/api/goals/${goal.id}/contributions`,
      { amount: "300.00", date: "2026-12-01", note: "Já estava lá" },
    );
    expect(earmarked.transferId).toBeNull();
    expect(await balanceOf(owner, savings.id)).toBe("0.00");

    const tooMuch = await call(member, "POST", `/api/goals/${goal.id}/contributions`, {
      amount: "-300.01",
      date: "2026-12-02",
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(fieldErrors(tooMuch)).toEqual([
      { path: "amount", message: "A retirada passa do que está guardado na caixinha" },
    ]);
    const withdrawal = await ok<{ id: string }>(
      member,
      "POST",
      `/api/goals/${goal.id}/contributions`,
      {
        amount: "-300.00",
        date: "2026-12-02",
      },
    );
    expect((await goalsOf(owner)).items[0]).toMatchObject({ saved: "0.00", left: "1000.00" });
    const list = (
      await call(owner, "GET", `/api/goals/${goal.id}/contributions`)
    ).json() as ContributionList;
    expect(list.items.map((item) => item.amount)).toEqual(["-300.00", "300.00"]);

    // What was taken out is not undone from under the withdrawal.
    const undo = await call(owner, "DELETE", `/api/goals/${goal.id}/contributions/${earmarked.id}`);
    expect(undo.statusCode).toBe(409);
    expect(undo.json()).toMatchObject({
      code: "goal_contribution_withdrawn",
      message: "Este dinheiro já foi retirado da caixinha: desfaça a retirada antes",
    });
    expect(
      (await call(owner, "DELETE", `/api/goals/${goal.id}/contributions/${withdrawal.id}`))
        .statusCode,
    ).toBe(200);
    expect((await goalsOf(owner)).items[0]).toMatchObject({ saved: "300.00", left: "700.00" });
  });

  it("is refused, translated, with a card, an archived, another family's or another member's private account, and bad fields", async () => {
    const { owner, member, itau, savings } = await household();
    const card = await createPaymentMethod(t.app, owner, { name: "Nubank" });
    const archived = await createPaymentMethod(t.app, owner, { kind: "cash", name: "Carteira" });
    await call(owner, "PATCH", `/api/payment-methods/${archived.id}`, { isActive: false });
    const mine = await createPaymentMethod(t.app, member, {
      kind: "savings",
      name: "Cofre do Léo",
      isPrivate: true,
    });
    const other = await household();
    const base = { name: "Reforma", targetAmount: "5000.00" };
    const account = [{ path: "methodId", message: "Escolha uma conta da família (não um cartão)" }];
    const cases: [SignedIn, object, { path: string; message: string }[]][] = [
      [owner, { methodId: card.id }, account],
      [owner, { methodId: archived.id }, account],
      [owner, { methodId: other.itau.id }, account],
      [owner, { methodId: mine.id }, account],
      [
        member,
        { methodId: mine.id },
        [
          {
            path: "methodId",
            message: "Uma caixinha da família fica numa conta da família, não numa conta só sua",
          },
        ],
      ],
      [owner, { name: "  " }, [{ path: "name", message: "Informe o nome da caixinha" }]],
      [owner, { name: "x".repeat(61) }, [{ path: "name", message: expect.any(String) }]],
      [owner, { targetAmount: "0" }, [{ path: "targetAmount", message: expect.any(String) }]],
      [
        owner,
        { targetMonth: "2027-13" },
        [{ path: "targetMonth", message: "Escolha o mês, como 03/2027" }],
      ],
    ];
    for (const [who, fields, errors] of cases) {
      const res = await call(who, "POST", "/api/goals", { ...base, ...fields });
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(fieldErrors(res), JSON.stringify(fields)).toEqual(errors);
    }
    // Their own private account holds their own private goal.
    const theirs = await call(member, "POST", "/api/goals", {
      ...base,
      methodId: mine.id,
      isPrivate: true,
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect((await goalsOf(owner)).items).toEqual([]);

    const goal = await ok<Goal>(owner, "POST", "/api/goals", base);
    const contribute = (fields: object) =>
      call(owner, "POST", `/api/goals/${goal.id}/contributions`, {
        amount: "10.00",
        date: "2026-12-01",
        ...fields,
      });
    const noAccount = await contribute({ fromMethodId: itau.id });
    expect(fieldErrors(noAccount)).toEqual([
      {
        path: "fromMethodId",
        message:
          "Esta caixinha não tem conta: escolha uma conta para ela antes de trazer dinheiro de outra",
      },
    ]);
    await ok(owner, "PATCH", `/api/goals/${goal.id}`, { methodId: savings.id });
    for (const [fields, errors] of [
      [
        { fromMethodId: savings.id },
        [{ path: "fromMethodId", message: "Escolha duas contas diferentes" }],
      ],
      [
        { fromMethodId: card.id },
        [{ path: "fromMethodId", message: "Escolha a conta de onde o dinheiro sai" }],
      ],
      [
        { fromMethodId: mine.id },
        [{ path: "fromMethodId", message: "Escolha a conta de onde o dinheiro sai" }],
      ],
      [
        { amount: "-5.00", fromMethodId: itau.id },
        [
          {
            path: "fromMethodId",
            message: "Uma retirada não vem de outra conta: deixe a conta em branco",
          },
        ],
      ],
      [{ amount: "0.00" }, [{ path: "amount", message: "Informe um valor diferente de zero" }]],
      [{ note: "x".repeat(201) }, [{ path: "note", message: expect.any(String) }]],
    ] as const) {
      const res = await contribute(fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(fieldErrors(res), JSON.stringify(fields)).toEqual(errors);
    }
    expect((await call(owner, "GET", "/api/transfers")).json()).toEqual({ items: [] });
    expect(await balanceOf(owner, itau.id)).toBe("2000.00");
  });

  it("is one of at most 100 of the family's, its members' private ones included", async () => {
    const { owner, member } = await household();
    await ok(member, "POST", "/api/goals", {
      name: "Minha",
      targetAmount: "1.00",
      isPrivate: true,
    });
    await t.database.pool.query(
      `insert into goals (family_id, name, target_amount, created_by_user_id)
        select $1, 'Meta ' || n, 10, $2 from generate_series(1, 98) n`,
      [owner.familyId, owner.user.id],
    );
    await ok(owner, "POST", "/api/goals", { name: "Centésima", targetAmount: "1.00" });
    const refused = await call(owner, "POST", "/api/goals", {
      name: "Mais uma",
      targetAmount: "1.00",
    });
    expect(refused.statusCode).toBe(400);
    expect(fieldErrors(refused)).toEqual([
      { path: "name", message: "A família já tem 100 caixinhas: apague uma antes de criar outra" },
    ]);
  });

  it("is changed, and deleted with its contributions while the transfers they made stay", async () => {
    const { owner, member, itau, savings } = await household();
    const goal = await ok<Goal>(owner, "POST", "/api/goals", {
      name: "Notebook",
      targetAmount: "3000.00",
      targetMonth: "2027-05",
      methodId: savings.id,
    });
    const changed = await ok<Goal>(member, "PATCH", `/api/goals/${goal.id}`, {
      targetAmount: "3600.00",
      targetMonth: "2027-02",
    });
    expect(changed).toMatchObject({
      name: "Notebook",
      targetAmount: "3600.00",
      targetDate: "2027-02-28",
      monthsLeft: 3,
      perMonth: "1200.00",
    });
    // Only whoever made it makes it theirs.
    const notTheirs = await call(member, "PATCH", `/api/goals/${goal.id}`, { isPrivate: true });
    expect(fieldErrors(notTheirs)).toEqual([
      { path: "isPrivate", message: "Só quem criou a caixinha pode deixá-la só sua" },
    ]);
    await ok(owner, "POST", `/api/goals/${goal.id}/contributions`, {
      amount: "100.00",
      date: "2026-12-03",
      fromMethodId: itau.id,
    });
    const gone = await call(member, "DELETE", `/api/goals/${goal.id}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await goalsOf(owner)).items).toEqual([]);
    expect((await call(owner, "GET", `/api/goals/${goal.id}/contributions`)).statusCode).toBe(404);
    const transfers = (await call(owner, "GET", "/api/transfers")).json() as TransferList;
    expect(transfers.items.map((item) => item.amount)).toEqual(["100.00"]);
    expect(await balanceOf(owner, savings.id)).toBe("100.00");
    const history = (
      await call(owner, "GET", "/api/family/history?kind=goal")
    ).json() as HistoryPage;
    expect(history.items.map((entry) => entry.action)).toEqual([
      "deleted",
      "created",
      "changed",
      "created",
    ]);
    expect(history.items[2]?.changes).toEqual([
      { field: "targetAmount", before: "3000.00", after: "3600.00" },
      { field: "targetDate", before: "2027-05-31", after: "2027-02-28" },
    ]);
  });

  it("of another family answers 404 on every route and is never listed", async () => {
    const ours = await household();
    const theirs = await household();
    const goal = await ok<Goal>(theirs.owner, "POST", "/api/goals", {
      name: "Deles",
      targetAmount: "10.00",
      methodId: theirs.savings.id,
    });
    const contribution = await ok<{ id: string }>(
      theirs.owner,
      "POST",
      `/api/goals/${goal.id}/contributions`,
      { amount: "5.00", date: "2026-12-01", fromMethodId: theirs.itau.id },
    );
    expect(await goalsOf(ours.owner)).toEqual({
      items: [],
      othersPrivate: { count: 0, saved: "0.00", target: "0.00" },
    });
    for (const [method, url, payload] of [
      ["PATCH", `/api/goals/${goal.id}`, { name: "Nosso" }],
      ["GET", `/api/goals/${goal.id}/contributions`, undefined],
      ["POST", `/api/goals/${goal.id}/contributions`, { amount: "-5.00", date: "2026-12-01" }],
      ["DELETE", `/api/goals/${goal.id}/contributions/${contribution.id}`, undefined],
      ["DELETE", `/api/goals/${goal.id}`, undefined],
    ] as const) {
      const res = await call(ours.owner, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe("goal_not_found");
    }
    expect((await goalsOf(theirs.owner)).items[0]).toMatchObject({ name: "Deles", saved: "5.00" });
  });
});

describe("a private goal", () => {
  it("is its maker's alone: others see it only in othersPrivate's sums, 404 on its routes, and none of its history", async () => {
    const { owner, member, itau, savings } = await household();
    const goal = await ok<Goal>(member, "POST", "/api/goals", {
      name: "Presente surpresa",
      targetAmount: "500.00",
      methodId: savings.id,
      isPrivate: true,
    });
    await ok(member, "POST", `/api/goals/${goal.id}/contributions`, {
      amount: "120.00",
      date: "2026-12-02",
    });
    await ok(owner, "POST", "/api/goals", { name: "Família", targetAmount: "100.00" });

    const forOwner = await goalsOf(owner);
    expect(forOwner.items.map((item) => item.name)).toEqual(["Família"]);
    expect(forOwner.othersPrivate).toEqual({ count: 1, saved: "120.00", target: "500.00" });
    const forMember = await goalsOf(member);
    expect(forMember.items.map((item) => item.name)).toEqual(["Família", "Presente surpresa"]);
    expect(forMember.othersPrivate).toEqual({ count: 0, saved: "0.00", target: "0.00" });

    for (const [method, url, payload] of [
      ["PATCH", `/api/goals/${goal.id}`, { name: "Meu" }],
      ["GET", `/api/goals/${goal.id}/contributions`, undefined],
      [
        "POST",
        `/api/goals/${goal.id}/contributions`,
        { amount: "1.00", date: "2026-12-01", fromMethodId: itau.id },
      ],
      ["DELETE", `/api/goals/${goal.id}`, undefined],
    ] as const) {
      const res = await call(owner, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const history = (
      await call(owner, "GET", "/api/family/history?kind=goal")
    ).json() as HistoryPage;
    // Not even a line saying one changed: a private goal is in no total of the family's months.
    expect(history.items.map((entry) => entry.subjectLabel)).toEqual(["Família"]);
    const theirs = (
      await call(member, "GET", "/api/family/history?kind=goal")
    ).json() as HistoryPage;
    expect(theirs.items.filter((entry) => entry.subjectLabel === "Presente surpresa")).toHaveLength(
      2,
    );
    expect(await balanceOf(owner, itau.id)).toBe("2000.00");
  });
});

// @vitest-environment jsdom
import { act } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { invalidateTopics } from "../../lib/query-keys";
import { renderHooksWithCache } from "../../testing/render-hooks";
import { usePayCardBill } from "../card-bills/pay-card-bill";
import { useDeleteExpense } from "../expenses/delete-expense";
import { paymentMethodsQueryKey } from "../payment-methods/get-payment-methods";
import { useCreateRecurringRule } from "../recurring/create-recurring-rule";
import { useDeleteRecurringRule } from "../recurring/delete-recurring-rule";
import { committedKey, committedQueryOptions, fetchCommitted } from "./get-committed";

const committed = committedQueryOptions({ year: 2026, month: 11 }).queryKey;

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(() => vi.unstubAllGlobals());

type Hooks = {
  removeExpense: ReturnType<typeof useDeleteExpense>;
  createRule: ReturnType<typeof useCreateRecurringRule>;
  removeRule: ReturnType<typeof useDeleteRecurringRule>;
  payBill: ReturnType<typeof usePayCardBill>;
};

function render() {
  vi.stubGlobal(
    "fetch",
    vi.fn<typeof fetch>(async () => Response.json({ deleted: true, id: "x" })),
  );
  return renderHooksWithCache(
    (): Hooks => ({
      removeExpense: useDeleteExpense(),
      createRule: useCreateRecurringRule(),
      removeRule: useDeleteRecurringRule(),
      payBill: usePayCardBill(),
    }),
    [committed, paymentMethodsQueryKey],
  );
}

describe("what the coming months already hold", () => {
  it("asks for the months after the shown one", async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => Response.json({ periods: [] }));
    vi.stubGlobal("fetch", fetchMock);
    await fetchCommitted({ year: 2026, month: 12 });
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/summary/committed?month=12&year=2026");
  });

  // docs/product.md#already-committed: installments and other expenses (every expense write
  // refreshes the "/api/summary" prefix) and the recurring rules' bills still to come.
  it.each([
    ["an expense deleted", (hooks: Hooks) => hooks.removeExpense.mutateAsync("e1")],
    [
      "a rule created",
      (hooks: Hooks) =>
        hooks.createRule.mutateAsync({
          description: "Aluguel",
          amount: "1500.00",
          categoryId: "c1",
          frequency: "monthly",
          startDate: "2026-11-05",
        }),
    ],
    ["a rule deleted", (hooks: Hooks) => hooks.removeRule.mutateAsync("r1")],
  ])("is read again after %s", async (_name, write) => {
    const { client, hooks, unmount } = render();
    expect(client.getQueryState(committed)?.isInvalidated).toBe(false);
    await act(async () => {
      await write(hooks());
    });
    unmount();
    expect(client.getQueryState(committed)?.isInvalidated).toBe(true);
  });

  it("is read again when another device changes a rule, or an expense", async () => {
    for (const topic of ["recurring", "expenses"] as const) {
      const { client, unmount } = render();
      await invalidateTopics(client, [topic]);
      unmount();
      expect(client.getQueryState(committed)?.isInvalidated, topic).toBe(true);
    }
    expect(committedKey).toEqual(["/api/summary", "committed"]);
  });
});

describe("a card's limit used", () => {
  // What a card's bills still owe: its purchases and its bills' payments move it.
  it.each([
    ["an expense deleted", (hooks: Hooks) => hooks.removeExpense.mutateAsync("e1")],
    [
      "a bill paid",
      (hooks: Hooks) =>
        hooks.payBill.mutateAsync({
          billId: "b1",
          input: { fromMethodId: "m1", amount: "10.00", paidOn: "2026-11-10" },
        }),
    ],
  ])("is read again after %s", async (_name, write) => {
    const { client, hooks, unmount } = render();
    await act(async () => {
      await write(hooks());
    });
    unmount();
    expect(client.getQueryState(paymentMethodsQueryKey)?.isInvalidated).toBe(true);
  });

  it("is read again when another device changes an expense", async () => {
    const { client, unmount } = render();
    await invalidateTopics(client, ["expenses"]);
    unmount();
    expect(client.getQueryState(paymentMethodsQueryKey)?.isInvalidated).toBe(true);
  });
});

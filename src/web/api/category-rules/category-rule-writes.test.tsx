// @vitest-environment jsdom
import type { QueryClient } from "@tanstack/react-query";
import { act } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { CategoryRuleInput } from "../../../contract/category-rules";
import { renderHooksWithCache } from "../../testing/render-hooks";
import { useApplyCategoryRule } from "./apply-category-rule";
import { useCreateCategoryRule } from "./create-category-rule";
import { useDeleteCategoryRule } from "./delete-category-rule";
import { useReorderCategoryRules } from "./reorder-category-rules";
import { useTestCategoryRule } from "./test-category-rule";
import { useUpdateCategoryRule } from "./update-category-rule";

type Hooks = {
  create: ReturnType<typeof useCreateCategoryRule>;
  update: ReturnType<typeof useUpdateCategoryRule>;
  remove: ReturnType<typeof useDeleteCategoryRule>;
  reorder: ReturnType<typeof useReorderCategoryRules>;
  test: ReturnType<typeof useTestCategoryRule>;
  apply: ReturnType<typeof useApplyCategoryRule>;
};

const keys = {
  rules: ["/api/category-rules"],
  history: ["/api/family/history", {}],
  expensesPage: ["/api/expenses", { month: 3, year: 2026 }],
  summary: ["/api/summary", { month: 3, year: 2026 }],
  cardBills: ["/api/card-bills", "m1"],
} as const;

const input: CategoryRuleInput = {
  matchKind: "contains",
  pattern: "CARREFOUR",
  categoryId: "11111111-1111-4111-8111-111111111111",
};

function setUp() {
  return renderHooksWithCache<Hooks>(
    () => ({
      create: useCreateCategoryRule(),
      update: useUpdateCategoryRule(),
      remove: useDeleteCategoryRule(),
      reorder: useReorderCategoryRules(),
      test: useTestCategoryRule(),
      apply: useApplyCategoryRule(),
    }),
    Object.values(keys),
  );
}

const invalidated = (client: QueryClient) =>
  Object.entries(keys)
    .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
    .map(([name]) => name);

/** Answers every call with `body`; the calls, as [url, method, body]. */
function stubFetch(body: unknown) {
  const fetchMock = vi.fn<typeof fetch>(async () => Response.json(body));
  vi.stubGlobal("fetch", fetchMock);
  return () =>
    fetchMock.mock.calls.map(([url, init]) => [
      url,
      init?.method,
      init?.body ? JSON.parse(String(init.body)) : undefined,
    ]);
}

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(() => vi.unstubAllGlobals());

describe("category rule writes", () => {
  it("a new, changed or deleted rule refreshes the rules and the history (the categories topic)", async () => {
    const calls = stubFetch({ id: "r1" });
    const writes: ((hooks: Hooks) => Promise<unknown>)[] = [
      (hooks) => hooks.create.mutateAsync(input),
      (hooks) => hooks.update.mutateAsync({ id: "r1", input }),
      (hooks) => hooks.remove.mutateAsync("r1"),
    ];
    for (const write of writes) {
      const { client, hooks, unmount } = setUp();
      await act(async () => {
        await write(hooks());
      });
      unmount();
      expect(invalidated(client)).toEqual(["rules", "history", "expensesPage", "summary"]);
    }
    expect(calls()).toEqual([
      ["/api/category-rules", "POST", input],
      ["/api/category-rules/r1", "PUT", input],
      ["/api/category-rules/r1", "DELETE", undefined],
    ]);
  });

  it("a new order sends every id and shows the answer's order at once", async () => {
    const list = { items: [{ id: "b" }, { id: "a" }] };
    const calls = stubFetch(list);
    const { client, hooks, unmount } = setUp();
    await act(() => hooks().reorder.mutateAsync(["b", "a"]));
    unmount();
    expect(calls()).toEqual([["/api/category-rules/order", "PUT", { ids: ["b", "a"] }]]);
    expect(client.getQueryData(keys.rules)).toEqual(list);
    expect(invalidated(client)).toContain("history");
  });

  it("a test changes nothing, so refreshes nothing", async () => {
    const calls = stubFetch({ count: 2, examples: [] });
    const { client, hooks, unmount } = setUp();
    await act(() => hooks().test.mutateAsync(input));
    unmount();
    expect(calls()).toEqual([["/api/category-rules/test", "POST", input]]);
    expect(invalidated(client)).toEqual([]);
  });

  it("applying a rule refreshes what shows the past expenses' categories, not the rules", async () => {
    const calls = stubFetch({ changed: 2 });
    const { client, hooks, unmount } = setUp();
    await act(() => hooks().apply.mutateAsync("r1"));
    unmount();
    expect(calls()).toEqual([["/api/category-rules/r1/apply", "POST", undefined]]);
    expect(invalidated(client)).toEqual(["history", "expensesPage", "summary", "cardBills"]);
  });
});

// @vitest-environment jsdom
import { QueryClientProvider, type UseMutationResult } from "@tanstack/react-query";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n/init";
import { ApiRequestError } from "../../lib/api-client";
import { createQueryClient } from "../../lib/query-client";
import { useClearExampleExpenses } from "./clear-example-expenses";
import { useCreateExpense } from "./create-expense";
import { useDeleteExpense } from "./delete-expense";
import { useUpdateExpense } from "./update-expense";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

const id = "11111111-1111-4111-8111-111111111111";
const categoryId = "33333333-3333-4333-8333-333333333333";
const input = { description: "Feira", amount: "12.50", categoryId, date: "2025-03-10" };

type AnyMutation = UseMutationResult<unknown, Error, never>;

const mutations = [
  {
    name: "create",
    use: useCreateExpense,
    variables: { input, idempotencyKey: "key-1" },
    method: "POST",
    url: "/api/expenses",
    body: input,
  },
  {
    name: "update",
    use: useUpdateExpense,
    variables: { id, input: { description: "Feira do sábado" } },
    method: "PATCH",
    url: `/api/expenses/${id}`,
    body: { description: "Feira do sábado" },
  },
  {
    name: "delete",
    use: useDeleteExpense,
    variables: id,
    method: "DELETE",
    url: `/api/expenses/${id}`,
    body: undefined,
  },
  {
    name: "clear examples",
    use: useClearExampleExpenses,
    variables: undefined,
    method: "DELETE",
    url: "/api/expenses/examples/clear",
    body: undefined,
  },
] as const;

let root: Root;
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  initI18n("pt");
});
beforeEach(() => {
  root = createRoot(document.createElement("div"));
});
afterEach(() => {
  act(() => root.unmount());
  vi.unstubAllGlobals();
});

function answer(status: number, body: unknown) {
  fetchMock = vi.fn<typeof fetch>(
    async () =>
      new Response(JSON.stringify(body), {
        status,
        headers: { "Content-Type": "application/json" },
      }),
  );
  vi.stubGlobal("fetch", fetchMock);
}

const result: { current?: AnyMutation } = {};
function Probe({ use }: { use: () => unknown }) {
  result.current = use() as AnyMutation;
  return null;
}

/** Renders the hook under a client holding one cached read of each kind. */
function renderMutation(use: () => unknown) {
  const client = createQueryClient();
  const keys = {
    page: ["/api/expenses", "page", { search: "feira" }],
    summary: ["/api/summary", { year: 2025, month: 3 }],
    balances: ["/api/balances", "all"],
    categories: ["/api/categories"],
  };
  for (const key of Object.values(keys)) client.setQueryData(key, []);
  act(() =>
    root.render(
      <QueryClientProvider client={client}>
        <Probe use={use} />
      </QueryClientProvider>,
    ),
  );
  const invalidated = (key: readonly unknown[]) =>
    client.getQueryState(key)?.isInvalidated ?? false;
  return { result, keys, invalidated };
}

describe.each(mutations)("the $name mutation", (mutation) => {
  it("sends its call and marks every expense list and every month summary stale", async () => {
    answer(200, { deleted: true, deletedCount: 1, id });
    const { result, keys, invalidated } = renderMutation(mutation.use);
    await act(async () => {
      await result.current?.mutateAsync(mutation.variables as never);
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe(mutation.url);
    expect(init?.method).toBe(mutation.method);
    expect(init?.body === undefined ? undefined : JSON.parse(String(init.body))).toEqual(
      mutation.body,
    );
    expect(invalidated(keys.page)).toBe(true);
    expect(invalidated(keys.summary)).toBe(true);
    // Who paid and for whom move who owes whom.
    expect(invalidated(keys.balances)).toBe(true);
    // What an expense cannot change stays cached.
    expect(invalidated(keys.categories)).toBe(false);
  });

  it("fails with the API's error, and leaves the caches alone", async () => {
    answer(404, { message: "Gasto não encontrado", code: "expense_not_found" });
    const { result, keys, invalidated } = renderMutation(mutation.use);
    let failure: unknown;
    await act(async () => {
      failure = await result.current?.mutateAsync(mutation.variables as never).catch((e) => e);
    });
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect(failure).toMatchObject({ status: 404, code: "expense_not_found" });
    expect((failure as ApiRequestError).apiError?.message).toBe("Gasto não encontrado");
    expect(invalidated(keys.page)).toBe(false);
    expect(invalidated(keys.summary)).toBe(false);
  });
});

describe("creating an expense", () => {
  it("sends the submission's Idempotency-Key, so a retried request cannot add a second", async () => {
    answer(201, { id });
    const { result } = renderMutation(useCreateExpense);
    await act(async () => {
      await result.current?.mutateAsync({ input, idempotencyKey: "key-42" } as never);
    });
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.get("idempotency-key")).toBe("key-42");
    expect(headers.get("content-type")).toBe("application/json");
  });
});

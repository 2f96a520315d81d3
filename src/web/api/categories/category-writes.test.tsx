// @vitest-environment jsdom
import type { QueryClient } from "@tanstack/react-query";
import { act } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { renderHooksWithCache } from "../../testing/render-hooks";
import { useCreateCategory } from "./create-category";
import { useDeleteCategory } from "./delete-category";
import { useUpdateCategory } from "./update-category";

type Hooks = {
  create: ReturnType<typeof useCreateCategory>;
  update: ReturnType<typeof useUpdateCategory>;
  remove: ReturnType<typeof useDeleteCategory>;
};

const keys = {
  categories: ["/api/categories"],
  expensesPage: ["/api/expenses", { month: 3, year: 2026 }],
  summary: ["/api/summary", { month: 3, year: 2026 }],
  family: ["/api/family"],
} as const;

/** A client holding one cached answer per key, and the hooks rendered against it. */
function setUp() {
  return renderHooksWithCache<Hooks>(
    () => ({
      create: useCreateCategory(),
      update: useUpdateCategory(),
      remove: useDeleteCategory(),
    }),
    Object.values(keys),
  );
}

function invalidated(client: QueryClient) {
  return Object.entries(keys)
    .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
    .map(([name]) => name);
}

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(() => vi.unstubAllGlobals());

describe("category writes refresh what shows categories", () => {
  it("a new category: the categories, the expense lists and the month summaries (the categories topic)", async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => Response.json({ id: "c1" }, { status: 201 }));
    vi.stubGlobal("fetch", fetchMock);
    const { client, hooks, unmount } = setUp();
    await act(() =>
      hooks().create.mutateAsync({
        name: "Mercado",
        icon: "tag",
        color: "#3b82f6",
        weeklyBudget: "100.00",
        monthlyBudget: "400.00",
      }),
    );
    unmount();
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/categories");
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe("POST");
    expect(invalidated(client)).toEqual(["categories", "expensesPage", "summary"]);
  });

  it("a changed category: the categories, the expense lists, which name it, and the month summaries", async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => Response.json({ id: "c1" }));
    vi.stubGlobal("fetch", fetchMock);
    const { client, hooks, unmount } = setUp();
    await act(() => hooks().update.mutateAsync({ id: "c1", input: { name: "Feira" } }));
    unmount();
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/categories/c1");
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe("PATCH");
    expect(invalidated(client)).toEqual(["categories", "expensesPage", "summary"]);
  });

  it("a deleted category: also every expense list, whose expenses became uncategorised", async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => Response.json({ deleted: true }));
    vi.stubGlobal("fetch", fetchMock);
    const { client, hooks, unmount } = setUp();
    await act(() => hooks().remove.mutateAsync("c1"));
    unmount();
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/categories/c1");
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe("DELETE");
    expect(invalidated(client)).toEqual(["categories", "expensesPage", "summary"]);
  });

  it("a failed write refreshes nothing", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(async () =>
        Response.json(
          { message: "Categoria não encontrada", code: "category_not_found" },
          { status: 404 },
        ),
      ),
    );
    const { client, hooks, unmount } = setUp();
    const error = await act(() =>
      hooks()
        .remove.mutateAsync("c1")
        .catch((e: unknown) => e),
    );
    unmount();
    expect(error).toMatchObject({ status: 404, code: "category_not_found" });
    expect(invalidated(client)).toEqual([]);
  });
});

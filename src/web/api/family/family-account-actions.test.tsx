// @vitest-environment jsdom
import type { QueryClient } from "@tanstack/react-query";
import { act } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { renderHooksWithCache } from "../../testing/render-hooks";
import { useDeleteFamily } from "./delete-family";
import { useLeaveFamily } from "./leave-family";
import { useTransferOwnership } from "./transfer-ownership";

type Hooks = {
  leave: ReturnType<typeof useLeaveFamily>;
  transfer: ReturnType<typeof useTransferOwnership>;
  remove: ReturnType<typeof useDeleteFamily>;
};

const keys = {
  family: ["/api/family"],
  members: ["/api/family/members"],
  categories: ["/api/categories"],
  expensesPage: ["/api/expenses", "page", { limit: 50 }],
  summary: ["/api/summary", { month: 3, year: 2026 }],
  user: ["/api/auth/user"],
} as const;

function setUp() {
  return renderHooksWithCache<Hooks>(
    () => ({
      leave: useLeaveFamily(),
      transfer: useTransferOwnership(),
      remove: useDeleteFamily(),
    }),
    Object.values(keys),
  );
}

const cached = (client: QueryClient) =>
  Object.entries(keys)
    .filter(([, key]) => client.getQueryState(key) !== undefined)
    .map(([name]) => name);

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(() => vi.unstubAllGlobals());

describe("leaving, handing over and deleting the family", () => {
  it("leaving: the family becomes none at once and its data leaves the cache", async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => Response.json({ left: true }));
    vi.stubGlobal("fetch", fetchMock);
    const { client, hooks, unmount } = setUp();
    await act(() => hooks().leave.mutateAsync());
    unmount();
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/family/leave");
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe("POST");
    expect(client.getQueryData(keys.family)).toBeNull();
    expect(cached(client)).toEqual(["family", "user"]);
  });

  it("deleting: the same, after sending the typed name", async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => Response.json({ deleted: true }));
    vi.stubGlobal("fetch", fetchMock);
    const { client, hooks, unmount } = setUp();
    await act(() => hooks().remove.mutateAsync({ name: "Casa" }));
    unmount();
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/family");
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe("DELETE");
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe(JSON.stringify({ name: "Casa" }));
    expect(client.getQueryData(keys.family)).toBeNull();
    expect(cached(client)).toEqual(["family", "user"]);
  });

  it("handing over: the family with the caller's new role at once, the members refetched", async () => {
    const family = { id: "f1", name: "Casa", role: "member" };
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(async () => Response.json(family)),
    );
    const { client, hooks, unmount } = setUp();
    await act(() => hooks().transfer.mutateAsync({ userId: "u2" }));
    unmount();
    expect(client.getQueryData(keys.family)).toEqual(family);
    expect(client.getQueryState(keys.members)?.isInvalidated).toBe(true);
    expect(client.getQueryState(keys.expensesPage)?.isInvalidated).toBe(false);
  });

  it("a refused call changes nothing in the cache", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(async () =>
        Response.json({ code: "owner_cannot_leave", message: "No" }, { status: 409 }),
      ),
    );
    const { client, hooks, unmount } = setUp();
    await act(() =>
      hooks()
        .leave.mutateAsync()
        .catch(() => undefined),
    );
    unmount();
    expect(client.getQueryData(keys.family)).toEqual({ cached: true });
    expect(cached(client)).toEqual(Object.keys(keys));
  });
});

import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient, getQueryFn, urlOfQueryKey } from "./query-client";

function stubFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>(async () => response);
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

function run<T>(
  fn: ReturnType<typeof getQueryFn<T>>,
  queryKey: readonly unknown[],
): Promise<T> | T {
  const context = {
    queryKey,
    signal: new AbortController().signal,
    meta: undefined,
    client: createQueryClient(),
  } as unknown as Parameters<typeof fn>[0];
  return fn(context);
}

describe("getQueryFn", () => {
  it("GETs the key segments joined by '/' with credentials", async () => {
    const fetchMock = stubFetch(
      new Response('[{"id":1}]', { headers: { "Content-Type": "application/json" } }),
    );
    const data = await run(getQueryFn({ on401: "throw" }), ["/api/expenses", "abc"]);
    expect(data).toEqual([{ id: 1 }]);
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/expenses/abc");
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe("include");
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe("GET");
  });

  it("returns null on 401 in returnNull mode", async () => {
    stubFetch(new Response('{"message":"no"}', { status: 401 }));
    expect(await run(getQueryFn({ on401: "returnNull" }), ["/api/auth/user"])).toBeNull();
  });

  it("throws on 401 in throw mode", async () => {
    stubFetch(new Response('{"message":"no"}', { status: 401 }));
    await expect(run(getQueryFn({ on401: "throw" }), ["/api/family"])).rejects.toThrow(/^401: /);
  });

  it("still throws other errors in returnNull mode", async () => {
    stubFetch(new Response("boom", { status: 500 }));
    await expect(run(getQueryFn({ on401: "returnNull" }), ["/api/auth/user"])).rejects.toThrow(
      "500: boom",
    );
  });
});

describe("createQueryClient", () => {
  it("never retries, polls or refetches on focus, keeps data fresh and cached 5 minutes", () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: 300_000,
    });
    expect(defaults.mutations?.retry).toBe(false);
  });

  it("fetches with the default query fn when a query has none", async () => {
    const fetchMock = stubFetch(
      new Response('{"name":"Silva"}', { headers: { "Content-Type": "application/json" } }),
    );
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: ["/api/family"] })).resolves.toEqual({
      name: "Silva",
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/family");
  });

  it("does not retry a failed query", async () => {
    const fetchMock = stubFetch(new Response("down", { status: 500 }));
    await expect(createQueryClient().fetchQuery({ queryKey: ["/api/x"] })).rejects.toThrow();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe("urlOfQueryKey", () => {
  it("joins segments with '/' and turns a trailing object into the query string", () => {
    expect(urlOfQueryKey(["/api/family", "members"])).toBe("/api/family/members");
    expect(urlOfQueryKey(["/api/expenses", { month: 3, year: 2026 }])).toBe(
      "/api/expenses?month=3&year=2026",
    );
  });
});

import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError } from "./api-client";
import { createQueryClient, urlOfQueryKey } from "./query-client";

function stubFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>(async () => response);
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
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

  it("does not retry a failed query, which fails as an ApiRequestError", async () => {
    const fetchMock = stubFetch(new Response("down", { status: 500 }));
    const error = await createQueryClient()
      .fetchQuery({ queryKey: ["/api/x"] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
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

import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError, getJson } from "./api-client";
import { createQueryClient } from "./query-client";

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

  it("does not retry a failed query, which fails as an ApiRequestError", async () => {
    const fetchMock = stubFetch(new Response("down", { status: 500 }));
    const error = await createQueryClient()
      .fetchQuery({ queryKey: ["/api/x"], queryFn: () => getJson("/api/x") })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

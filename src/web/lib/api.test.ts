import { afterEach, describe, expect, it, vi } from "vitest";
import { apiFetch, apiRequest, HttpError, readBody } from "./api";
import { ApiRequestError } from "./api-client";

function stubFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>(async () => response);
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function sentInit(fetchMock: ReturnType<typeof stubFetch>): RequestInit {
  const init = fetchMock.mock.calls[0]?.[1];
  if (!init) throw new Error("fetch was not called with options");
  return init;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("apiFetch", () => {
  it("sends credentials on every call and defaults to GET", async () => {
    const fetchMock = stubFetch(new Response("[]", { status: 200 }));
    await apiFetch("/api/categories");
    expect(fetchMock).toHaveBeenCalledWith("/api/categories", expect.anything());
    const init = sentInit(fetchMock);
    expect(init.credentials).toBe("include");
    expect(init.method).toBe("GET");
  });

  it("labels a string body without headers as JSON", async () => {
    const fetchMock = stubFetch(new Response("{}", { status: 200 }));
    await apiFetch("/api/family", { method: "POST", body: '{"name":"Silva"}' });
    const headers = new Headers(sentInit(fetchMock).headers);
    expect(headers.get("Content-Type")).toBe("application/json");
    expect(sentInit(fetchMock).body).toBe('{"name":"Silva"}');
  });

  it("keeps a Content-Type the caller chose", async () => {
    const fetchMock = stubFetch(new Response("", { status: 200 }));
    await apiFetch("/api/x", {
      method: "POST",
      body: "a=1",
      headers: { "Content-Type": "text/plain" },
    });
    expect(new Headers(sentInit(fetchMock).headers).get("Content-Type")).toBe("text/plain");
  });

  it("adds no Content-Type when there is no body", async () => {
    const fetchMock = stubFetch(new Response("", { status: 200 }));
    await apiFetch("/api/expenses/1", { method: "DELETE" });
    expect(new Headers(sentInit(fetchMock).headers).has("Content-Type")).toBe(false);
  });

  it("fails with the new client's ApiRequestError, so screens read it the same way", async () => {
    stubFetch(new Response('{"message":"Nope","code":"forbidden"}', { status: 403 }));
    const error = await apiFetch("/api/family/members/1").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(403);
    expect((error as ApiRequestError).code).toBe("forbidden");
    expect((error as ApiRequestError).apiError?.message).toBe("Nope");
  });

  it("has no API error when the failure's body is not the API's", async () => {
    stubFetch(new Response("", { status: 503, statusText: "Service Unavailable" }));
    const error = await apiFetch("/api/health").catch((e: unknown) => e);
    expect((error as ApiRequestError).status).toBe(503);
    expect((error as ApiRequestError).apiError).toBeUndefined();
  });
});

describe("apiRequest", () => {
  it("sends data as JSON with the method given", async () => {
    const fetchMock = stubFetch(new Response("{}", { status: 201 }));
    const response = await apiRequest("POST", "/api/expenses", { amount: "10.50" });
    expect(response.status).toBe(201);
    const init = sentInit(fetchMock);
    expect(init.method).toBe("POST");
    expect(init.body).toBe('{"amount":"10.50"}');
    expect(init.credentials).toBe("include");
    expect(new Headers(init.headers).get("Content-Type")).toBe("application/json");
  });

  it("sends no body when there is no data", async () => {
    const fetchMock = stubFetch(new Response("{}", { status: 200 }));
    await apiRequest("POST", "/api/family/invite");
    expect(sentInit(fetchMock).body).toBeUndefined();
    expect(new Headers(sentInit(fetchMock).headers).has("Content-Type")).toBe(false);
  });

  it("rejects non-OK responses", async () => {
    stubFetch(new Response("Conflict!", { status: 409 }));
    await expect(apiRequest("POST", "/api/family", { name: "x" })).rejects.toBeInstanceOf(
      ApiRequestError,
    );
  });
});

describe("readBody", () => {
  it("parses JSON bodies", async () => {
    const response = new Response('{"a":1}', { headers: { "Content-Type": "application/json" } });
    expect(await readBody(response)).toEqual({ a: 1 });
  });

  it("returns other bodies raw", async () => {
    const response = new Response("hello", { headers: { "Content-Type": "text/plain" } });
    expect(await readBody(response)).toBe("hello");
  });

  it("returns null for an empty body", async () => {
    expect(await readBody(new Response(null, { status: 204 }))).toBeNull();
  });
});

import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { apiErrorSchema } from "../../contract/errors";
import { initI18n } from "../i18n/init";
import { ApiRequestError, asApiError, getJson, sendJson, withQuery } from "./api-client";
import { errorDescription, toastError } from "./toast-error";

function stubFetch(response: () => Response) {
  const fetchMock = vi.fn<typeof fetch>(async () => response());
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function sent(fetchMock: ReturnType<typeof stubFetch>) {
  const [url, init] = fetchMock.mock.calls[0] ?? [];
  if (!init) throw new Error("fetch was not called with options");
  return { url, init, headers: new Headers(init.headers) };
}

async function failureOf(call: Promise<unknown>): Promise<ApiRequestError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiRequestError)) throw new Error(`expected ApiRequestError: ${error}`);
  return error;
}

beforeAll(() => {
  initI18n("pt");
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("getJson", () => {
  it("GETs with the session cookie and the language on screen, and no Content-Type", async () => {
    const fetchMock = stubFetch(() => Response.json([{ id: 1 }]));
    expect(await getJson("/api/categories")).toEqual([{ id: 1 }]);
    const { url, init, headers } = sent(fetchMock);
    expect(url).toBe("/api/categories");
    expect(init.method).toBe("GET");
    expect(init.credentials).toBe("include");
    expect(init.body).toBeUndefined();
    expect(headers.get("Accept-Language")).toBe("pt");
    expect(headers.has("Content-Type")).toBe(false);
  });

  it("answers null for an empty body", async () => {
    stubFetch(() => new Response("", { status: 200 }));
    expect(await getJson("/api/family")).toBeNull();
  });

  it("passes the query's abort signal on", async () => {
    const fetchMock = stubFetch(() => Response.json(null));
    const controller = new AbortController();
    await getJson("/api/family", { signal: controller.signal });
    expect(sent(fetchMock).init.signal).toBe(controller.signal);
  });
});

describe("sendJson", () => {
  it("sends the body as JSON, labelled JSON", async () => {
    const fetchMock = stubFetch(() => Response.json({ id: "1", name: "Silva" }, { status: 201 }));
    expect(await sendJson("POST", "/api/family", { name: "Silva" })).toEqual({
      id: "1",
      name: "Silva",
    });
    const { init, headers } = sent(fetchMock);
    expect(init.method).toBe("POST");
    expect(init.body).toBe('{"name":"Silva"}');
    expect(headers.get("Content-Type")).toBe("application/json");
    expect(headers.get("Accept-Language")).toBe("pt");
  });

  it("sends no body and no Content-Type when there is nothing to send", async () => {
    const fetchMock = stubFetch(() => Response.json({ inviteCode: "ABCD2345" }));
    await sendJson("POST", "/api/family/invite");
    const { init, headers } = sent(fetchMock);
    expect(init.body).toBeUndefined();
    expect(headers.has("Content-Type")).toBe(false);
  });

  it("keeps the caller's extra headers", async () => {
    const fetchMock = stubFetch(() => Response.json({}));
    await sendJson("POST", "/api/expenses", {}, { headers: { "Idempotency-Key": "k1" } });
    expect(sent(fetchMock).headers.get("Idempotency-Key")).toBe("k1");
  });
});

describe("a failed call", () => {
  it("becomes an ApiRequestError with the API's code and its (translated) message", async () => {
    stubFetch(() =>
      Response.json(
        { message: "Você já pertence a uma família", code: "already_in_family" },
        { status: 409 },
      ),
    );
    const error = await failureOf(sendJson("POST", "/api/family", { name: "Silva" }));
    expect(error.status).toBe(409);
    expect(error.code).toBe("already_in_family");
    expect(error.apiError?.message).toBe("Você já pertence a uma família");
    expect(errorDescription(error, "Erro ao criar família")).toBe("Você já pertence a uma família");
  });

  it("keeps the field errors of a validation failure", async () => {
    const body = {
      message: "Dados inválidos",
      code: "validation_error",
      errors: [{ path: "name", message: "Nome obrigatório" }],
    };
    stubFetch(() => Response.json(body, { status: 400 }));
    const error = await failureOf(sendJson("PATCH", "/api/profile", {}));
    expect(error.apiError).toEqual(body);
  });

  it("from a proxy's HTML page has no API error, and the screen shows the generic message", async () => {
    stubFetch(
      () =>
        new Response("<html><body>502 Bad Gateway</body></html>", {
          status: 502,
          headers: { "Content-Type": "text/html" },
        }),
    );
    const error = await failureOf(getJson("/api/family"));
    expect(error.status).toBe(502);
    expect(error.apiError).toBeUndefined();
    expect(error.code).toBeUndefined();
    expect(errorDescription(error)).toBe("Algo deu errado. Tente novamente.");
  });

  it("with JSON that is not the API's error shape has no API error either", async () => {
    stubFetch(() => Response.json({ message: "x", code: "not_a_code" }, { status: 500 }));
    const error = await failureOf(getJson("/api/family"));
    expect(error.apiError).toBeUndefined();
    expect(errorDescription(error, "Erro ao carregar")).toBe("Erro ao carregar");
  });

  it("without an answer (network down) rejects with fetch's own error", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    const error = await getJson("/api/family").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect(errorDescription(error, "Erro ao carregar")).toBe("Erro ao carregar");
  });
});

describe("withQuery", () => {
  it("adds the defined, non-empty parameters as a query string", () => {
    expect(withQuery("/api/expenses", { month: 3, year: 2026, q: "", cursor: undefined })).toBe(
      "/api/expenses?month=3&year=2026",
    );
    expect(withQuery("/api/expenses", {})).toBe("/api/expenses");
  });
});

describe("asApiError", () => {
  // It stands in for the contract's apiErrorSchema (the landing page does not load zod): both
  // must take and refuse the same bodies.
  const bodies: unknown[] = [
    { message: "Não encontrado", code: "not_found" },
    { message: "Inválido", code: "validation_error", errors: [{ path: "amount", message: "x" }] },
    { message: "Inválido", code: "validation_error", errors: [] },
    { message: "m", code: "not_found", extra: "dropped" },
    { message: "m", code: "no_such_code" },
    { message: 1, code: "not_found" },
    { code: "not_found" },
    { message: "m", code: "validation_error", errors: "x" },
    { message: "m", code: "validation_error", errors: [{ path: 1, message: "x" }] },
    { message: "m", code: "validation_error", errors: [{ path: "a" }] },
    [],
    null,
    "text",
  ];
  it.each(bodies.map((body) => [JSON.stringify(body), body]))(
    "agrees with the contract's schema on %s",
    (_, body) => {
      const parsed = apiErrorSchema.safeParse(body);
      expect(asApiError(body)).toEqual(parsed.success ? parsed.data : undefined);
    },
  );
});

// A change of an entry cleared against the bank (docs/product.md#reconciliation): the server
// refuses it until the person confirms; sendJson asks them in the server's words.
describe("a change of an entry cleared against the bank", () => {
  const cleared = () =>
    Response.json(
      { code: "entry_cleared", message: "Este lançamento já foi conferido com o banco." },
      { status: 409 },
    );

  it("is asked, and sent again with confirm=cleared when the person goes ahead", async () => {
    let calls = 0;
    const fetchMock = stubFetch(() =>
      ++calls === 1 ? cleared() : Response.json({ deleted: true }),
    );
    const confirm = vi.fn(() => true);
    vi.stubGlobal("confirm", confirm);
    await expect(sendJson("DELETE", "/api/expenses/e1")).resolves.toEqual({ deleted: true });
    expect(confirm).toHaveBeenCalledWith("Este lançamento já foi conferido com o banco.");
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      "/api/expenses/e1",
      "/api/expenses/e1?confirm=cleared",
    ]);
  });

  it("is left as it was when the person says no, and no toast repeats the question", async () => {
    const fetchMock = stubFetch(cleared);
    vi.stubGlobal(
      "confirm",
      vi.fn(() => false),
    );
    const error = await failureOf(sendJson("PATCH", "/api/incomes/i1", { amount: "1.00" }));
    expect(error.code).toBe("entry_cleared");
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(toastError(error, "fallback")).toBeUndefined();
  });
});

import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { openApiPath } from "../../http/openapi-path";
import { registerUser } from "../../testing/api-helpers";
import { createTestApp, type TestApp } from "../../testing/test-app";

/**
 * GET /api/openapi.json (docs/product.md#api-description-openapi): generated from the server's
 * own routes, so these tests read the route table and the document, never a list of routes.
 */

type Operation = {
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: {
    required?: boolean;
    content?: Record<string, { schema?: { required?: string[] } }>;
  };
  responses: Record<
    string,
    { description: string; content?: Record<string, unknown>; headers?: Record<string, unknown> }
  >;
};
type Document = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, unknown>;
    securitySchemes: Record<string, Record<string, string>>;
  };
};

let t: TestApp;
let doc: Document;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
  expect(res.statusCode, res.body).toBe(200);
  doc = res.json();
});
afterAll(() => t.close());

/**
 * Ajv (JSON Schema 2020-12, OpenAPI 3.1's dialect) on the document's own schema for an operation
 * and status: the exact status, else its range (4XX), else `default`; `$ref`s to
 * #/components/schemas resolve inside the document.
 */
function compileResponseSchema(
  document: Document,
  method: string,
  path: string,
  status: number,
): ValidateFunction {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(document, "openapi.json");
  const responses = document.paths[path]?.[method.toLowerCase()]?.responses ?? {};
  const key = [String(status), `${String(status)[0]}XX`, "default"].find((k) => responses[k]);
  expect(key, `${method} ${path} documents no ${status}`).toBeDefined();
  expect(responses[key as string]?.content).toHaveProperty(["application/json", "schema"]);
  const pointer = ["paths", path, method.toLowerCase(), "responses", key as string]
    .concat(["content", "application/json", "schema"])
    .map((part) => encodeURIComponent(part.replace(/~/g, "~0").replace(/\//g, "~1")))
    .join("/");
  return ajv.compile({ $ref: `openapi.json#/${pointer}` });
}

const operation = (method: string, url: string) =>
  doc.paths[openApiPath(url)]?.[method.toLowerCase()];
/** The viewer's own files (@fastify/swagger-ui marks them hidden) are routes but not the API. */
const documentedRoutes = () =>
  t.app.apiRoutes.filter((r) => (r.schema as { hide?: boolean } | undefined)?.hide !== true);

describe("GET /api/openapi.json", () => {
  it("is public JSON, kept by no cache, the app's name and version, the same on every call", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info).toMatchObject({ title: "family-budget", version: "0.1.0" });
    expect(res.body).toBe(JSON.stringify(t.app.swagger()));
    expect((await t.app.inject({ url: "/api/openapi.json" })).body).toBe(res.body);
  });

  it("describes every method and path of the server's route table, and nothing else", () => {
    const routes = documentedRoutes();
    expect(routes.length).toBeGreaterThan(50);
    for (const { method, url } of routes) {
      expect(operation(method, url), `${method} ${url}`).toBeDefined();
    }
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(
      routes.map(({ method, url }) => `${method} ${openApiPath(url)}`).sort(),
    );
    // The viewer's routes are in the table (the authorization matrix calls them), not the document.
    expect(t.app.apiRoutes.some((r) => r.url === "/api/docs/static/*")).toBe(true);
    expect(documented.some((op) => op.includes("/api/docs"))).toBe(false);
  });

  it("leaves out the built web app's own routes (pages, not calls)", async () => {
    const webDir = mkdtempSync(join(tmpdir(), "budget-web-"));
    writeFileSync(join(webDir, "index.html"), "<!doctype html><title>Family Budget</title>");
    const web = await createTestApp({ database: t.database, webDir });
    try {
      expect(web.app.printRoutes()).toContain("index.html");
      const webDoc = (await web.app.inject({ url: "/api/openapi.json" })).json() as Document;
      expect(Object.keys(webDoc.paths).sort()).toEqual(Object.keys(doc.paths).sort());
    } finally {
      await web.close();
    }
  });

  it("is a valid OpenAPI 3.1 document", async () => {
    const result = await new Validator().validate(doc as unknown as Record<string, unknown>);
    expect(result.errors, JSON.stringify(result.errors, null, 2)).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it("names the bearer token and the session cookie, and which calls need them", async () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({
      type: "http",
      scheme: "bearer",
    });
    expect(doc.components.securitySchemes.cookieAuth).toMatchObject({
      type: "apiKey",
      in: "cookie",
      name: "sid",
    });
    const signedIn = [{ bearerAuth: [] }, { cookieAuth: [] }];
    expect(operation("GET", "/api/auth/user")?.security).toEqual(signedIn);
    expect(operation("POST", "/api/expenses")?.security).toEqual(signedIn);
    for (const publicCall of [
      "POST /api/auth/register",
      "POST /api/auth/login",
      "GET /api/health",
      "GET /api/openapi.json",
      "GET /api/family/join/:code",
    ]) {
      const [method = "", url = ""] = publicCall.split(" ");
      expect(operation(method, url)?.security, publicCall).toEqual([]);
    }
    // On https the cookie is __Host-sid (http/authentication.ts): the document says so.
    const https = await createTestApp({ env: { APP_URL: "https://budget.example.org" } });
    try {
      const httpsDoc = (await https.app.inject({ url: "/api/openapi.json" })).json() as Document;
      expect(httpsDoc.components.securitySchemes.cookieAuth?.name).toBe("__Host-sid");
    } finally {
      await https.close();
    }
  });

  it("gives every operation the error shape as its 4XX and 5XX answers, and a success answer", () => {
    expect(doc.components.schemas.ApiError).toMatchObject({
      type: "object",
      required: ["message", "code"],
    });
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const range of ["4XX", "5XX"]) {
          expect(op.responses[range]?.content, `${method} ${path} ${range}`).toEqual({
            "application/json": { schema: { $ref: "#/components/schemas/ApiError" } },
          });
        }
        // A route without a response schema would have only the errors: each route says what it
        // answers when it works (JSON, a file or a redirect).
        expect(
          Object.keys(op.responses).some((status) => /^[23]\d\d$/.test(status)),
          `${method} ${path} declares no success answer`,
        ).toBe(true);
      }
    }
  });

  it("says that month and year name the family's budget month on every call that takes them", () => {
    for (const url of [
      "/api/summary",
      "/api/summary/trend",
      "/api/expenses",
      "/api/recurring/due",
    ]) {
      const description = operation("GET", url)?.description;
      expect(description, url).toContain("the family's budget months");
      expect(description, url).toContain("the family's start rule");
    }
  });

  it("asks for the password in the bodies of the calls that re-authenticate", () => {
    for (const [method, url] of [
      ["POST", "/api/profile/two-factor/setup"],
      ["POST", "/api/profile/two-factor/disable"],
      ["POST", "/api/profile/two-factor/recovery-codes"],
      ["DELETE", "/api/profile/sessions/:id"],
      ["POST", "/api/profile/sessions/end-others"],
    ] as const) {
      const body = operation(method, url)?.requestBody;
      expect(body?.required, `${method} ${url}`).toBe(true);
      expect(body?.content?.["application/json"]?.schema?.required, `${method} ${url}`).toContain(
        "password",
      );
    }
  });

  it("documents every header a route reads from its schema, Idempotency-Key among them", () => {
    let checked = 0;
    for (const { method, url, schema } of documentedRoutes()) {
      const headers = (schema?.headers as z.ZodObject | undefined)?.shape;
      for (const name of Object.keys(headers ?? {})) {
        const parameter = operation(method, url)?.parameters?.find(
          (p) => p.in === "header" && p.name === name,
        );
        expect(parameter, `${method} ${url} header ${name}`).toBeDefined();
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(2);
    for (const [method, url] of [
      ["POST", "/api/expenses"],
      ["POST", "/api/imports"],
    ] as const) {
      expect(operation(method, url)?.parameters).toContainEqual(
        expect.objectContaining({ in: "header", name: "idempotency-key" }),
      );
    }
  });

  it("describes the answers that are not JSON as what they are", async () => {
    const csv = operation("GET", "/api/expenses/export.csv")?.responses["200"];
    expect(Object.keys(csv?.content ?? {})).toEqual(["text/csv"]);
    for (const [url, method] of [
      ["/api/logout", "GET"],
      ["/api/auth/verify-email", "GET"],
      ["/api/family/join/:code", "GET"],
    ] as const) {
      const responses = operation(method, url)?.responses ?? {};
      expect(responses["302"]?.headers, url).toHaveProperty("location");
      expect(responses["302"]?.content, url).toBeUndefined();
      expect(responses["200"], url).toBeUndefined();
    }
    // And the server does answer so.
    expect((await t.app.inject({ url: "/api/logout" })).statusCode).toBe(302);
    const verify = await t.app.inject({ url: "/api/auth/verify-email?token=forged" });
    expect(verify.statusCode).toBe(302);
    expect(verify.headers.location).toBe("/login?verified=false");
  });
});

describe("the main calls' answers match the document", () => {
  /** Validates an answer against the document's schema for that operation and status. */
  const expectDocumented = (operationKey: string, res: LightMyRequestResponse) => {
    const [method = "", path = ""] = operationKey.split(" ");
    const validate = compileResponseSchema(doc, method, path, res.statusCode);
    expect(res.headers["content-type"], operationKey).toMatch(/^application\/json/);
    const body = res.json();
    expect(
      validate(body),
      `${operationKey} ${res.statusCode}: ${JSON.stringify(validate.errors)}`,
    ).toBe(true);
    return body;
  };

  it("as a household script calls them with the bearer token", async () => {
    const inject = t.app.inject.bind(t.app);
    const account = await registerUser(t.app);
    const email = account.email;
    // Registration answered 201 in registerUser; once more for its body, with another address.
    expectDocumented(
      "POST /api/auth/register",
      await inject({
        method: "POST",
        url: "/api/auth/register",
        payload: { email: `x.${email}`, password: "correct horse", name: "Bia" },
      }),
    );
    const { token } = expectDocumented(
      "POST /api/auth/login",
      await inject({
        method: "POST",
        url: "/api/auth/login",
        payload: { email, password: "correct horse" },
      }),
    );
    const bearer = { authorization: `Bearer ${token}` };
    const call = (method: "GET" | "POST", url: string, payload?: object, headers = {}) =>
      inject({ method, url, headers: { ...bearer, ...headers }, ...(payload ? { payload } : {}) });

    expectDocumented("GET /api/auth/user", await call("GET", "/api/auth/user"));
    expect(expectDocumented("GET /api/family", await call("GET", "/api/family"))).toBeNull();
    expectDocumented("POST /api/family", await call("POST", "/api/family", { name: "Souza" }));
    expectDocumented("GET /api/family", await call("GET", "/api/family"));
    expectDocumented("GET /api/family/members", await call("GET", "/api/family/members"));
    expectDocumented("GET /api/categories", await call("GET", "/api/categories"));
    const category = expectDocumented(
      "POST /api/categories",
      await call("POST", "/api/categories", {
        name: "Farmácia",
        icon: "tag",
        color: "#3b82f6",
        weeklyBudget: "0",
        monthlyBudget: "10.00",
      }),
    );
    const card = expectDocumented(
      "POST /api/payment-methods",
      await call("POST", "/api/payment-methods", {
        kind: "credit_card",
        name: "Nubank",
        closingDay: 3,
        dueDay: 10,
        creditLimit: "5000.00",
      }),
    );
    expectDocumented("GET /api/payment-methods", await call("GET", "/api/payment-methods"));
    const today = new Date().toISOString().slice(0, 10);
    const [year, month] = today.split("-").map(Number);
    const expense = {
      description: "Remédio",
      amount: "25.90",
      date: today,
      categoryId: category.id,
      paymentMethodId: card.id,
    };
    const key = { "idempotency-key": crypto.randomUUID() };
    const created = expectDocumented(
      "POST /api/expenses",
      await call("POST", "/api/expenses", expense, key),
    );
    expectDocumented(
      "GET /api/payment-methods/{id}/bills",
      await call("GET", `/api/payment-methods/${card.id}/bills`),
    );
    expectDocumented(
      "GET /api/card-bills/{id}",
      await call("GET", `/api/card-bills/${created.billId}`),
    );
    const series = expectDocumented(
      "POST /api/installments",
      await call("POST", "/api/installments", {
        description: "Geladeira",
        total: "3600.00",
        count: 12,
        firstDate: today,
        categoryId: category.id,
        paymentMethodId: card.id,
      }),
    );
    expectDocumented(
      "GET /api/summary/committed",
      await call("GET", `/api/summary/committed?year=${year}&month=${month}`),
    );
    expectDocumented(
      "GET /api/installments/{id}",
      await call("GET", `/api/installments/${series.id}`),
    );
    // The same Idempotency-Key answers the first expense again, in the same shape.
    const again = await call("POST", "/api/expenses", expense, key);
    expect(expectDocumented("POST /api/expenses", again).id).toBe(created.id);

    expectDocumented("GET /api/expenses/page", await call("GET", "/api/expenses/page?limit=10"));
    expectDocumented("GET /api/expenses", await call("GET", "/api/expenses"));
    expectDocumented(
      "GET /api/expenses",
      await call("GET", `/api/expenses?month=${month}&year=${year}`),
    );
    const summary = `?month=${month}&year=${year}`;
    expectDocumented("GET /api/summary", await call("GET", `/api/summary${summary}`));
    expectDocumented("GET /api/summary/trend", await call("GET", `/api/summary/trend${summary}`));
    await call("POST", "/api/recurring", {
      description: "Aluguel",
      amount: "1200.00",
      categoryId: category.id,
      frequency: "monthly",
      dayOfMonth: 5,
      startDate: "2199-01-01",
    });
    const rules = expectDocumented("GET /api/recurring", await call("GET", "/api/recurring"));
    expect(rules).toHaveLength(1);
    // 25.90 of a 10.00 monthly budget: the bell has an alert.
    const { notifications } = expectDocumented(
      "GET /api/notifications",
      await call("GET", "/api/notifications"),
    );
    expect(notifications.length).toBeGreaterThan(0);

    // Refusals: in the error shape the document gives every operation.
    const invalid = expectDocumented(
      "POST /api/expenses",
      await call("POST", "/api/expenses", { ...expense, amount: "-1" }),
    );
    expect(invalid).toMatchObject({ code: "validation_error", errors: expect.any(Array) });
    const signedOut = await inject({ method: "GET", url: "/api/auth/user" });
    expect(expectDocumented("GET /api/auth/user", signedOut).code).toBe("unauthorized");
    const missing = await inject({
      method: "DELETE",
      url: `/api/expenses/${crypto.randomUUID()}`,
      headers: bearer,
    });
    expect(missing.statusCode).toBe(404);
    expectDocumented("DELETE /api/expenses/{id}", missing);

    // The CSV export answers the content type the document gives it.
    const file = await call("GET", "/api/expenses/export.csv?language=en");
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toMatch(/^text\/csv/);
    expect(operation("GET", "/api/expenses/export.csv")?.responses["200"]?.content).toHaveProperty(
      "text/csv",
    );
  });

  it("the check is not vacuous: a body off the contract fails it", () => {
    const validate = compileResponseSchema(doc, "POST", "/api/expenses", 201);
    expect(validate({ id: "x", amount: 12 })).toBe(false);
    const error = compileResponseSchema(doc, "GET", "/api/auth/user", 401);
    expect(error({ message: "No", code: "not_a_code" })).toBe(false);
    expect(error({ message: "No", code: "unauthorized" })).toBe(true);
  });
});

describe("GET /api/docs", () => {
  it("serves the viewer's page and files from our origin, under the app's own CSP", async () => {
    const page = await t.app.inject({ url: "/api/docs" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    // Every file the page loads is a relative or same-origin address: nothing from a CDN.
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? "");
    expect(sources.length).toBeGreaterThan(3);
    for (const source of sources) expect(source).toMatch(/^(\/api\/docs\/|\.\/)/);
    expect(page.body).not.toMatch(/<script>|<script [^>]*>[^<\s]/);
    const appCsp = (await t.app.inject({ url: "/api/health" })).headers["content-security-policy"];
    expect(page.headers["content-security-policy"]).toBe(appCsp);
    expect(appCsp).toContain("script-src 'self';");
    for (const file of [
      "swagger-ui-bundle.js",
      "swagger-initializer.js",
      "swagger-ui.css",
      "theme/contrast.css",
    ]) {
      const res = await t.app.inject({ url: `/api/docs/static/${file}` });
      expect(res.statusCode, file).toBe(200);
      expect(res.headers["content-security-policy"]).toBe(appCsp);
    }
    // The viewer reads the same document.
    expect((await t.app.inject({ url: "/api/docs/json" })).json()).toEqual(doc);
  });
});

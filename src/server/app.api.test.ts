import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { precompress } from "../../scripts/precompress.mjs";
import { apiErrorSchema } from "../contract/errors";
import { AppError } from "./errors";
import { createTestApp, type TestApp } from "./testing/test-app";
import { createTestDatabase, expectedDatabaseKind } from "./testing/test-database";

const probeBody = z.strictObject({
  name: z.string().min(2, "validation.tooShort"),
  amount: z.string().regex(/^\d+\.\d{2}$/),
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    extend(app) {
      // Probe routes exercising the shared plumbing every feature route relies on.
      app.post("/api/probe", { schema: { body: probeBody } }, async (request) => request.body);
      app.get("/api/probe/conflict", async () => {
        throw new AppError("conflict");
      });
      app.get("/api/probe/crash", async () => {
        throw new Error("database exploded: password=hunter2");
      });
    },
  });
});
afterAll(() => t.close());

describe("GET /api/health", () => {
  it("says which database answers", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", database: expectedDatabaseKind() });
  });

  it("answers 503 with the error shape when the database does not answer", async () => {
    const database = await createTestDatabase();
    const broken = await createTestApp({ database });
    await database.close();
    const res = await broken.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(503);
    expect(apiErrorSchema.parse(res.json()).code).toBe("service_unavailable");
    await broken.app.close();
  });
});

describe("errors", () => {
  it("answers JSON 404 for an unknown /api path, in the caller's language", async () => {
    const en = await t.app.inject({ method: "GET", url: "/api/nope" });
    expect(en.statusCode).toBe(404);
    expect(en.headers["content-type"]).toContain("application/json");
    expect(en.json()).toEqual({ message: "Not found.", code: "not_found" });

    const pt = await t.app.inject({
      method: "DELETE",
      url: "/api/nope/deeper",
      headers: { "accept-language": "pt-BR,pt;q=0.9,en;q=0.8" },
    });
    expect(pt.json()).toEqual({ message: "Não encontrado.", code: "not_found" });

    const es = await t.app.inject({
      method: "GET",
      url: "/api",
      headers: { "accept-language": "fr-FR, es;q=0.5" },
    });
    expect(es.json().message).toBe("No encontrado.");
  });

  it("maps an AppError code to its status", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/probe/conflict" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: "That conflicts with data that already exists.",
      code: "conflict",
    });
  });

  it("hides unexpected errors behind a translated 500", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/probe/crash",
      headers: { "accept-language": "pt" },
    });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      message: "Erro interno do servidor. Tente novamente mais tarde",
      code: "internal",
    });
    expect(res.body).not.toContain("hunter2");
  });

  it("answers 400 with translated field errors for bad input", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/probe",
      headers: { "accept-language": "pt-BR" },
      payload: { name: "a", amount: 12, extra: true },
    });
    expect(res.statusCode).toBe(400);
    const body = apiErrorSchema.parse(res.json());
    expect(body.code).toBe("validation_error");
    expect(body.message).toBe("Alguns campos são inválidos. Verifique e tente novamente.");
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { path: "name", message: "Deve ter no mínimo 2 caracteres" },
        { path: "amount", message: "Valor inválido" },
        { path: "extra", message: "Campo desconhecido" },
      ]),
    );
  });

  it("tells a missing field from a wrong one", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/probe", payload: { name: "Ana" } });
    expect(res.json().errors).toEqual([{ path: "amount", message: "Required" }]);
  });

  it("answers 400 invalid_json for malformed JSON, never 500", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/probe",
      headers: { "content-type": "application/json" },
      payload: '{"name": "Ana", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: "The request body is not valid JSON.",
      code: "invalid_json",
    });
  });

  it("answers 413 for an oversized body and 415 for a non-JSON body", async () => {
    const big = await t.app.inject({
      method: "POST",
      url: "/api/probe",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ name: "x".repeat(200_000), amount: "1.00" }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe("payload_too_large");

    const xml = await t.app.inject({
      method: "POST",
      url: "/api/probe",
      headers: { "content-type": "application/xml" },
      payload: "<a/>",
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().code).toBe("unsupported_media_type");
  });
});

describe("security headers", () => {
  it("sends a strict Content-Security-Policy and no HSTS on http", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    const csp = String(res.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).not.toMatch(/unsafe-eval/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });

  it("turns HSTS on when APP_URL is https", async () => {
    const https = await createTestApp({
      database: t.database,
      env: { APP_URL: "https://budget.example.org" },
    });
    const res = await https.app.inject({ method: "GET", url: "/api/health" });
    expect(res.headers["strict-transport-security"]).toContain("max-age=31536000");
    await https.app.close();
  });
});

describe("web app", () => {
  let web: TestApp;
  beforeAll(async () => {
    const webDir = mkdtempSync(join(tmpdir(), "budget-web-"));
    mkdirSync(join(webDir, "assets"));
    writeFileSync(join(webDir, "index.html"), "<!doctype html><title>Family Budget</title>");
    writeFileSync(join(webDir, "assets", "main-abc123.js"), "console.log(1)");
    writeFileSync(join(webDir, "sw.js"), "self.addEventListener('fetch', () => {})");
    writeFileSync(join(webDir, "manifest.webmanifest"), '{"name":"Family Budget"}');
    precompress(webDir);
    web = await createTestApp({ database: t.database, webDir });
  });
  afterAll(() => web.app.close());

  it("serves the single-page app for every non-API path", async () => {
    for (const url of ["/", "/expenses", "/some/deep/path?x=1", "/login"]) {
      const res = await web.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain("<title>Family Budget</title>");
      expect(res.headers["cache-control"]).toBe("no-cache");
      // No Vite manifest in this folder (as in a dev or test setup): no preload, and no failure.
      expect(res.headers.link).toBeUndefined();
    }
  });

  it("caches hashed assets for a year", async () => {
    const res = await web.app.inject({ method: "GET", url: "/assets/main-abc123.js" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  // The service worker and the manifest keep their names from one version to the next: a year in
  // the HTTP cache would keep a browser on an old version (docs/internals/web.md#the-service-worker-and-offline-data).
  it("never lets the HTTP cache keep the service worker or the manifest", async () => {
    const sw = await web.app.inject({ method: "GET", url: "/sw.js" });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers["cache-control"]).toBe("no-cache");
    expect(sw.headers["content-type"]).toMatch(/javascript/);
    const manifest = await web.app.inject({ method: "GET", url: "/manifest.webmanifest" });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers["cache-control"]).toBe("no-cache");
    expect(manifest.headers["content-type"]).toMatch(/^application\/manifest\+json/);
  });

  it("sends the build's precompressed copies to browsers that accept them", async () => {
    const asset = "/assets/main-abc123.js";
    const br = await web.app.inject({ url: asset, headers: { "accept-encoding": "gzip, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toContain("accept-encoding");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe("console.log(1)");
    const gz = await web.app.inject({ url: asset, headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe("console.log(1)");
    const plain = await web.app.inject({ url: asset, headers: { "accept-encoding": "identity" } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe("console.log(1)");
    // index.html too, at every client-side path.
    const page = await web.app.inject({ url: "/expenses", headers: { "accept-encoding": "br" } });
    expect(page.headers["content-encoding"]).toBe("br");
    expect(page.headers["cache-control"]).toBe("no-cache");
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain("<title>Family Budget");
  });

  it("keeps JSON 404 for unknown API paths and for non-GET page paths", async () => {
    const api = await web.app.inject({ method: "GET", url: "/api/unknown" });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe("not_found");
    const post = await web.app.inject({ method: "POST", url: "/expenses" });
    expect(post.statusCode).toBe(404);
  });
});

describe("web app with the build's manifest", () => {
  let web: TestApp;
  const chunks = {
    en: "assets/en-AAA111.js",
    pt: "assets/pt-BBB222.js",
    es: "assets/es-CCC333.js",
  };
  const appStart = ["assets/main-M.js", "assets/shell-S.js", "assets/helper-H.js"];
  beforeAll(async () => {
    const webDir = mkdtempSync(join(tmpdir(), "budget-web-"));
    mkdirSync(join(webDir, "assets"));
    mkdirSync(join(webDir, ".vite"));
    writeFileSync(
      join(webDir, "index.html"),
      '<!doctype html><title>Family Budget</title><div id="root"></div>',
    );
    const manifest = {
      ...Object.fromEntries(
        Object.entries(chunks).map(([language, file]) => [
          `i18n/locales/${language}.json`,
          { file, src: `i18n/locales/${language}.json`, isDynamicEntry: true },
        ]),
      ),
      // The app's start (src/web/main.tsx), which the entry imports, and what it imports.
      "main.tsx": { file: appStart[0], isDynamicEntry: true, imports: ["_shell.js", "_helper.js"] },
      "_shell.js": { file: appStart[1], imports: ["_helper.js"] },
      "_helper.js": { file: appStart[2] },
      "features/reports.tsx": { file: "assets/reports-R.js", isDynamicEntry: true },
      // What a signed-in visitor's first screen needs besides (http/web-app.ts, preloadChunks).
      "routes/authenticated-layout.tsx": {
        file: "assets/layout-L.js",
        isDynamicEntry: true,
        imports: ["_shell.js", "_frame.js"],
      },
      "_frame.js": { file: "assets/frame-F.js", imports: ["_helper.js"] },
      "node_modules/tailwind-merge/dist/bundle-mjs.mjs": { file: "assets/bundle-mjs-T.js" },
      "routes/dashboard-route.tsx": {
        file: "assets/dashboard-D.js",
        isDynamicEntry: true,
        imports: ["_frame.js"],
      },
      "features/bills.tsx": {
        file: "assets/bills-B.js",
        isDynamicEntry: true,
        imports: ["_ui.js"],
      },
      "_ui.js": { file: "assets/ui-U.js", imports: ["_frame.js"] },
      ...Object.fromEntries(
        Object.keys(chunks).flatMap((language) => [
          [`i18n/catalogues/${language}.ts`, { file: `assets/${language}-catalogue.js` }],
          // The frame features' texts, one module per language (src/web/i18n/init.ts).
          [
            `i18n/catalogues/frame-${language}.ts`,
            { file: `assets/frame-${language}.js`, isDynamicEntry: true },
          ],
          // The other screens' group: never preloaded with the frame.
          [
            `i18n/catalogues/screens-${language}.ts`,
            { file: `assets/screens-${language}.js`, isDynamicEntry: true },
          ],
        ]),
      ),
    };
    writeFileSync(join(webDir, ".vite", "manifest.json"), JSON.stringify(manifest));
    // Which modules each signed-in path shows (scripts/screen-chunks.mjs writes it at build time).
    writeFileSync(
      join(webDir, ".vite", "screens.json"),
      JSON.stringify({
        "/": ["routes/dashboard-route.tsx"],
        "/payment-methods/:id/bills": ["features/bills.tsx", "features/reports.tsx"],
      }),
    );
    for (const file of [...Object.values(chunks), ...appStart])
      writeFileSync(join(webDir, file), "export default {}");
    precompress(webDir);
    web = await createTestApp({ database: t.database, webDir });
  });
  afterAll(() => web.app.close());

  // What the entry imports (src/web/boot.ts) and the frame texts the app asks for before its first
  // render (src/web/i18n/init.ts), sent for early with index.html: the language the page will pick
  // from the browser's (i18n/detect.ts).
  it("preloads the app's start and the frame texts of the browser's language with index.html", async () => {
    const cases: [string | undefined, keyof typeof chunks][] = [
      ["pt-BR,pt;q=0.9,en-US;q=0.8,en;q=0.7", "pt"],
      ["es-AR", "es"],
      ["en-US,en;q=0.9", "en"],
      // The page reads the browser's first language only: French picks English there too.
      ["fr-FR,pt;q=0.8", "en"],
      ["en;q=0.5,pt-PT", "pt"],
      [undefined, "en"],
    ];
    for (const [acceptLanguage, language] of cases) {
      for (const url of ["/", "/expenses", "/index.html"]) {
        const res = await web.app.inject({
          url,
          headers: {
            "accept-encoding": "gzip, br",
            ...(acceptLanguage ? { "accept-language": acceptLanguage } : {}),
          },
        });
        const label = `${url} ${acceptLanguage}`;
        expect(res.statusCode, label).toBe(200);
        // The language's texts, then the app's start and its imports, each once; no lazy screen.
        expect(res.headers.link, label).toBe(
          [chunks[language], ...appStart].map((file) => `</${file}>; rel=modulepreload`).join(", "),
        );
        // What index.html was before stays: never cached, precompressed, and no Vary on the
        // language (the service worker's precache would miss it offline: http/web-app.ts).
        expect(res.headers.vary, label).toBe("accept-encoding");
        expect(res.headers["cache-control"], label).toBe("no-cache");
        expect(res.headers["content-encoding"], label).toBe("br");
        expect(brotliDecompressSync(res.rawPayload).toString()).toContain("<title>Family Budget");
      }
    }
  });

  // A signed-in visitor on a device with no stored user (src/web/lib/auth.ts, probablySignedIn)
  // asks for the signed-in frame, its language's texts and the path's screen as the app starts:
  // sent for with the page, they download beside the app's start (docs/internals/web.md#a-cold-signed-in-visit).
  it("preloads the signed-in frame, the language's app texts and the path's screen with a session cookie", async () => {
    const frame = ["assets/layout-L.js", "assets/frame-F.js", "assets/bundle-mjs-T.js"];
    const texts = (language: keyof typeof chunks) => [
      `assets/${language}-catalogue.js`,
      `assets/frame-${language}.js`,
    ];
    for (const [url, language, screen] of [
      ["/", "pt", ["assets/dashboard-D.js"]],
      ["/?month=3&year=2026", "es", ["assets/dashboard-D.js"]],
      // Each of the screen's modules with its imports, but what the frame already brings.
      [
        "/payment-methods/a1b2/bills",
        "en",
        ["assets/bills-B.js", "assets/ui-U.js", "assets/reports-R.js"],
      ],
      // A path the table does not hold (the app's not-found screen): the frame alone.
      ["/expenses", "en", []],
      ["/payment-methods/a1b2/bills/more", "en", []],
    ] as const) {
      const res = await web.app.inject({
        url,
        headers: { "accept-language": language, cookie: "sid=some-session" },
      });
      expect(res.statusCode, url).toBe(200);
      // The user's and the family's calls first, which every signed-in screen makes.
      expect(res.headers.link, url).toBe(
        [
          "</api/auth/user>; rel=preload; as=fetch; crossorigin=use-credentials",
          "</api/family>; rel=preload; as=fetch; crossorigin=use-credentials",
          ...[chunks[language], ...appStart, ...frame, ...texts(language), ...screen].map(
            (file) => `</${file}>; rel=modulepreload`,
          ),
        ].join(", "),
      );
      expect(res.headers.vary, url).toBe("Cookie, Accept-Language, Accept-Encoding");
      expect(res.body, url).toContain('<div id="root" data-session></div>');
    }
    // The service worker's copy stays the unmarked page with the app's start alone.
    const copy = await web.app.inject({ url: "/index.html", headers: { cookie: "sid=x" } });
    expect(copy.body).not.toContain("data-session");
    expect(copy.headers.link).toBe(
      [chunks.en, ...appStart].map((file) => `</${file}>; rel=modulepreload`).join(", "),
    );
  });

  it("sends the preload with index.html alone, and the CSP allows it", async () => {
    const asset = await web.app.inject({
      url: `/${chunks.pt}`,
      headers: { "accept-language": "pt" },
    });
    expect(asset.headers.link).toBeUndefined();
    const api = await web.app.inject({ url: "/api/health", headers: { "accept-language": "pt" } });
    expect(api.headers.link).toBeUndefined();
    const page = await web.app.inject({ url: "/", headers: { "accept-language": "pt" } });
    expect(page.headers["content-security-policy"]).toContain("script-src 'self'");
  });
});

describe("web app with the prerendered landing page", () => {
  let web: TestApp;
  const index = [
    '<!doctype html><html lang="en"><head><title>Family Budget</title>',
    '<script type="module" src="/assets/index-X.js"></script></head>',
    '<body><div id="root"></div></body></html>',
  ].join("");
  const landing = {
    en: { title: "Family Budget", markup: "<h1>Money, planned</h1>" },
    pt: { title: "Orçamento Familiar", markup: "<h1>Dinheiro planejado</h1>" },
    es: { title: "Presupuesto <Familiar> & co", markup: "<h1>Dinero & <b>plan</b></h1>" },
  };
  beforeAll(async () => {
    const webDir = mkdtempSync(join(tmpdir(), "budget-web-"));
    mkdirSync(join(webDir, ".prerender"));
    writeFileSync(join(webDir, "index.html"), index);
    writeFileSync(join(webDir, ".prerender", "landing.json"), JSON.stringify(landing));
    mkdirSync(join(webDir, ".vite"));
    writeFileSync(
      join(webDir, ".vite", "manifest.json"),
      JSON.stringify({ "main.tsx": { file: "assets/main-M.js", isDynamicEntry: true } }),
    );
    precompress(webDir);
    web = await createTestApp({ database: t.database, webDir });
  });
  afterAll(() => web.app.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    web.app.inject({ url, headers: { "accept-language": "pt-BR,pt;q=0.9", ...headers } });

  // The landing page's LCP (docs/internals/web.md#the-prerendered-landing-page): a visitor without a
  // session paints it from the HTML, before the JavaScript comes (http/web-app.ts's landingPages).
  it("puts the landing page of the browser's language into / for a visitor without a session", async () => {
    for (const [acceptLanguage, language] of [
      ["pt-BR,pt;q=0.9", "pt"],
      ["es-MX", "es"],
      ["en-US", "en"],
      ["fr-FR", "en"],
    ] as const) {
      const res = await get("/", { "accept-language": acceptLanguage });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.headers.vary).toBe("Cookie, Accept-Language, Accept-Encoding");
      // Nothing preloaded: the page is painted before the app's files are asked for (boot.ts).
      expect(res.headers.link).toBeUndefined();
      expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
      expect(res.body).toBe(
        index
          .replace('lang="en"', `lang="${language}"`)
          .replace(
            "<title>Family Budget</title>",
            `<title>${landing[language].title.replace("<Familiar> &", "&lt;Familiar&gt; &amp;")}</title>`,
          )
          .replace(
            '<div id="root"></div>',
            `<div id="root" data-prerendered="${language}">${landing[language].markup}</div>${templatesBeside(language)}`,
          ),
      );
    }
  });

  // The static page's EN/PT/ES buttons show another language's markup from these, with no call
  // to the server and no app (src/web/features/landing/static-landing.ts).
  const titles = {
    en: "Family Budget",
    pt: "Orçamento Familiar",
    es: "Presupuesto &lt;Familiar&gt; &amp; co",
  };
  const templatesBeside = (language: "en" | "pt" | "es") =>
    (["en", "pt", "es"] as const)
      .filter((other) => other !== language)
      .map(
        (other) =>
          `<template data-landing="${other}" data-title="${titles[other]}">${landing[other].markup}</template>`,
      )
      .join("");

  it("sends it compressed as the browser accepts, and to HEAD", async () => {
    const plain = await get("/");
    const br = await get("/", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await get("/", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const head = await web.app.inject({ method: "HEAD", url: "/" });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe("");
  });

  it("sends the page marked as signed in with a session cookie, at any app path", async () => {
    for (const [url, cookie] of [
      ["/", "sid=some-session"],
      ["/", "theme=dark; sid=x"],
      ["/expenses", "sid=x"],
      ["/family/history?page=2", "sid=x"],
    ] as const) {
      const res = await get(url, { cookie });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root" data-session></div>');
      expect(res.body, url).not.toContain("data-prerendered");
      expect(res.headers.link, url).toBe(
        [
          "</api/auth/user>; rel=preload; as=fetch; crossorigin=use-credentials",
          "</api/family>; rel=preload; as=fetch; crossorigin=use-credentials",
          "</assets/main-M.js>; rel=modulepreload",
        ].join(", "),
      );
      expect(res.headers["cache-control"], url).toBe("no-cache");
    }
    // The API's own answers are never the page.
    const api = await get("/api/nothing-here", { cookie: "sid=x" });
    expect(api.statusCode).toBe(404);
    expect(api.headers["content-type"]).toContain("application/json");
  });

  it("sends the empty page without a session cookie at other paths and as /index.html", async () => {
    const empty = '<div id="root"></div>';
    for (const [url, headers] of [
      ["/index.html", { cookie: "sid=some-session" }],
      ["/expenses", {}],
      ["/login", {}],
      // The service worker's copy, which every address starts from offline.
      ["/index.html", {}],
    ] as const) {
      const res = await get(url, headers);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(empty);
      expect(res.body, url).not.toContain("data-prerendered");
      expect(res.headers.link, url).toBe("</assets/main-M.js>; rel=modulepreload");
    }
    // Another cookie is no session: the visitor is still signed out.
    const other = await get("/", { cookie: "theme=dark" });
    expect(other.body).toContain('data-prerendered="pt"');
  });

  it("escapes the title as text and keeps the markup as it is", async () => {
    const res = await get("/", { "accept-language": "es" });
    expect(res.body).toContain("<title>Presupuesto &lt;Familiar&gt; &amp; co</title>");
    expect(res.body).toContain("<h1>Dinero & <b>plan</b></h1>");
  });
});

describe("request logs", () => {
  it("never contain passwords, tokens or cookies", async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await createTestApp({
      database: t.database,
      logStream,
      extend(app) {
        app.post("/api/probe", async () => {
          throw new Error("boom");
        });
      },
    });
    await logged.app.inject({
      method: "POST",
      url: "/api/probe?token=tok-SECRET-1&next=/x",
      headers: {
        cookie: "sid=cookie-SECRET-2",
        authorization: "Bearer bearer-SECRET-3",
      },
      payload: { name: "Ana", amount: "1.00", password: "pw-SECRET-4" },
    });
    await logged.app.inject({ method: "GET", url: "/api/auth/verify-email?token=tok-SECRET-5" });
    await logged.app.close();
    const log = lines.join("");
    expect(log).toContain("/api/probe?token=[REDACTED]&next=/x");
    expect(log).toContain('"statusCode":500');
    for (const secret of ["SECRET-1", "SECRET-2", "SECRET-3", "SECRET-4", "SECRET-5"]) {
      expect(log).not.toContain(secret);
    }
  });
});

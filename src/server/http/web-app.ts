import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { type Language, languages } from "../../contract/common";
import { languageOfBrowserTag } from "../../contract/languages";
import { AppError } from "../errors";
import { sendError } from "./error-handler";

/**
 * Serves the built single-page app: hashed assets cached for a year, index.html never cached,
 * each as its precompressed .br or .gz when the browser accepts it,
 * index.html for every non-API path (client-side routing), JSON 404 for unknown /api paths.
 * index.html comes with a `Link: rel=modulepreload` header for the app's start and the frame
 * texts of the language the page will pick (see addPreloadLink). At `/`, a visitor without a
 * session cookie (`sessionCookie`) gets the landing page already in it (see landingPages); at any
 * app path, a visitor with one gets the signed-in page (see signedInPage).
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDir: string | undefined,
  options: { sessionCookie: string },
) {
  const hasWebApp = webDir !== undefined && existsSync(join(webDir, "index.html"));
  const preloads = hasWebApp ? preloadChunks(webDir) : noPreloads;
  const indexHtml = hasWebApp ? join(webDir, "index.html") : undefined;
  const landing = hasWebApp ? landingPages(webDir) : {};
  const signedIn = hasWebApp ? signedInPage(webDir) : undefined;
  const sendSignedIn = (request: FastifyRequest, reply: FastifyReply, page: CompressedPage) => {
    addPreloadLink(request, reply, preloads, true);
    return sendPage(request, reply, page);
  };
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      // The build writes a .br and a .gz next to each file (scripts/precompress.mjs): a phone gets
      // the landing page's JavaScript compressed, with no compression work per request.
      preCompressed: true,
      setHeaders(reply, path) {
        reply.header(
          "cache-control",
          path.includes(`${join(webDir, "assets")}`)
            ? "public, max-age=31536000, immutable"
            : "no-cache",
        );
        // index.html (or its .br or .gz), at every path: the not-found handler's sendFile too.
        if (path.replace(/\.(br|gz)$/, "") === indexHtml) {
          addPreloadLink(reply.request, reply, preloads);
        }
      },
    });
  }

  if (hasWebApp) {
    app.get("/", (request, reply) => {
      const language = pageLanguageFromAcceptLanguage(request.headers["accept-language"]);
      if (request.cookies?.[options.sessionCookie]) {
        return signedIn
          ? sendSignedIn(request, reply, signedIn)
          : reply.header("cache-control", "no-cache").sendFile("index.html");
      }
      const page = landing[language];
      if (!page) return reply.header("cache-control", "no-cache").sendFile("index.html");
      // No preload: the page is painted before the app's files are asked for (src/web/boot.ts);
      // downloaded before, they would compete with the stylesheet on a phone's connection.
      return sendPage(request, reply, page);
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    if (path === "/api" || path.startsWith("/api/")) {
      return sendError(request, reply, new AppError("not_found"));
    }
    if (request.method !== "GET" && request.method !== "HEAD") {
      return sendError(request, reply, new AppError("not_found"));
    }
    if (!hasWebApp) {
      return reply
        .status(404)
        .type("text/plain")
        .send("The web app is not built: run npm run build.");
    }
    if (signedIn && request.cookies?.[options.sessionCookie]) {
      return sendSignedIn(request, reply, signedIn);
    }
    return reply.header("cache-control", "no-cache").sendFile("index.html");
  });
}

type CompressedPage = { html: Buffer; br: Buffer; gzip: Buffer };

const compressed = (page: string): CompressedPage => {
  const html = Buffer.from(page);
  return {
    html,
    br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(html, { level: 9 }),
  };
};

/** A page compressed at start, in the encoding the browser accepts; it varies by the cookie. */
function sendPage(request: FastifyRequest, reply: FastifyReply, page: CompressedPage) {
  const accepted = request.headers["accept-encoding"] ?? "";
  const encoding = /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : undefined;
  if (encoding) reply.header("content-encoding", encoding);
  return reply
    .header("cache-control", "no-cache")
    .header("vary", "Cookie, Accept-Language, Accept-Encoding")
    .type("text/html; charset=utf-8")
    .send(encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.html);
}

/**
 * index.html for a request with a session cookie: #root carries `data-session`, which the app
 * reads as "most likely signed in" (src/web/lib/auth.ts, probablySignedIn) when the browser has no
 * stored user (a new device after signing in, storage cleared): it asks for the screen's calls and
 * the signed-in frame's files at once, as with a stored user, instead of waiting for the user's
 * answer and loading the landing page's chunk first (docs/internals/web.md#a-cold-signed-in-visit).
 * A cookie that no longer signs in only costs those calls: the user's answer still decides. The
 * service worker's copy (asked for at /index.html) stays the unmarked one.
 */
function signedInPage(webDir: string): CompressedPage | undefined {
  const index = readFileSync(join(webDir, "index.html"), "utf8");
  const page = index.replace('<div id="root"></div>', '<div id="root" data-session></div>');
  return page.includes("data-session") ? compressed(page) : undefined;
}

/**
 * index.html with the landing page in #root, per language, from the build's prerendered markup
 * (scripts/prerender-landing.mjs): a phone paints the page once the HTML and the stylesheet are in,
 * not after the JavaScript is downloaded and run (the landing page's LCP on a phone;
 * docs/internals/web.md#the-prerendered-landing-page). Only at `/` and without a session cookie: a
 * signed-in visitor's screen is not the landing page, and the service worker's copy of
 * index.html (asked for at /index.html) stays the empty one every address can start from. The
 * app is not started under it (docs/decisions/006-react-with-a-static-landing-page.md). #root
 * holds the language the page will pick from the browser's (pageLanguageFromAcceptLanguage); a
 * visitor whose page picks another by a stored choice does not see it (public/theme.js and
 * styles.css hide it) until the page's script shows theirs from its template; one whose English
 * browser is in a Brazilian time zone sees it until then. Compressed once here, as the build does
 * the other files. None without a prerendered build (a test's folder).
 */
function landingPages(webDir: string): Partial<Record<Language, CompressedPage>> {
  const index = readFileSync(join(webDir, "index.html"), "utf8");
  const pages: Partial<Record<Language, CompressedPage>> = {};
  let prerendered: Partial<Record<Language, { title?: unknown; markup?: unknown }>>;
  try {
    prerendered = JSON.parse(readFileSync(join(webDir, ".prerender", "landing.json"), "utf8"));
  } catch {
    return pages;
  }
  const rendered = languages.flatMap((language) => {
    const { title, markup } = prerendered[language] ?? {};
    return typeof title === "string" && typeof markup === "string"
      ? [{ language, title, markup }]
      : [];
  });
  for (const { language, title, markup } of rendered) {
    // The other languages' markup rides along, inert, for the page's EN/PT/ES buttons and for a
    // visitor whose stored choice or time zone picks another (src/web/features/landing/static-landing.ts).
    const others = rendered
      .filter((other) => other.language !== language)
      .map(
        (other) =>
          `<template data-landing="${other.language}" data-title="${escapeHtml(other.title)}">${other.markup}</template>`,
      )
      .join("");
    const page = index
      .replace(/<html lang="[^"]*"/, `<html lang="${language}"`)
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
      .replace(
        '<div id="root"></div>',
        () => `<div id="root" data-prerendered="${language}">${markup}</div>${others}`,
      );
    if (!page.includes("data-prerendered")) continue;
    pages[language] = compressed(page);
  }
  return pages;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

type PreloadChunks = {
  app: string[];
  frameTexts: Partial<Record<Language, string>>;
  /** What a signed-in visitor's first screen needs besides the app's start (see signedInPage). */
  signedIn: {
    frame: string[];
    texts: Partial<Record<Language, string[]>>;
    /** Each signed-in path's screen (`.vite/screens.json`, scripts/screen-chunks.mjs). */
    screens: { path: RegExp; files: string[] }[];
  };
};

const noPreloads: PreloadChunks = {
  app: [],
  frameTexts: {},
  signedIn: { frame: [], texts: {}, screens: [] },
};

type Manifest = Record<string, { file?: unknown; imports?: unknown }>;

/**
 * The files of `keys` and of every chunk they import statically, from Vite's manifest, but those
 * already `known` (which another preload brings) and what is reached only through them.
 */
function closureFiles(
  manifest: Manifest,
  keys: readonly string[],
  known: ReadonlySet<string> = new Set(),
): string[] {
  const seen = new Set(known);
  const found: string[] = [];
  const visit = (key: string) => {
    const file = manifest[key]?.file;
    if (typeof file !== "string" || seen.has(`/${file}`)) return;
    seen.add(`/${file}`);
    found.push(`/${file}`);
    const imports = manifest[key]?.imports;
    if (Array.isArray(imports)) for (const imported of imports) visit(String(imported));
  };
  for (const key of keys) visit(key);
  return found;
}

/**
 * From the build's Vite manifest: the app's start (src/web/main.tsx's chunk and every chunk it
 * imports statically), which the entry (src/web/boot.ts) imports, and each language's frame texts
 * (src/web/i18n/init.ts: i18n/locales/<lang>.json). For a signed-in visitor, also the signed-in
 * frame (routes/authenticated-layout.tsx) with tailwind-merge and the language's app texts and
 * frame features' texts, which the app asks for with them (routes/registry.tsx's withAppTexts,
 * i18n/init.ts), and the screen at the page's path (`.vite/screens.json`). None without a
 * manifest (a test's web folder): index.html is then served without the header.
 */
function preloadChunks(webDir: string): PreloadChunks {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(join(webDir, ".vite", "manifest.json"), "utf8"));
  } catch {
    return noPreloads;
  }
  const app = closureFiles(manifest, ["main.tsx"]);
  const appFiles = new Set(app);
  const frameTexts: PreloadChunks["frameTexts"] = {};
  const texts: PreloadChunks["signedIn"]["texts"] = {};
  const keys = Object.keys(manifest);
  for (const language of languages) {
    const file = manifest[`i18n/locales/${language}.json`]?.file;
    if (typeof file === "string") frameTexts[language] = `/${file}`;
    // The frame features' texts: their group's module for the language (i18n/init.ts).
    const frameGroup = keys.filter((key) => key === `i18n/catalogues/frame-${language}.ts`);
    const own = [`i18n/catalogues/${language}.ts`, ...frameGroup];
    texts[language] = closureFiles(manifest, own, appFiles);
  }
  const frame = closureFiles(
    manifest,
    ["routes/authenticated-layout.tsx", ...keys.filter((key) => key.includes("tailwind-merge"))],
    appFiles,
  );
  const startAndFrame = new Set([...app, ...frame]);
  let screenModules: Record<string, string[]> = {};
  try {
    screenModules = JSON.parse(readFileSync(join(webDir, ".vite", "screens.json"), "utf8"));
  } catch {
    // A build without it (a test's web folder): no screen is preloaded.
  }
  const screens = Object.entries(screenModules).map(([path, keys]) => ({
    path: new RegExp(`^${path.replace(/:[^/]+/g, "[^/]+")}$`),
    files: closureFiles(manifest, keys, startAndFrame),
  }));
  return { app, frameTexts, signedIn: { frame, texts, screens } };
}

/**
 * The language the page will pick on a first visit (src/web/i18n/detect.ts): the browser's
 * language, which is the first of its Accept-Language list; Portuguese or Spanish, else English.
 * A choice the visitor made is in their localStorage and a Brazilian time zone in their browser:
 * neither reaches the server, so those visitors get the wrong chunk preloaded (a few KB) and ask
 * for theirs as before.
 */
export function pageLanguageFromAcceptLanguage(header: string | undefined): Language {
  const ranked = (header ?? "")
    .split(",")
    .map((part, index) => {
      const [tag = "", ...attributes] = part.trim().split(";");
      const q = attributes.map((a) => a.trim()).find((a) => a.startsWith("q="));
      return { tag: tag.trim().toLowerCase(), quality: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.tag !== "" && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return languageOfBrowserTag(ranked[0]?.tag) ?? "en";
}

/**
 * The entry (src/web/boot.ts) is small and imports the app's start (main.tsx) once it runs, and the
 * app asks for its language's frame texts once it runs, before its first render: discovered that
 * late, each was a step of the page's critical request chain. The header lets the
 * browser fetch them alongside the entry (docs/internals/web.md#what-the-landing-page-loads). The
 * CSP's script-src 'self' covers them. No `Vary: Accept-Language`: the service worker's precache
 * looks index.html up with the Cache API, which honours Vary, and missed it offline
 * (e2e/pwa.spec.ts); a copy with another language's preload only costs a few KB, and the page asks
 * for its own.
 */
/**
 * The calls every signed-in screen makes first, whatever its address: the user's and the family's
 * (src/web/start-calls.ts, routes/registry.tsx). Asked for with the page, they leave before the
 * app's start is downloaded and evaluated (~500 ms of a phone's main thread at 4x CPU slowdown)
 * and the app's own fetch() of the same address takes the answer (the same credentials mode:
 * lib/api-client.ts sends `include`). A screen's other calls depend on its address and the
 * device's date, which the app's route table alone knows.
 */
const signedInCalls = ["/api/auth/user", "/api/family"];

function addPreloadLink(
  request: FastifyRequest,
  reply: FastifyReply,
  chunks: PreloadChunks,
  signedIn = false,
) {
  const language = pageLanguageFromAcceptLanguage(request.headers["accept-language"]);
  const frameTexts = chunks.frameTexts[language];
  const files = frameTexts ? [frameTexts, ...chunks.app] : [...chunks.app];
  if (signedIn) {
    files.push(...chunks.signedIn.frame, ...(chunks.signedIn.texts[language] ?? []));
    const path = request.url.split("?")[0] ?? "";
    files.push(...(chunks.signedIn.screens.find((screen) => screen.path.test(path))?.files ?? []));
  }
  if (files.length === 0) return;
  const links = files.map((file) => `<${file}>; rel=modulepreload`);
  if (signedIn) {
    links.unshift(
      ...signedInCalls.map(
        (call) => `<${call}>; rel=preload; as=fetch; crossorigin=use-credentials`,
      ),
    );
  }
  reply.header("link", links.join(", "));
}

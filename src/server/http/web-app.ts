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
 * session cookie (`sessionCookie`) gets the landing page already in it (see landingPages).
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDir: string | undefined,
  options: { sessionCookie: string },
) {
  const hasWebApp = webDir !== undefined && existsSync(join(webDir, "index.html"));
  const preloads = hasWebApp ? preloadChunks(webDir) : { app: [], frameTexts: {} };
  const indexHtml = hasWebApp ? join(webDir, "index.html") : undefined;
  const landing = hasWebApp ? landingPages(webDir) : {};
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
      const page = request.cookies?.[options.sessionCookie] ? undefined : landing[language];
      if (!page) return reply.header("cache-control", "no-cache").sendFile("index.html");
      // No preload: the page is painted before the app's files are asked for (src/web/boot.ts);
      // downloaded before, they would compete with the stylesheet on a phone's connection.
      const accepted = request.headers["accept-encoding"] ?? "";
      const encoding = /\bbr\b/.test(accepted)
        ? "br"
        : /\bgzip\b/.test(accepted)
          ? "gzip"
          : undefined;
      if (encoding) reply.header("content-encoding", encoding);
      return reply
        .header("cache-control", "no-cache")
        .header("vary", "Cookie, Accept-Language, Accept-Encoding")
        .type("text/html; charset=utf-8")
        .send(encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.html);
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
    return reply.header("cache-control", "no-cache").sendFile("index.html");
  });
}

type LandingPage = { html: Buffer; br: Buffer; gzip: Buffer };

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
function landingPages(webDir: string): Partial<Record<Language, LandingPage>> {
  const index = readFileSync(join(webDir, "index.html"), "utf8");
  const pages: Partial<Record<Language, LandingPage>> = {};
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
    const html = Buffer.from(page);
    pages[language] = {
      html,
      br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzip: gzipSync(html, { level: 9 }),
    };
  }
  return pages;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

type PreloadChunks = { app: string[]; frameTexts: Partial<Record<Language, string>> };

/**
 * From the build's Vite manifest: the app's start (src/web/main.tsx's chunk and every chunk it
 * imports statically), which the entry (src/web/boot.ts) imports, and each language's frame texts
 * (src/web/i18n/init.ts: i18n/locales/<lang>.json). None without a manifest (a test's web folder):
 * index.html is then served without the header.
 */
function preloadChunks(webDir: string): PreloadChunks {
  let manifest: Record<string, { file?: unknown; imports?: unknown }>;
  try {
    manifest = JSON.parse(readFileSync(join(webDir, ".vite", "manifest.json"), "utf8"));
  } catch {
    return { app: [], frameTexts: {} };
  }
  const app = new Set<string>();
  const visit = (key: string) => {
    const file = manifest[key]?.file;
    if (typeof file !== "string" || app.has(`/${file}`)) return;
    app.add(`/${file}`);
    const imports = manifest[key]?.imports;
    if (Array.isArray(imports)) for (const imported of imports) visit(String(imported));
  };
  visit("main.tsx");
  const frameTexts: PreloadChunks["frameTexts"] = {};
  for (const language of languages) {
    const file = manifest[`i18n/locales/${language}.json`]?.file;
    if (typeof file === "string") frameTexts[language] = `/${file}`;
  }
  return { app: [...app], frameTexts };
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
function addPreloadLink(request: FastifyRequest, reply: FastifyReply, chunks: PreloadChunks) {
  const frameTexts =
    chunks.frameTexts[pageLanguageFromAcceptLanguage(request.headers["accept-language"])];
  const files = frameTexts ? [frameTexts, ...chunks.app] : chunks.app;
  if (files.length === 0) return;
  reply.header("link", files.map((file) => `<${file}>; rel=modulepreload`).join(", "));
}

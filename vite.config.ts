import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";

// What the landing page needs and the lazy screens share: the libraries, lucide's icon builder and
// the landing's own shared modules (the bundler would make a small chunk of each). One chunk
// instead of a dozen: gzip packs it smaller, and the phone makes fewer requests before the first
// paint (its budget, docs/internals/web.md#what-the-landing-page-loads).
const shellModules = [
  /\/node_modules\/(?:react|react-dom|scheduler|i18next|react-i18next|@tanstack\/query-core|@tanstack\/react-query|wouter|regexparam|use-sync-external-store|clsx|class-variance-authority|@radix-ui\/react-slot|@radix-ui\/react-compose-refs)\//,
  /\/node_modules\/lucide-react\/dist\/esm\/(?!icons\/)/,
  /\/node_modules\/lucide-react\/dist\/esm\/icons\/piggy-bank\.mjs$/,
  /\/src\/web\/(?:lib\/utils|i18n\/current-language|offline\/queue-snapshot)\.ts$/,
  /rolldown\/runtime/,
];

const landingModules =
  /\/src\/(?:web\/i18n\/detect|web\/features\/landing\/static-landing|contract\/languages)\.ts$/;

/** The signed-in frame and the dashboard, whose modules make the `frame` chunk (see below). */
const signedInStart = ["routes/authenticated-layout.tsx", "routes/dashboard-route.tsx"];

type ModuleInfo = (id: string) => { importedIds: readonly string[] } | null;
const staticImports = new Map<string, Set<string>>();

/**
 * Whether `id` is a project module one of `roots` (src/web paths) imports statically, itself or
 * through other project modules, the roots themselves left out. Libraries are not followed: a
 * library's index lists modules the build drops (lucide's every icon, every Radix package).
 */
function importedBy(roots: readonly string[], id: string, moduleInfo: ModuleInfo): boolean {
  return roots.some((root) => {
    const rootId = fileURLToPath(new URL(`src/web/${root}`, import.meta.url));
    let seen = staticImports.get(rootId);
    if (!seen) {
      seen = new Set();
      const stack = [rootId];
      for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
        if (seen.has(next)) continue;
        seen.add(next);
        for (const imported of moduleInfo(next)?.importedIds ?? []) {
          if (imported.startsWith(projectSources)) stack.push(imported);
        }
      }
      staticImports.set(rootId, seen);
    }
    return id !== rootId && seen.has(id);
  });
}
const projectSources = fileURLToPath(new URL("src/", import.meta.url));

/** A new build reads a new module graph. */
function forgetStaticImports(): Plugin {
  return { name: "forget-static-imports", buildStart: () => staticImports.clear() };
}

const zodWithConfig = fileURLToPath(new URL("src/web/lib/zod.ts", import.meta.url));

/**
 * Every web module's `import ... from "zod"` gets src/web/lib/zod.ts, which applies zod-config.ts
 * (jitless, for the CSP) before re-exporting zod; so the landing page, which imports no schema,
 * does not load zod (docs/internals/web.md#what-the-landing-page-loads), and a chunk that builds
 * schemas always has the configuration.
 */
function zodConfigFirst(): Plugin {
  return {
    name: "zod-config-first",
    enforce: "pre",
    resolveId(source, importer) {
      if (source !== "zod" || !importer || importer === zodWithConfig) return null;
      if (importer.includes("/node_modules/")) return null;
      return zodWithConfig;
    },
  };
}

const zodConfig = fileURLToPath(new URL("src/web/lib/zod-config.ts", import.meta.url));

/**
 * Stops the build when a chunk holds zod without zod-config.ts ahead of it: zod reads its
 * configuration once, as it loads, and jitless must be on by then (lib/zod-config.ts). zod is in
 * the "shared" group's chunk, after the config that lib/zod.ts imports first.
 */
function zodConfigAheadOfZod(): Plugin {
  return {
    name: "zod-config-ahead-of-zod",
    apply: "build",
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk") continue;
        const zodAt = chunk.moduleIds.findIndex((id) => id.includes("/node_modules/zod/"));
        if (zodAt === -1) continue;
        const configAt = chunk.moduleIds.indexOf(zodConfig);
        if (configAt === -1 || configAt > zodAt) {
          this.error(`${chunk.fileName} holds zod without lib/zod-config.ts ahead of it`);
        }
      }
    },
  };
}

/**
 * zod's JSON Schema output (`schema.toJSONSchema()`, `z.toJSONSchema`, `~standard.jsonSchema`)
 * left out of the web build: every schema class registers its JSON Schema writer when zod loads,
 * so the build kept the writers (~4 KB of zod's 24 KB gzip) though the web never asks for a JSON
 * Schema (the server's OpenAPI document is written on the server, by its own zod). In the web
 * build the schemas no longer register them, and asking for one throws instead of answering;
 * parsing and its messages are zod's own, unchanged. The unit tests load zod unchanged (this runs
 * only in `vite build`). A zod whose source no longer reads as expected stops the build here.
 */
function zodWithoutJsonSchema(): Plugin {
  const writerRegistration =
    /\n\s*inst\._zod\.processJSONSchema = \(ctx, json, params\) => processors\.\w+\(inst, ctx, json, params\);/g;
  const writerImport =
    'import { createStandardJSONSchemaMethod, createToJSONSchemaMethod } from "../core/to-json-schema.js";';
  return {
    name: "zod-without-json-schema",
    apply: "build",
    transform: {
      filter: { id: /\/node_modules\/zod\/v4\/classic\/schemas\.js$/ },
      handler(code, id) {
        const registrations = code.match(writerRegistration)?.length ?? 0;
        if (registrations < 30 || !code.includes(writerImport)) {
          throw new Error(
            `zod-without-json-schema: ${id} does not read as zod 4.6's does (vite.config.ts)`,
          );
        }
        const unavailable =
          'const createToJSONSchemaMethod = () => () => { throw new Error("zod: no JSON Schema in the web build (vite.config.ts)"); };\nconst createStandardJSONSchemaMethod = createToJSONSchemaMethod;';
        return {
          code: code.replace(writerRegistration, "").replace(writerImport, unavailable),
          map: null,
        };
      },
    },
  };
}

/**
 * Names this build: the persisted screens' cache (src/web/offline/offline-cache.ts) is dropped when
 * it changes, so a new version never reads data saved in an older version's shapes.
 */
const buildId = `${process.env.npm_package_version ?? "0"}-${Date.now().toString(36)}`;

const themeColour = "#047857";

// The web app lives in src/web and is built into dist/web, which the server serves.
// In development (`npm run dev`) Vite serves it, reloading on change, and proxies /api to the
// server.
export default defineConfig({
  root: "src/web",
  define: { "import.meta.env.VITE_BUILD_ID": JSON.stringify(buildId) },
  plugins: [
    forgetStaticImports(),
    zodConfigFirst(),
    zodWithoutJsonSchema(),
    zodConfigAheadOfZod(),
    // JSX, and React Fast Refresh in development (`npm run dev`): an edited component is swapped
    // in with its state kept.
    react(),
    tailwindcss(),
    // Installable app and offline shell
    // (docs/internals/web.md#the-service-worker-and-offline-data): Workbox generates sw.js from the
    // build's file list.
    VitePWA({
      // A new version waits for the person's 'Atualizar' (src/web/offline/update-prompt.tsx):
      // never a reload by itself, in the middle of a form.
      registerType: "prompt",
      // Registered from the bundle (virtual:pwa-register/react), not by an injected inline script,
      // which the CSP (script-src 'self') would refuse anyway.
      injectRegister: false,
      includeAssets: ["favicon.svg", "apple-touch-icon.png"],
      manifest: {
        id: "/",
        name: "Family Budget",
        short_name: "Budget",
        description:
          "Plan your family's budget week by week: categories with weekly and monthly goals, shared expenses and visual reports.",
        lang: "en",
        start_url: "/",
        scope: "/",
        display: "standalone",
        theme_color: themeColour,
        background_color: "#ffffff",
        icons: [
          { src: "/pwa-192x192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/pwa-512x512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          {
            src: "/maskable-512x512.png",
            sizes: "512x512",
            type: "image/png",
            purpose: "maskable",
          },
        ],
      },
      workbox: {
        // The app shell and every hashed asset (every screen's chunk, so any screen opens offline),
        // the icons and the favicon.
        globPatterns: ["**/*.{js,css,html,svg,png,woff2}"],
        navigateFallback: "/index.html",
        // /api navigations (the logout link, invite links, the CSV export) always reach the server.
        navigateFallbackDenylist: [/^\/api(\/|$)/],
        // No runtimeCaching at all: no /api answer is ever kept by the service worker, where the
        // next person on the device could read it (offline data is the query cache, per user).
        cleanupOutdatedCaches: true,
        clientsClaim: false,
        skipWaiting: false,
      },
    }),
  ],
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    sourcemap: false,
    // What each chunk imports: scripts/bundle-budget.mjs reads it to measure the landing page.
    manifest: true,
    // Every browser the app supports has modulepreload: the polyfill would only weigh on the
    // landing page's budget (docs/internals/web.md#what-the-landing-page-loads).
    // boot.ts's import of main.tsx preloads nothing: every page that imports it already has the
    // same files from the server's Link header (server/http/web-app.ts), and inserting a link for
    // each of main.tsx's dozen files was ~70 ms of a phone's CPU
    // (docs/benchmarks.md#the-phone-landing-page). The lazy screens keep their preloads.
    modulePreload: {
      polyfill: false,
      // Vite names both by their output files: boot.ts is index.html's entry chunk (index-*.js).
      resolveDependencies: (filename, deps, { hostId }) =>
        /^assets\/index-[\w-]+\.js$/.test(hostId) && /^assets\/main-[\w-]+\.js$/.test(filename)
          ? []
          : deps,
    },
    rollupOptions: {
      output: {
        // Rolldown's groups, the higher priority first: a module goes to the first group that
        // takes it, with what it imports unless an earlier group took that. Fewer, larger chunks:
        // every file is gzipped on its own, and the service worker downloads all of them, so a
        // dozen small chunks cost more than the one they make (the whole app's budget,
        // docs/internals/web.md#what-the-landing-page-loads).
        codeSplitting: {
          groups: [
            // What the static landing page runs (boot.ts's static-landing.ts and the language rule
            // it shares with the app): never in the shell, which would bring React to that page
            // (docs/decisions/006-react-with-a-static-landing-page.md).
            { name: "landing", test: landingModules, priority: 50 },
            // The entry (boot.ts) needs it to start the app: a small chunk of its own, not the
            // shell's (main.tsx's, which the server's landing page runs only after its first paint).
            { name: "preload-helper", test: /vite\/preload-helper/, priority: 45 },
            // The libraries, and every module the app's start (main.tsx) imports: the start
            // downloads them all before any screen anyway.
            {
              name: (id, chunking) =>
                shellModules.some((pattern) => pattern.test(id)) ||
                importedBy(["main.tsx"], id, (module) => chunking.getModuleInfo(module))
                  ? "shell"
                  : null,
              debugName: "shell",
              priority: 30,
            },
            // The forms' library and its zod resolver in one chunk: left to itself the build cuts
            // them apart as soon as one screen's form uses no resolver (+0.3 KB gzip, measured).
            {
              name: "forms",
              test: /\/node_modules\/(?:react-hook-form|@hookform\/resolvers)\//,
              // Below the shell's, which keeps React (the library imports it).
              priority: 25,
            },
            // The signed-in frame's and the dashboard's modules: every signed-in screen loads the
            // frame, and a cold dashboard both (its budget). The two chunks keep only their own
            // modules, so a sign-in screen that shares a module (the logo) loads this chunk too.
            {
              name: (id, chunking) =>
                importedBy(signedInStart, id, (module) => chunking.getModuleInfo(module))
                  ? "frame"
                  : null,
              debugName: "frame",
              priority: 20,
            },
            // The dashboard's cards that show only when the family has what they show (income,
            // what is committed, accounts, savings goals, who owes whom): each loaded after the numbers paint
            // (features/dashboard), one chunk for all, since each alone paid its own imports
            // and exports again.
            {
              name: "dashboard-cards",
              test: /\/src\/web\/features\/(?:dashboard\/(?:month-net|committed|account-balances|goals)-card|balances\/balances-card)\.tsx$/,
              priority: 15,
            },
            // Then what the other screens, dialogs and menus share: the icons, Radix and the
            // libraries its dialogs and menus use, and the shared components.
            {
              name: "icons",
              test: /\/node_modules\/lucide-react\/dist\/esm\/icons\//,
              priority: 10,
            },
            // The shared components with Radix and the libraries its dialogs and menus use, in one
            // chunk: every file that loaded one loaded the other, and apart each paid the other's
            // imports and exports (whole app in es 365.1 -> 364.4 KB; every screen, dialog and menu
            // downloads 0.7 KB less, the cold dashboard loads neither).
            {
              name: "ui",
              test: /\/src\/web\/components\/|\/node_modules\/(?:@radix-ui|@floating-ui|aria-hidden|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|detect-node-es|tslib)\//,
              priority: 5,
            },
            // The calls and helpers the screens share (src/web/api, src/web/lib) that the start
            // and the frame do not hold: each was a chunk of a few hundred bytes, whose imports
            // and exports, gzipped alone, cost more than their code (whole app in es 333.0 ->
            // 327.8 KB, cold dashboard 154.1 -> 153.1 KB, measured on the same sources). With zod,
            // which was a chunk of its own that the same screens and dialogs loaded, each paying
            // the other's imports and exports (whole app in es 364.4 -> 363.9 KB, 0.3 KB less for
            // each screen): zod and src/web/lib/zod-config.ts stay in one chunk, the config first,
            // since every web module's "zod" is lib/zod.ts (zodConfigFirst), which imports the
            // config before zod (zodConfigAheadOfZod checks it); no group above takes zod, as
            // neither the start nor the frame nor the components build a schema
            // (docs/internals/web.md#what-the-landing-page-loads).
            {
              name: "shared",
              test: (id) =>
                /\/src\/web\/(?:api|lib)\//.test(id) || id.includes("/node_modules/zod/"),
              priority: 4,
            },
            // The signed-out screens (sign in, sign up, forgotten and new password, the e-mail's
            // confirmation) and their own modules in one chunk: five screens of about 1 KB each,
            // with the texts' loader and the next-page rule, paid each its imports again (whole
            // app in es 367.5 -> 365.1 KB; a first sign-in downloads 0.7 KB more). The schemas the
            // profile's password and two-factor forms share with them (contract/auth.ts, user.ts)
            // are a chunk of their own, taken first, so the signed-in screens never load this one.
            { name: "auth-schemas", test: /\/src\/contract\/(?:auth|user)\.ts$/, priority: 3.5 },
            {
              name: "signed-out",
              test: /\/src\/web\/features\/auth\/(?!locales\/)/,
              priority: 3,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      "/api": {
        target: `http://127.0.0.1:${process.env.PORT ?? 3000}`,
        // The web's own src/web/api/*.ts modules share the prefix: Vite serves those (the server's
        // routes never end in .ts or .tsx).
        bypass: (req) => (/^\/api\/[^?]*\.tsx?(?:\?|$)/.test(req.url ?? "") ? req.url : undefined),
      },
    },
  },
});

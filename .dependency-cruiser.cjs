/**
 * The import rules `npm run lint` holds (docs/architecture.md), over every file of src.
 *
 * The layers under both sides: src/contract (the wire's schemas and texts) imports nothing else of
 * src; src/domain (pure budget rules) imports only the contract. src/web and src/server never
 * import each other: what both need lives in those two. No files of src import each other in a
 * loop.
 *
 * Feature folders stay independent: a feature never imports another feature's files, on the web
 * or on the server. What features share lives in src/contract and src/domain, on the web in the
 * shared folders below, on the server in its shared folders and files (http, db, mail, testing,
 * expense-writes, income-writes, history, users.ts, ...), which import no feature; the app level
 * composes them (web: below; server: app.ts and main.ts).
 *
 * The web's code flows one way, shared -> features -> app (bulletproof-react's unidirectional
 * architecture, its docs/project-structure.md):
 * - shared: src/web/lib (no markup), src/web/components (UI with no data of its own),
 *   src/web/offline (the connection, the saved screens, the expense queue, the update prompt),
 *   src/web/i18n (the texts and the language) and src/web/testing (the unit tests' helpers).
 *   They import none of the layers above. lib also imports no component.
 * - src/web/api: one file per API call (lib's client underneath); no UI, no feature.
 * - src/web/features: a screen's area, over api and the shared folders.
 * - app: src/web/routes (the signed-in frame, screens made of several features), app.tsx,
 *   main.tsx, boot.ts and start-calls.ts; it may import anything.
 * Tests are held to the folder they live in.
 * @type {import("dependency-cruiser").IConfiguration}
 */

/** The app level: src/web/routes and the files directly in src/web (app.tsx, main.tsx, ...). */
const webApp = "^src/web/(routes/|[^/]+$)";

module.exports = {
  forbidden: [
    {
      name: "contract-imports-nothing-of-src",
      comment:
        "src/contract imports another part of src. The contract is the bottom layer that server, web and domain share: move what it needs into src/contract.",
      severity: "error",
      from: { path: "^src/contract/" },
      to: { path: "^src/", pathNot: "^src/contract/" },
    },
    {
      name: "domain-imports-only-contract",
      comment:
        "src/domain imports something of src other than the contract. The budget rules are pure and shared by server and web: hand them the values, or move what they need into src/domain or src/contract.",
      severity: "error",
      from: { path: "^src/domain/" },
      to: { path: "^src/", pathNot: "^src/(domain|contract)/" },
    },
    {
      name: "web-imports-no-server",
      comment:
        "src/web imports a file of src/server. What both need moves down to src/contract or src/domain.",
      severity: "error",
      from: { path: "^src/web/" },
      to: { path: "^src/server/" },
    },
    {
      name: "server-imports-no-web",
      comment:
        "src/server imports a file of src/web. What both need moves down to src/contract or src/domain.",
      severity: "error",
      from: { path: "^src/server/" },
      to: { path: "^src/web/" },
    },
    {
      name: "server-shared-imports-no-features",
      comment:
        "Shared server code (http, db, mail, testing, the write doors, users.ts, ... and their tests) imports a feature. Move what it needs down out of src/server/features, or the code (a test of one feature) into that feature's folder; app.ts and main.ts compose the features.",
      severity: "error",
      from: { path: "^src/server/", pathNot: "^src/server/(features/|(app|main)\\.ts$)" },
      to: { path: "^src/server/features/" },
    },
    {
      name: "no-cross-feature-imports-web",
      comment:
        "A web feature imports another feature's file. Move what both need to src/web/api, lib or components, or compose them in src/web/routes or app.tsx.",
      severity: "error",
      from: { path: "^src/web/features/([^/]+)/" },
      to: {
        path: "^src/web/features/([^/]+)/",
        pathNot: "^src/web/features/$1/",
      },
    },
    {
      name: "no-cross-feature-imports-server",
      comment:
        "A server feature imports another feature's file. Move what both need out of src/server/features (e.g. to src/server/users.ts or src/domain).",
      severity: "error",
      from: { path: "^src/server/features/([^/]+)/" },
      to: {
        path: "^src/server/features/([^/]+)/",
        pathNot: "^src/server/features/$1/",
      },
    },
    {
      name: "web-shared-imports-only-shared",
      comment:
        "Shared web code (lib, components, offline, i18n, testing) imports an API call, a feature or the app. Hand it what it needs (a prop, a parameter), or move the code up to the layer it uses.",
      severity: "error",
      from: { path: "^src/web/(lib|components|offline|i18n|testing)/" },
      to: { path: ["^src/web/(api|features)/", webApp] },
    },
    {
      name: "web-lib-imports-no-components",
      comment:
        "src/web/lib imports a component. lib is the shared code without markup: move the code to src/web/components, or what it needs to lib.",
      severity: "error",
      from: { path: "^src/web/lib/" },
      to: { path: "^src/web/components/" },
    },
    {
      name: "web-api-imports-no-ui",
      comment:
        "An API call imports a component, a feature or the app. src/web/api holds the calls and their query hooks; what shows them belongs to a feature.",
      severity: "error",
      from: { path: "^src/web/api/" },
      to: { path: ["^src/web/(components|features)/", webApp] },
    },
    {
      name: "web-features-import-no-app",
      comment:
        "A web feature imports the app level (src/web/routes, app.tsx, ...). The app composes features, never the other way round: hand the feature what it needs as a prop.",
      severity: "error",
      from: { path: "^src/web/features/" },
      to: { path: webApp },
    },
    {
      name: "no-import-circles",
      comment:
        "Files of src import each other in a loop (type imports too). Move what both need into a file of its own that neither loop member imports back (e.g. expense-field-values.ts, user-menu-trigger.tsx).",
      severity: "error",
      from: { path: "^src/" },
      to: { circular: true },
    },
  ],
  options: {
    // Every file of src, and nothing of node_modules: the rules are about src's own layers.
    includeOnly: "^src/",
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|dist|\\.tmp)/" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] },
  },
};

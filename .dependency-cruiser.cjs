/**
 * Feature folders stay independent: a feature never imports another feature's files, on the web
 * or on the server. What features share lives in src/contract, src/domain, src/web/api,
 * src/web/lib and src/web/components (or src/server/http, db, ... on the server); app.tsx, which
 * is outside the features, composes them. `npm run lint` fails on a violation.
 * @type {import("dependency-cruiser").IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: "no-cross-feature-imports-web",
      comment:
        "A web feature imports another feature's file. Move what both need to src/web/api, lib or components, or compose them in app.tsx.",
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
  ],
  options: {
    // The rules are about imports between feature folders: cruising only those keeps lint fast.
    includeOnly: "^src/(web|server)/features/",
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|dist|\\.tmp)/" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] },
  },
};

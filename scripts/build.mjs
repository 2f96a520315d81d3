// Builds the web app (Vite) into <outDir>/web and the server (esbuild) into <outDir>/server.
// `npm run build` and `npm start` use dist/; the e2e server builds into a folder of its own so a
// test run never serves files another build is rewriting.
import { mkdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { build as esbuild } from "esbuild";
import { build as viteBuild } from "vite";
import { checkBundleBudget, describeSizes } from "./bundle-budget.mjs";
import { precompress } from "./precompress.mjs";
import { prerenderLanding } from "./prerender-landing.mjs";
import { projectRoot, sourceStamp } from "./source-stamp.mjs";

export const defaultOutDir = join(projectRoot, "dist");

export async function buildAll({ quiet = false, outDir = defaultOutDir } = {}) {
  await viteBuild({
    configFile: join(projectRoot, "vite.config.ts"),
    logLevel: quiet ? "warn" : "info",
    build: { outDir: join(outDir, "web"), emptyOutDir: true },
  });
  // Issue 17's landing budget fails the build (and so `npm test`, whose e2e server builds).
  const sizes = checkBundleBudget(join(outDir, "web"));
  if (!quiet) console.log(`Bundle: ${describeSizes(sizes)}`);
  precompress(join(outDir, "web"));
  await prerenderLanding(join(outDir, "web"));
  await esbuild({
    // The CSV preview's worker is a file of its own, started by name next to main.js
    // (src/server/features/imports/preview-pool.ts).
    entryPoints: {
      main: join(projectRoot, "src/server/main.ts"),
      "import-preview-worker": join(projectRoot, "src/server/features/imports/preview-worker.ts"),
    },
    outdir: join(outDir, "server"),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: true,
    logLevel: quiet ? "warning" : "info",
  });
  await mkdir(outDir, { recursive: true });
  await writeFile(join(outDir, ".source-stamp"), await sourceStamp());
}

// `node scripts/build.mjs [--quiet] [--out-dir DIR]`: also how `npm start` builds, in a process of
// its own (scripts/start.mjs says why).
if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: { quiet: { type: "boolean" }, "out-dir": { type: "string" } },
  });
  await buildAll({
    quiet: values.quiet,
    outDir: values["out-dir"] ? resolve(values["out-dir"]) : defaultOutDir,
  });
}

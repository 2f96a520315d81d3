// Builds the web app (Vite) into <outDir>/web and the server (esbuild) into <outDir>/server.
// `npm run build` and `npm start` use dist/; the tests share one build per source stamp
// (testBuild below), which the e2e server copies into a folder of its own so a test run never
// serves files another build is rewriting.
import { spawn } from "node:child_process";
import { mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { build as esbuild } from "esbuild";
import { build as viteBuild } from "vite";
import { checkBundleBudget, describeSizes } from "./bundle-budget.mjs";
import { precompress } from "./precompress.mjs";
import { prerenderLanding } from "./prerender-landing.mjs";
import { writeScreenChunks } from "./screen-chunks.mjs";
import { buildIsCurrent, projectRoot, sourceStamp } from "./source-stamp.mjs";

export const defaultOutDir = join(projectRoot, "dist");

export async function buildAll({ quiet = false, outDir = defaultOutDir } = {}) {
  await viteBuild({
    configFile: join(projectRoot, "vite.config.ts"),
    logLevel: quiet ? "warn" : "info",
    build: { outDir: join(outDir, "web"), emptyOutDir: true },
  });
  // Which chunk each signed-in path shows, for the server's preload (scripts/screen-chunks.mjs).
  writeScreenChunks(join(outDir, "web"));
  // The landing page's budget (docs/internals/web.md#what-the-landing-page-loads) fails the build
  // (and so `npm test`, whose e2e server builds).
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

const testBuilds = join(projectRoot, ".tmp", "builds");
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The build of the sources as they are now, shared by the tests that need one: the bundle
 * budget's test (scripts/bundle-budget.test.ts) and the e2e server (scripts/e2e-server.mjs), so
 * `npm test` builds the app once instead of once for each. One folder per source stamp, put in
 * place whole once built (a rename) and never written again: whoever finds it uses it. Built in a
 * process of its own with NODE_ENV=production (Vitest's NODE_ENV=test would build React's
 * development code). Resolves to the folder holding web/ and server/.
 */
export async function testBuild() {
  const stamp = await sourceStamp();
  const dir = join(testBuilds, stamp.slice(0, 24));
  if (await buildIsCurrent(dir)) return dir;
  await mkdir(testBuilds, { recursive: true });
  await pruneTestBuilds();
  const fresh = `${dir}.building-${process.pid}-${Date.now()}`;
  try {
    await buildInItsOwnProcess(fresh);
    // Another caller may have put the same build in place meanwhile: theirs is as good as ours,
    // and may be in use. A folder of this name that is not current is one whose sources changed
    // while it was built.
    if (!(await buildIsCurrent(dir))) {
      await rm(dir, { recursive: true, force: true });
      await rename(fresh, dir);
    }
  } catch (error) {
    if (!(await buildIsCurrent(dir))) throw error;
  } finally {
    await rm(fresh, { recursive: true, force: true });
  }
  return dir;
}

/** Folders of builds older than a day, and of builds that never finished: sources since changed. */
async function pruneTestBuilds() {
  for (const name of await readdir(testBuilds).catch(() => [])) {
    const path = join(testBuilds, name);
    const info = await stat(path).catch(() => null);
    if (info && Date.now() - info.mtimeMs > DAY_MS) {
      await rm(path, { recursive: true, force: true });
    }
  }
}

function buildInItsOwnProcess(outDir) {
  const child = spawn(
    process.execPath,
    [join(projectRoot, "scripts/build.mjs"), "--quiet", "--out-dir", outDir],
    { cwd: projectRoot, env: { ...process.env, NODE_ENV: "production" }, stdio: "inherit" },
  );
  return new Promise((done, fail) => {
    child.once("error", fail);
    child.once("exit", (code, signal) =>
      code === 0 ? done() : fail(new Error(`the build failed (${signal ?? `exit code ${code}`})`)),
    );
  });
}

// `node scripts/build.mjs [--quiet] [--out-dir DIR]`: also how `npm start` builds, in a process of
// its own (scripts/start.mjs says why). `--tests`: the tests' build (testBuild above), which
// `npm test` makes beside its lint and typecheck (scripts/test-phases.mjs).
if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      quiet: { type: "boolean" },
      "out-dir": { type: "string" },
      tests: { type: "boolean" },
    },
  });
  if (values.tests) console.log(`The tests' build: ${await testBuild()}`);
  else {
    await buildAll({
      quiet: values.quiet,
      outDir: values["out-dir"] ? resolve(values["out-dir"]) : defaultOutDir,
    });
  }
}

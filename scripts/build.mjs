// Builds the web app (Vite) into dist/web and the server (esbuild) into dist/server.
import { mkdir, writeFile } from "node:fs/promises";
import { build as esbuild } from "esbuild";
import { build as viteBuild } from "vite";
import { projectRoot, sourceStamp } from "./source-stamp.mjs";

export async function buildAll({ quiet = false } = {}) {
  await viteBuild({
    configFile: `${projectRoot}/vite.config.ts`,
    logLevel: quiet ? "warn" : "info",
  });
  await esbuild({
    entryPoints: [`${projectRoot}/src/server/main.ts`],
    outdir: `${projectRoot}/dist/server`,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    sourcemap: true,
    logLevel: quiet ? "warning" : "info",
  });
  await mkdir(`${projectRoot}/dist`, { recursive: true });
  await writeFile(`${projectRoot}/dist/.source-stamp`, await sourceStamp());
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildAll();
}

// The landing page's markup in each language, written into the built web app's .prerender folder
// for the server to send inside index.html at `/` (src/server/http/web-app.ts,
// docs/internals/web.md#the-prerendered-landing-page). Rendered from the app's own component
// (src/web/features/landing/prerender.tsx), so the markup is the one the app renders over it. A dot
// folder: the service worker's precache (vite.config.ts's globPatterns) skips it.
//
// Rendered by react-dom/server, the React the app runs on. The component is bundled with esbuild
// and its texts into one module first (the libraries stay imports): the build runs in plain Node,
// which loads neither TSX nor JSON imports.
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { projectRoot } from "./source-stamp.mjs";

export const prerenderFolder = ".prerender";

export async function prerenderLanding(webDir) {
  const bundle = join(projectRoot, ".tmp", `prerender-${process.pid}-${Date.now()}.mjs`);
  await build({
    entryPoints: [join(projectRoot, "src/web/features/landing/prerender.tsx")],
    outfile: bundle,
    bundle: true,
    platform: "node",
    format: "esm",
    jsx: "automatic",
    // React, i18next and wouter are imported from node_modules as they are.
    packages: "external",
    logLevel: "warning",
  });
  try {
    const { renderLandings } = await import(pathToFileURL(bundle).href);
    await mkdir(join(webDir, prerenderFolder), { recursive: true });
    await writeFile(
      join(webDir, prerenderFolder, "landing.json"),
      JSON.stringify(renderLandings()),
    );
  } finally {
    await rm(bundle, { force: true });
  }
}

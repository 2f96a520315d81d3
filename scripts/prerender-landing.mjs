// The landing page's markup in each language, written into the built web app's .prerender folder
// for the server to send inside index.html at `/` (src/server/http/web-app.ts,
// docs/architecture.md#the-prerendered-landing-page). Rendered from the app's own component
// (src/web/features/landing/prerender.tsx) through tsx, so the markup is the one the app renders
// over it. A dot folder: the service worker's precache (vite.config.ts's globPatterns) skips it.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { tsImport } from "tsx/esm/api";
import { projectRoot } from "./source-stamp.mjs";

export const prerenderFolder = ".prerender";

export async function prerenderLanding(webDir) {
  const { renderLandings } = await tsImport(
    join(projectRoot, "src/web/features/landing/prerender.tsx"),
    import.meta.url,
  );
  await mkdir(join(webDir, prerenderFolder), { recursive: true });
  await writeFile(join(webDir, prerenderFolder, "landing.json"), JSON.stringify(renderLandings()));
}

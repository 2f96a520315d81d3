// Which modules each signed-in path of the app's route table shows (src/web/routes/registry.tsx,
// the one table of screens: docs/architecture.md#how-to-add-a-screen), read from its source at
// build time and written beside Vite's manifest as `.vite/screens.json` ({ "/expenses":
// ["features/expenses/expenses-page.tsx"], ... }, the manifest's keys). The server preloads a
// signed-in page's screen from it (src/server/http/web-app.ts): only the route table knows which
// chunk a path shows, and the app asks for it only once its start has been evaluated
// (docs/internals/web.md#a-cold-signed-in-visit). scripts/screen-chunks.test.ts holds the reading
// to the table itself: every signed-in route, and nothing else.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, posix } from "node:path";
import { projectRoot } from "./source-stamp.mjs";

const webSources = join(projectRoot, "src", "web");
const registry = "routes/registry.tsx";

/** The entries of the route table's source: path, access and the modules its screen imports. */
export function routesOf(source) {
  const starts = [...source.matchAll(/\bpath: "([^"]+)",\s*access: "(signed-in|public)"/g)];
  return starts.map((start, index) => {
    const end = starts[index + 1]?.index ?? source.length;
    const entry = source.slice(start.index, end);
    const modules = [...entry.matchAll(/\bimport\("(\.{1,2}\/[^"]+)"\)/g)].map(([, specifier]) =>
      moduleKey(specifier),
    );
    return { path: start[1], access: start[2], modules };
  });
}

/** A specifier relative to routes/ as Vite's manifest names the module: from src/web, with its extension. */
function moduleKey(specifier) {
  const key = posix.normalize(posix.join(posix.dirname(registry), specifier));
  const file = [".tsx", ".ts"].map((extension) => key + extension);
  const found = file.find((candidate) => existsSync(join(webSources, candidate)));
  if (!found) throw new Error(`screen chunks: ${registry} imports ${specifier}, which is no file`);
  return found;
}

/** Writes `<webDir>/.vite/screens.json`; throws when a screen is not in the build's manifest. */
export function writeScreenChunks(webDir) {
  const manifest = JSON.parse(readFileSync(join(webDir, ".vite", "manifest.json"), "utf8"));
  const screens = {};
  for (const route of routesOf(readFileSync(join(webSources, registry), "utf8"))) {
    if (route.access !== "signed-in") continue;
    for (const key of route.modules) {
      if (!manifest[key]) throw new Error(`screen chunks: ${key} is not in Vite's manifest`);
    }
    screens[route.path] = route.modules;
  }
  writeFileSync(join(webDir, ".vite", "screens.json"), `${JSON.stringify(screens, null, 2)}\n`);
  return screens;
}

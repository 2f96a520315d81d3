import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The folder holding package.json, found from this file whether it runs from src/ or dist/. */
function findProjectRoot(start: string): string {
  let dir = start;
  while (!existsSync(join(dir, "package.json"))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`package.json not found above ${start}`);
    dir = parent;
  }
  return dir;
}

export const projectRoot = findProjectRoot(dirname(fileURLToPath(import.meta.url)));
export const migrationsFolder = join(projectRoot, "src/server/db/migrations");
// Read from the sources like the migrations, so a built server (dist/, or an e2e build under
// .tmp/) applies the same files (src/server/db/database-functions.ts).
export const databaseFunctionsFolder = join(projectRoot, "src/server/db/functions");
// A built server (dist/server/main.js, or an e2e build elsewhere) serves the web app built beside
// it; the server run from its sources (npm run dev) serves dist/web, if it was built.
const here = dirname(fileURLToPath(import.meta.url));
export const webDistFolder = here.endsWith(join("src", "server"))
  ? join(projectRoot, "dist/web")
  : join(here, "../web");

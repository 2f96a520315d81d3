// A fingerprint of everything a build depends on, so `npm start` rebuilds only when it changed.
import { createHash } from "node:crypto";
import { readdir, readFile, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const projectRoot = dirname(dirname(fileURLToPath(import.meta.url)));

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}

export async function sourceStamp() {
  const hash = createHash("sha256");
  const files = [];
  for await (const file of walk(join(projectRoot, "src"))) files.push(file);
  files.push(join(projectRoot, "package-lock.json"), join(projectRoot, "vite.config.ts"));
  for (const file of files.sort()) {
    const info = await stat(file).catch(() => null);
    if (!info || /\.test\.tsx?$/.test(file)) continue;
    hash.update(file).update(String(info.size)).update(String(info.mtimeMs));
  }
  return hash.digest("hex");
}

export async function buildIsCurrent(outDir = join(projectRoot, "dist")) {
  const built = await readFile(join(outDir, ".source-stamp"), "utf8").catch(() => "");
  return built === (await sourceStamp());
}

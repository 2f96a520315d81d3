// The package registry reachable here lacks the macOS, Windows, Android and musl builds of some
// packages (Biome's CLI, Tailwind's oxide). npm then leaves them out of package-lock.json, and
// `npm ci` refuses a lock file that misses an optional dependency. This records each missing
// platform build as an optional entry with its os/cpu/libc, so `npm ci` skips it on other
// platforms. Run it after `npm install` changes the lock file: node scripts/lock-optional-platforms.mjs
import { readFile, writeFile } from "node:fs/promises";

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(await readFile(file, "utf8"));
const packages = lock.packages;
const added = [];
for (const parent of Object.values(packages)) {
  for (const [name, version] of Object.entries(parent.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (packages[key]) continue;
    const match = name.match(
      /-(android|darwin|linux|win32|freebsd|openbsd|netbsd|sunos|aix|openharmony|wasm32)-?([a-z0-9]+)?(?:-(gnueabihf|musleabihf|eabi|msvc|musl|gnu|wasi))?$/,
    );
    if (!match) continue;
    const [, os, cpu, variant] = match;
    const entry = { version, ...(parent.dev ? { dev: true } : {}), optional: true };
    if (os === "wasm32") entry.cpu = ["wasm32"];
    else Object.assign(entry, { os: [os], cpu: [cpu] });
    if (variant?.startsWith("musl")) entry.libc = ["musl"];
    packages[key] = entry;
    added.push(name);
  }
}
await writeFile(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added.length ? `recorded: ${added.join(", ")}` : "nothing missing");

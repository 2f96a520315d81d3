// Starts the built app for the end-to-end tests: rebuilds it if the sources changed, then runs
// the server on E2E_PORT with a fresh database that is deleted when the server exits.
import { spawn } from "node:child_process";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { buildAll } from "./build.mjs";
import { buildIsCurrent, projectRoot } from "./source-stamp.mjs";

const port = Number(process.env.E2E_PORT ?? 3100);
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error(`E2E_PORT must be a TCP port, got "${process.env.E2E_PORT}"`);
  process.exit(1);
}

if (!(await buildIsCurrent())) {
  console.log("e2e: building the app (sources changed since the last build)...");
  await buildAll({ quiet: true });
}

const dataDir = join(projectRoot, ".tmp", `e2e-${Date.now()}`);
await mkdir(dataDir, { recursive: true });

const child = spawn(process.execPath, [join(projectRoot, "dist/server/main.js")], {
  cwd: projectRoot,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    APP_URL: `http://127.0.0.1:${port}`,
  },
  stdio: "inherit",
  // Its own process group: a signal sent to ours (Playwright signals the whole group) must not
  // reach the server twice, since a second SIGTERM would kill it before it closes the database.
  detached: true,
});

let forwarded = false;
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => {
    if (forwarded || child.exitCode !== null) return;
    forwarded = true;
    child.kill(signal);
  });
}

async function removeDataDir() {
  await rm(dataDir, { recursive: true, force: true }).catch((error) => {
    console.error(`e2e: could not remove ${dataDir}:`, error);
  });
}

child.on("error", async (error) => {
  console.error("e2e: could not start the server:", error);
  await removeDataDir();
  process.exit(1);
});

child.on("exit", async (code, signal) => {
  await removeDataDir();
  process.exit(code ?? (signal ? 1 : 0));
});

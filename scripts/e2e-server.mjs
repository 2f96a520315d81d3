// Starts the built app for the end-to-end tests: takes the tests' build of the current sources
// (building it if no test built it yet), then runs the server on E2E_PORT with a fresh database
// that is deleted when the server exits.
import { spawn } from "node:child_process";
import { accessSync, constants, openSync } from "node:fs";
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { testBuild } from "./build.mjs";
import { startMailSink } from "./e2e-mail-sink.mjs";
import { buildIsCurrent, projectRoot } from "./source-stamp.mjs";

const port = Number(process.env.E2E_PORT ?? 3100);
if (!Number.isInteger(port) || port <= 0 || port > 65535) {
  console.error(`E2E_PORT must be a TCP port, got "${process.env.E2E_PORT}"`);
  process.exit(1);
}

// A copy of its own per port: several e2e runs (and `npm start`) can work side by side, and
// e2e/pwa.spec.ts rewrites the served sw.js. The copy is of the build `npm test`'s bundle budget
// test already made (scripts/build.mjs's testBuild), so a run builds the app once.
const outDir = join(projectRoot, ".tmp", `e2e-build-${port}`);
if (!(await buildIsCurrent(outDir))) {
  console.log("e2e: taking the build of the current sources...");
  const built = await testBuild();
  await rm(outDir, { recursive: true, force: true });
  await cp(built, outDir, { recursive: true });
}

// Not under the clone: when the tests run as root, the embedded PostgreSQL runs as the user
// postgres, which must be able to reach DATA_DIR wherever the clone is. In memory (/dev/shm) where
// the machine has it, so that no commit waits for a disk shared with the whole machine: no e2e
// test is about surviving a power cut (src/server/testing/data-dir.ts).
const dataDir = await mkdtemp(join(memoryFolder() ?? tmpdir(), "budget-e2e-"));

function memoryFolder() {
  try {
    accessSync("/dev/shm", constants.W_OK | constants.X_OK);
    return "/dev/shm";
  } catch {
    return undefined;
  }
}

// The server's log goes to a file the tests read. The app sends its mails through SMTP to a
// server of our own, which writes each one (with its links and text) to that log: that is how the
// tests follow a password-reset link and read a budget alert.
export const serverLogFile = join(projectRoot, ".tmp", `e2e-server-${port}.log`);
const log = openSync(serverLogFile, "w");
const mailSink = await startMailSink(log);

const child = spawn(process.execPath, [join(outDir, "server/main.js")], {
  cwd: projectRoot,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    APP_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: mailSink.url,
    // Every test signs up its own users from 127.0.0.1: the per-IP limits would stop the suite.
    RATE_LIMIT_REGISTER_PER_IP: "100000",
    RATE_LIMIT_LOGIN_PER_IP: "100000",
    RATE_LIMIT_FORGOT_PER_IP: "100000",
    RATE_LIMIT_RESET_PER_IP: "100000",
    RATE_LIMIT_JOIN_PER_IP: "100000",
  },
  stdio: ["ignore", log, log],
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
  mailSink.close();
  if (code) console.error(`e2e: the server exited with ${code}; its log is in ${serverLogFile}`);
  await removeDataDir();
  process.exit(code ?? (signal ? 1 : 0));
});

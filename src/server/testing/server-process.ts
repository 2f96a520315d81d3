import { type ChildProcess, spawn } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { build } from "esbuild";
import { isRunning } from "../db/embedded-postgres";
import { projectRoot } from "../paths";

/**
 * The real server process, as `npm start` runs it: src/server/main.ts bundled by esbuild the way
 * scripts/build.mjs bundles it, started with a clean environment, a free port and its output
 * captured. Bundling once per test file (about half a second) makes each start about as fast as
 * a user's, which the crash test with its dozens of restarts depends on.
 */

export type ServerProcess = {
  child: ChildProcess;
  output: () => string;
  /** The exit code (null when killed by a signal). */
  exit: Promise<number | null>;
};

export type RunningServer = ServerProcess & { url: string };

const spawned: ChildProcess[] = [];
const dataDirs = new Set<string>();
let bundledEntry: Promise<string> | undefined;

/** Builds the server once for the calling test file, into a folder of its own under .tmp/. */
function serverEntry(): Promise<string> {
  bundledEntry ??= (async () => {
    await mkdir(join(projectRoot, ".tmp"), { recursive: true });
    const outdir = join(await mkdtemp(join(projectRoot, ".tmp", "server-under-test-")), "server");
    await build({
      entryPoints: [join(projectRoot, "src/server/main.ts")],
      outdir,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      packages: "external",
      logLevel: "warning",
    });
    return join(outdir, "main.js");
  })();
  return bundledEntry;
}

export async function spawnServer(
  env: Record<string, string>,
  options: {
    /** A process group of its own, so a test can kill the whole group. */
    detached?: boolean;
    /** Started under this umask (through sh), to prove file modes do not depend on it. */
    umask?: string;
  } = {},
): Promise<ServerProcess> {
  const entry = await serverEntry();
  const [command, args] = options.umask
    ? ["sh", ["-c", `umask ${options.umask} && exec "$0" "$1"`, process.execPath, entry]]
    : [process.execPath, [entry]];
  const child = spawn(command as string, args as string[], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? "", PORT: "0", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: options.detached ?? false,
  });
  spawned.push(child);
  if (env.DATA_DIR) dataDirs.add(env.DATA_DIR);
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exit = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => output, exit };
}

/** Starts a server and waits until it listens; fails with its output when it does not. */
export async function startServer(
  env: Record<string, string>,
  options: Parameters<typeof spawnServer>[1] = {},
): Promise<RunningServer> {
  const server = await spawnServer(env, options);
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const url = server.output().match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/)?.[1];
    if (url) return { ...server, url };
    if (server.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`server did not start:\n${server.output()}`);
}

/**
 * For afterEach/afterAll: no server outlives its test, nor the embedded PostgreSQL that a server
 * killed with SIGKILL leaves running (stopped with a fast shutdown, as the next start would).
 */
export async function killSpawnedServers() {
  for (const child of spawned.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    }
  }
  for (const dataDir of [...dataDirs]) {
    dataDirs.delete(dataDir);
    for (const pid of await postmastersOn(dataDir)) {
      process.kill(pid, "SIGINT");
      for (let waited = 0; isAlive(pid) && waited < 10_000; waited += 20) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  }
}

/** A JSON POST to a spawned server, with any extra headers (authorization, cookie, idempotency). */
export const jsonPost = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});

/** The pid in DATA_DIR/postgres/postmaster.pid: the embedded PostgreSQL server, while it runs. */
export async function postmasterPid(dataDir: string): Promise<number | undefined> {
  const content = await readFile(join(dataDir, "postgres", "postmaster.pid"), "utf8").catch(
    () => "",
  );
  const pid = Number.parseInt(content.split("\n")[0] ?? "", 10);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/** Postmasters running on `dataDir` (Linux: read from /proc), to prove there is exactly one. */
export async function postmastersOn(dataDir: string): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const cmdline = await readFile(`/proc/${entry}/cmdline`, "utf8").catch(() => "");
    const args = cmdline.split("\0");
    if (args[0]?.endsWith("/postgres") && args.includes(join(dataDir, "postgres"))) {
      found.push(Number(entry));
    }
  }
  return found;
}

/** Whether a process still runs (a zombie waiting for init to reap it does not). */
export const isAlive = isRunning;

import { type ChildProcess, spawn } from "node:child_process";
import { mkdir, mkdtemp } from "node:fs/promises";
import { join } from "node:path";
import { build } from "esbuild";
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

export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, [await serverEntry()], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? "", PORT: "0", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  spawned.push(child);
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
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const server = await spawnServer(env);
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const url = server.output().match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/)?.[1];
    if (url) return { ...server, url };
    if (server.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`server did not start:\n${server.output()}`);
}

/** For afterEach/afterAll: no server outlives its test. */
export function killSpawnedServers() {
  for (const child of spawned.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  }
}

/** A JSON POST to a spawned server, with any extra headers (authorization, cookie, idempotency). */
export const jsonPost = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});

// scripts/start.mjs runs the build in a child process and the server in its own process (its
// header says why): checked on a copy of it beside a stub build and a stub server that each write
// down their pid, in a temporary project with no node_modules. A build run in-process again
// (importing scripts/build.mjs, or Vite) gets start's own pid, or fails to resolve.
import { type ChildProcess, spawn } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

const scripts = import.meta.dirname;

// Writes its pid (and its arguments) to BUILD_REPORT, then the stub server and the stamp that
// buildIsCurrent() compares. STUB_BUILD=fail exits 3 first; STUB_BUILD=hang waits for a signal.
const stubBuild = `
import { mkdir, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { projectRoot, sourceStamp } from "./source-stamp.mjs";

export async function buildAll({ outDir = join(projectRoot, "dist") } = {}) {
  // Written aside and renamed, so the test never reads it half written.
  const report = JSON.stringify({ pid: process.pid, argv: process.argv.slice(2) });
  await writeFile(process.env.BUILD_REPORT + ".part", report);
  await rename(process.env.BUILD_REPORT + ".part", process.env.BUILD_REPORT);
  if (process.env.STUB_BUILD === "fail") process.exit(3);
  if (process.env.STUB_BUILD === "hang") await new Promise(() => setInterval(() => {}, 1000));
  await mkdir(join(outDir, "server"), { recursive: true });
  await writeFile(
    join(outDir, "server/main.js"),
    'import { renameSync, writeFileSync } from "node:fs"; writeFileSync(process.env.SERVER_REPORT + ".part", String(process.pid)); renameSync(process.env.SERVER_REPORT + ".part", process.env.SERVER_REPORT);',
  );
  await writeFile(join(outDir, ".source-stamp"), await sourceStamp());
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const at = process.argv.indexOf("--out-dir");
  await buildAll(at > 0 ? { outDir: process.argv[at + 1] } : {});
}
`;

let root: string;
const started: ChildProcess[] = [];
const report = (name: string) => join(root, `${name}.report`);

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "budget-start-test-"));
  mkdirSync(join(root, "scripts"));
  mkdirSync(join(root, "src"));
  writeFileSync(join(root, "src/main.ts"), "export {};\n");
  copyFileSync(join(scripts, "start.mjs"), join(root, "scripts/start.mjs"));
  copyFileSync(join(scripts, "source-stamp.mjs"), join(root, "scripts/source-stamp.mjs"));
  writeFileSync(join(root, "scripts/build.mjs"), stubBuild);
});

afterEach(() => {
  for (const child of started) if (child.exitCode === null) child.kill("SIGKILL");
  started.length = 0;
  if (existsSync(report("build"))) {
    const { pid } = JSON.parse(readFileSync(report("build"), "utf8"));
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  rmSync(root, { recursive: true, force: true });
});

function start(env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [join(root, "scripts/start.mjs")], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      BUILD_REPORT: report("build"),
      SERVER_REPORT: report("server"),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(child);
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once("exit", (code) => resolve({ code, output })),
  );
  return { child, exited };
}

const waitFor = async (file: string) => {
  for (let waited = 0; !existsSync(file); waited += 20) {
    if (waited > 3000) throw new Error(`${file} was never written`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("npm start (scripts/start.mjs)", () => {
  // The server's memory after a load (docs/benchmarks.md#memory-after-the-load): V8 sized for
  // memory kept the RSS at ~110 MB where its default grew to 160-225 MB; the bench's servers read
  // the same flags (bench/npm-start-flags.mjs).
  it("runs Node.js with V8 sized for memory", () => {
    const { scripts: npm } = JSON.parse(readFileSync(join(scripts, "..", "package.json"), "utf8"));
    expect(npm.start).toBe("node --optimize-for-size scripts/start.mjs");
  });

  it("builds in a child process, then runs the server in its own process", async () => {
    const { child, exited } = start();
    expect((await exited).code).toBe(0);
    const build = JSON.parse(readFileSync(report("build"), "utf8"));
    expect(build.pid).not.toBe(child.pid);
    expect(build.argv).toEqual(["--quiet", "--out-dir", join(root, "dist")]);
    // Signals to start's pid reach the server's own handlers.
    expect(Number(readFileSync(report("server"), "utf8"))).toBe(child.pid);
  });

  it("starts on a current build without building", async () => {
    expect((await start().exited).code).toBe(0);
    rmSync(report("build"));
    const { child, exited } = start();
    expect((await exited).code).toBe(0);
    expect(existsSync(report("build"))).toBe(false);
    expect(Number(readFileSync(report("server"), "utf8"))).toBe(child.pid);
  });

  it("stops with the build's exit code when the build fails, and serves nothing", async () => {
    const { code, output } = await start({ STUB_BUILD: "fail" }).exited;
    expect(code).toBe(3);
    expect(output).toContain("The build failed (exit code 3); the server was not started.");
    expect(existsSync(report("server"))).toBe(false);
  });

  it("stops the build when it is stopped while building", async () => {
    const { child, exited } = start({ STUB_BUILD: "hang" });
    await waitFor(report("build"));
    const build = JSON.parse(readFileSync(report("build"), "utf8"));
    child.kill("SIGTERM");
    const { code, output } = await exited;
    expect(code).not.toBe(0);
    expect(output).toContain("The build was stopped (SIGTERM)");
    expect(alive(build.pid)).toBe(false);
    expect(existsSync(report("server"))).toBe(false);
  });
});

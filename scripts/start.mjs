// `npm start`: build what changed since the last build, then run the server in this process
// (so SIGTERM/SIGINT reach it directly).
//
// The build runs in a process of its own, awaited before the server starts (README.md#run-it):
// built in here, Vite, Rollup, the prerendered landing's modules and esbuild's service process
// stayed with the server for its whole life, about 690 MB RSS after a first start against about
// 120 MB now. Nothing here may import scripts/build.mjs or Vite, not even when the build is
// current: that import alone held about 25 MB more. scripts/start.test.ts checks that the build
// runs in another process than the server.
//
// `--out-dir DIR` builds into and serves from DIR instead of dist/ (the bench's first start,
// docs/benchmarks.md).
import { spawn } from "node:child_process";
import { constants } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { buildIsCurrent, projectRoot } from "./source-stamp.mjs";

const { values } = parseArgs({ options: { "out-dir": { type: "string" } } });
const outDir = values["out-dir"] ? resolve(values["out-dir"]) : join(projectRoot, "dist");

if (!(await buildIsCurrent(outDir))) {
  console.log("Building the app (first start or sources changed)...");
  const { code, signal, stopAsked } = await buildInItsOwnProcess();
  if (stopAsked || signal) {
    console.error(`The build was stopped (${signal ?? stopAsked}); the server was not started.`);
    process.exit(code || 1);
  }
  if (code !== 0) {
    console.error(`The build failed (exit code ${code}); the server was not started.`);
    process.exit(code);
  }
}
await import(pathToFileURL(join(outDir, "server/main.js")).href);

/** Runs `node scripts/build.mjs --quiet --out-dir <outDir>`; resolves once it has exited. */
function buildInItsOwnProcess() {
  const child = spawn(
    process.execPath,
    [join(projectRoot, "scripts/build.mjs"), "--quiet", "--out-dir", outDir],
    { cwd: projectRoot, stdio: "inherit" },
  );
  // A stop sent to this process alone while it builds (a service manager's SIGTERM, `timeout`)
  // stops the build too, rather than leaving it running without a parent. Removed before the
  // server starts, whose own handlers are then the only ones.
  let stopAsked;
  const forward = (signal) => {
    stopAsked = signal;
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  process.on("SIGTERM", forward);
  process.on("SIGINT", forward);
  return new Promise((done) => {
    const finish = (result) => {
      process.off("SIGTERM", forward);
      process.off("SIGINT", forward);
      done({ ...result, stopAsked });
    };
    child.once("error", (error) => {
      console.error("The build could not be started:", error);
      finish({ code: 1, signal: null });
    });
    child.once("exit", (code, signal) => {
      // A build killed by a signal exits as a shell reports it: 128 + the signal's number.
      finish({ code: code ?? 128 + (constants.signals[signal] ?? 0), signal });
    });
  });
}

#!/usr/bin/env node
// The README's test command (`npm test`): typecheck, lint and the tests' build side by side (the
// typecheck is one thread, the lint's tools and the build are quick), the unit and API tests, the end-to-end
// tests, in that order and stopping at the first that fails, then how long each phase took and the
// 20 slowest tests, so a run says where its minutes went (docs/architecture.md#what-a-test-costs).
// `node scripts/test-phases.mjs api` runs one phase (the PostgreSQL pass of .ci/run), and
// `lint+typecheck` two side by side;
// `--report` prints the table of every phase run since the last full run, without running any.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const TIMES_DIR = ".tmp/test-times";

/** The API project's tests, with the JSON report `out`. */
const apiTests = (out) => [
  "npx",
  "vitest",
  "run",
  "--project",
  "api",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${out}`,
];

/** Each phase: its command and, for the test runners, the JSON report it leaves. */
const PHASES = {
  lint: { command: ["npm", "run", "lint"] },
  typecheck: { command: ["npm", "run", "typecheck"] },
  // The build the bundle budget's test and the e2e server use (scripts/build.mjs testBuild),
  // made while the typecheck's one thread leaves a core to it: the unit phase then finds it.
  build: { command: ["node", "scripts/build.mjs", "--tests"] },
  unit: {
    report: "vitest.json",
    command: (out) => [
      "npx",
      "vitest",
      "run",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${out}`,
    ],
  },
  e2e: {
    report: "playwright.json",
    command: ["npx", "playwright", "test", "--reporter=list,json"],
  },
  api: { report: "vitest-api.json", command: apiTests },
  // The API tests again on the PostgreSQL server TEST_POSTGRES_URL names (.ci/run gives it a
  // database of the run's own), beside the end-to-end tests: those wait on their browsers and
  // the app for a good part of their time, and at the lowest priority this pass takes only the
  // CPU they leave (one clean clone: e2e 338 s alone, 352 s with this pass beside it, which
  // took 115 s alone; docs/architecture.md#what-a-test-costs).
  "api-postgres": {
    report: "vitest-api.json",
    skip: () => !process.env.TEST_POSTGRES_URL,
    env: () => ({ TEST_DATABASE_URL: process.env.TEST_POSTGRES_URL }),
    // Three times the tests' 30 s default: at the lowest priority a test waits on the CPU the
    // e2e tests leave, and races of a hundred calls that take 6-9 s alone took 30-120 s here
    // (one clean clone's run, 2026-12-07). A test's own longer timeout still holds.
    command: (out) => ["nice", "-n", "19", ...apiTests(out), "--testTimeout=90000"],
  },
};

/** In order; the phases of an inner list run side by side, each on its own core. */
const DEFAULT_PHASES = [["typecheck", "lint", "build"], "unit", ["e2e", "api-postgres"]];

/** Every test of a Vitest JSON report: { name, ms }. */
export function vitestTests(report) {
  return (report?.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? []).map((test) => ({
      name: `${relative(file.name)} › ${test.fullName ?? test.title}`,
      ms: test.duration ?? 0,
    })),
  );
}

/** Every test of a Playwright JSON report, per project: { name, ms } (its attempts added up). */
export function playwrightTests(report) {
  const out = [];
  const walk = (suite, path) => {
    const here = suite.title ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        out.push({
          name: `[${test.projectName}] ${[...here, spec.title].join(" › ")}`,
          ms: (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0),
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of report?.suites ?? []) walk(suite, []);
  return out;
}

/** The first lines of an error, without the terminal's colours. */
const firstLines = (message, lines = 4) =>
  String(message ?? "")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the runners colour their messages
    .replace(/\u001b\[[0-9;]*m/g, "")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .slice(0, lines)
    .join("\n");

/**
 * The tests that failed in a Vitest report and in a Playwright report, each with the first lines of
 * its error: printed last, so the end of a run's log (all a CI summary may keep) names them.
 */
export function failedTests(vitestReports, playwrightReport) {
  const failed = [];
  for (const { report, prefix } of vitestReports)
    for (const file of report?.testResults ?? []) {
      const tests = (file.assertionResults ?? []).filter((test) => test.status === "failed");
      for (const test of tests)
        failed.push({
          name: `${prefix}${relative(file.name)} › ${test.fullName ?? test.title}`,
          error: firstLines(test.failureMessages?.[0]),
        });
      // A file that failed before its tests ran (an import, a hook) has no failed test.
      if (tests.length === 0 && file.status === "failed")
        failed.push({ name: `${prefix}${relative(file.name)}`, error: firstLines(file.message) });
    }
  const walk = (suite, path) => {
    const here = suite.title ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) {
        const last = test.results?.at(-1);
        if (!last || last.status === "passed" || last.status === "skipped") continue;
        failed.push({
          name: `[${test.projectName}] ${[...here, spec.title].join(" › ")}`,
          error: firstLines(last.error?.message ?? last.status),
        });
      }
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const suite of playwrightReport?.suites ?? []) walk(suite, []);
  return failed;
}

/** The `count` slowest, slowest first. */
export const slowest = (tests, count = 20) =>
  [...tests].sort((a, b) => b.ms - a.ms).slice(0, count);

/**
 * The tests added up per file (a Playwright file per project): a file of many quick tests, or of
 * walks split into several tests, costs more than its slowest test says.
 */
export function perFile(tests) {
  const files = new Map();
  for (const test of tests) {
    const file = test.name.split(" › ")[0];
    files.set(file, (files.get(file) ?? 0) + test.ms);
  }
  return [...files].map(([name, ms]) => ({ name, ms }));
}

/**
 * The table printed after a run: each phase's seconds and result, and the total, where phases
 * that ran beside the one before them (`beside`) count only as long as the longest of them.
 */
export function phaseTable(phases) {
  const rows = phases.map(
    (p) =>
      `| ${p.name}${p.beside ? ` (beside ${p.beside})` : ""} | ${(p.ms / 1000).toFixed(1)} | ${p.ok ? "ok" : "FAILED"} |`,
  );
  let total = 0;
  let group = 0;
  for (const p of phases) {
    if (p.beside) group = Math.max(group, p.ms);
    else {
      total += group;
      group = p.ms;
    }
  }
  total += group;
  return [
    "| phase | seconds | result |",
    "|---|---|---|",
    ...rows,
    `| total | ${(total / 1000).toFixed(1)} | |`,
  ].join("\n");
}

function relative(file) {
  const root = `${process.cwd()}/`;
  return file?.startsWith(root) ? file.slice(root.length) : file;
}

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null);

function report() {
  const phases = readJson(join(TIMES_DIR, "phases.json")) ?? [];
  const unit = readJson(join(TIMES_DIR, "vitest.json"));
  const api = readJson(join(TIMES_DIR, "vitest-api.json"));
  const e2e = readJson(join(TIMES_DIR, "playwright.json"));
  const tests = [
    ...vitestTests(unit),
    ...vitestTests(api).map((t) => ({ ...t, name: `(PostgreSQL) ${t.name}` })),
    ...playwrightTests(e2e),
  ];
  console.log(`\nTime per phase\n${phaseTable(phases)}\n`);
  if (tests.length > 0) {
    console.log("The 20 slowest tests");
    for (const test of slowest(tests))
      console.log(`${(test.ms / 1000).toFixed(1).padStart(6)} s  ${test.name}`);
    console.log("\nThe 10 slowest files");
    for (const file of slowest(perFile(tests), 10))
      console.log(`${(file.ms / 1000).toFixed(1).padStart(6)} s  ${file.name}`);
  }
  const failed = failedTests(
    [
      { report: unit, prefix: "" },
      { report: api, prefix: "(PostgreSQL) " },
    ],
    e2e,
  );
  if (failed.length > 0) {
    console.log(`\nFailed tests (${failed.length})`);
    for (const test of failed) console.log(`${test.name}\n${test.error.replace(/^/gm, "    ")}`);
  }
}

/** Runs one phase, its output shown as it comes, or kept and returned when `quiet`. */
function runPhase(name, quiet) {
  const phase = PHASES[name];
  if (!phase) throw new Error(`unknown phase ${name}; known: ${Object.keys(PHASES).join(", ")}`);
  const out = phase.report ? join(TIMES_DIR, phase.report) : "";
  const command = typeof phase.command === "function" ? phase.command(out) : phase.command;
  const env = {
    ...process.env,
    ...phase.env?.(),
    ...(name === "e2e"
      ? { PLAYWRIGHT_JSON_OUTPUT_FILE: out, PLAYWRIGHT_JSON_OUTPUT_NAME: out }
      : {}),
  };
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), {
      stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
      env,
    });
    let output = "";
    child.stdout?.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr?.on("data", (chunk) => {
      output += chunk;
    });
    child.on("close", (status) =>
      resolve({
        name: name.startsWith("api") && env.TEST_DATABASE_URL ? "api (PostgreSQL)" : name,
        ms: performance.now() - started,
        ok: status === 0,
        output,
      }),
    );
  });
}

async function run(steps) {
  const fresh = JSON.stringify(steps) === JSON.stringify(DEFAULT_PHASES);
  if (fresh) rmSync(TIMES_DIR, { recursive: true, force: true });
  mkdirSync(TIMES_DIR, { recursive: true });
  const phases = fresh ? [] : (readJson(join(TIMES_DIR, "phases.json")) ?? []);
  let ok = true;
  for (const step of steps) {
    const names = (Array.isArray(step) ? step : [step]).filter((name) => !PHASES[name]?.skip?.());
    // Side by side, the first one's output shows as it comes, the others' whole when they end.
    const results = await Promise.all(names.map((name, index) => runPhase(name, index > 0)));
    for (const [index, result] of results.entries()) {
      if (result.output) process.stdout.write(`\n--- ${result.name} ---\n${result.output}`);
      phases.push({
        name: result.name,
        ms: result.ms,
        ok: result.ok,
        ...(index > 0 ? { beside: results[0].name } : {}),
      });
    }
    writeFileSync(join(TIMES_DIR, "phases.json"), JSON.stringify(phases));
    if (results.some((result) => !result.ok)) {
      ok = false;
      break;
    }
  }
  report();
  return ok;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  // `lint+typecheck` names phases to run side by side.
  const steps = args.map((arg) => (arg.includes("+") ? arg.split("+") : arg));
  if (args.includes("--report")) report();
  else process.exit((await run(steps.length > 0 ? steps : DEFAULT_PHASES)) ? 0 : 1);
}

#!/usr/bin/env node
// The README's test command (`npm test`): lint, typecheck, the unit and API tests, the end-to-end
// tests, in that order and stopping at the first that fails, then how long each phase took and the
// 20 slowest tests, so a run says where its minutes went (docs/architecture.md#what-a-test-costs).
// `node scripts/test-phases.mjs api` runs one phase (the PostgreSQL pass of .ci/run);
// `--report` prints the table of every phase run since the last full run, without running any.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const TIMES_DIR = ".tmp/test-times";

/** Each phase: its command and, for the test runners, the JSON report it leaves. */
const PHASES = {
  lint: { command: ["npm", "run", "lint"] },
  typecheck: { command: ["npm", "run", "typecheck"] },
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
  api: {
    report: "vitest-api.json",
    command: (out) => [
      "npx",
      "vitest",
      "run",
      "--project",
      "api",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${out}`,
    ],
  },
};

const DEFAULT_PHASES = ["lint", "typecheck", "unit", "e2e"];

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

/** The table printed after a run: each phase's seconds and result, and the total. */
export function phaseTable(phases) {
  const rows = phases.map(
    (p) => `| ${p.name} | ${(p.ms / 1000).toFixed(1)} | ${p.ok ? "ok" : "FAILED"} |`,
  );
  const total = phases.reduce((sum, p) => sum + p.ms, 0);
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
  const tests = [
    ...vitestTests(readJson(join(TIMES_DIR, "vitest.json"))),
    ...vitestTests(readJson(join(TIMES_DIR, "vitest-api.json"))).map((t) => ({
      ...t,
      name: `(PostgreSQL) ${t.name}`,
    })),
    ...playwrightTests(readJson(join(TIMES_DIR, "playwright.json"))),
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
}

function run(names) {
  mkdirSync(TIMES_DIR, { recursive: true });
  const fresh = names.join(",") === DEFAULT_PHASES.join(",");
  if (fresh) rmSync(TIMES_DIR, { recursive: true, force: true });
  mkdirSync(TIMES_DIR, { recursive: true });
  const phases = fresh ? [] : (readJson(join(TIMES_DIR, "phases.json")) ?? []);
  let ok = true;
  for (const name of names) {
    const phase = PHASES[name];
    if (!phase) throw new Error(`unknown phase ${name}; known: ${Object.keys(PHASES).join(", ")}`);
    const out = phase.report ? join(TIMES_DIR, phase.report) : "";
    const command = typeof phase.command === "function" ? phase.command(out) : phase.command;
    const env =
      name === "e2e"
        ? { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: out, PLAYWRIGHT_JSON_OUTPUT_NAME: out }
        : process.env;
    const started = performance.now();
    const result = spawnSync(command[0], command.slice(1), { stdio: "inherit", env });
    const phaseOk = result.status === 0;
    phases.push({
      name: name === "api" && process.env.TEST_DATABASE_URL ? "api (PostgreSQL)" : name,
      ms: performance.now() - started,
      ok: phaseOk,
    });
    writeFileSync(join(TIMES_DIR, "phases.json"), JSON.stringify(phases));
    if (!phaseOk) {
      ok = false;
      break;
    }
  }
  report();
  return ok;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  if (args.includes("--report")) report();
  else process.exit(run(args.length > 0 ? args : DEFAULT_PHASES) ? 0 : 1);
}

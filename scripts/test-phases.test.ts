import { describe, expect, it } from "vitest";
import {
  failedTests,
  perFile,
  phaseTable,
  playwrightTests,
  slowest,
  vitestTests,
} from "./test-phases.mjs";

// What `npm test` prints after a run (docs/architecture.md#what-a-test-costs): read from the
// runners' own JSON reports, so a wrong reading would name the wrong tests as the slow ones.

describe("the test-time report", () => {
  it("reads every test of a Vitest report with its file and duration", () => {
    const report = {
      testResults: [
        {
          name: `${process.cwd()}/src/a.api.test.ts`,
          assertionResults: [
            { fullName: "a > slow", duration: 900 },
            { fullName: "a > quick", duration: 3 },
          ],
        },
        { name: "/elsewhere/b.test.ts", assertionResults: [{ title: "b", duration: undefined }] },
      ],
    };
    expect(vitestTests(report)).toEqual([
      { name: "src/a.api.test.ts › a > slow", ms: 900 },
      { name: "src/a.api.test.ts › a > quick", ms: 3 },
      { name: "/elsewhere/b.test.ts › b", ms: 0 },
    ]);
  });

  it("reads every Playwright test per project through nested suites, its attempts added up", () => {
    const report = {
      suites: [
        {
          title: "balances.spec.ts",
          specs: [
            {
              title: "pt: settle",
              tests: [{ projectName: "phone", results: [{ duration: 4000 }, { duration: 1000 }] }],
            },
          ],
          suites: [
            {
              title: "group",
              specs: [{ title: "en: lines", tests: [{ projectName: "desktop", results: [] }] }],
            },
          ],
        },
      ],
    };
    expect(playwrightTests(report)).toEqual([
      { name: "[phone] balances.spec.ts › pt: settle", ms: 5000 },
      { name: "[desktop] balances.spec.ts › group › en: lines", ms: 0 },
    ]);
  });

  it("names every failed test last with the first lines of its error, a retried pass not among them", () => {
    const unit = {
      testResults: [
        {
          name: `${process.cwd()}/src/a.test.ts`,
          status: "failed",
          assertionResults: [
            { fullName: "a > passes", status: "passed" },
            {
              fullName: "a > breaks",
              status: "failed",
              failureMessages: [
                "\u001b[31mAssertionError: expected 1 to be 2\u001b[39m\n\n at a.test.ts:3\n l2\n l3\n l4",
              ],
            },
          ],
        },
        {
          name: `${process.cwd()}/src/b.test.ts`,
          status: "failed",
          message: "Cannot find module x",
          assertionResults: [],
        },
      ],
    };
    const e2e = {
      suites: [
        {
          title: "x.spec.ts",
          specs: [
            {
              title: "pt: journey",
              tests: [
                {
                  projectName: "phone",
                  results: [{ status: "timedOut", error: { message: "Timeout 30000ms" } }],
                },
                { projectName: "desktop", results: [{ status: "failed" }, { status: "passed" }] },
              ],
            },
          ],
        },
      ],
    };
    expect(failedTests([{ report: unit, prefix: "(PostgreSQL) " }], e2e)).toEqual([
      {
        name: "(PostgreSQL) src/a.test.ts › a > breaks",
        error: "AssertionError: expected 1 to be 2\n at a.test.ts:3\n l2\n l3",
      },
      { name: "(PostgreSQL) src/b.test.ts", error: "Cannot find module x" },
      { name: "[phone] x.spec.ts › pt: journey", error: "Timeout 30000ms" },
    ]);
  });

  it("adds the tests up per file, a Playwright file per project", () => {
    const tests = [
      { name: "src/a.api.test.ts › walk one", ms: 700 },
      { name: "src/b.test.ts › quick", ms: 5 },
      { name: "src/a.api.test.ts › walk two", ms: 600 },
      { name: "[phone] e2e/x.spec.ts › journey", ms: 4000 },
      { name: "[desktop] e2e/x.spec.ts › journey", ms: 3000 },
    ];
    expect(slowest(perFile(tests), 3)).toEqual([
      { name: "[phone] e2e/x.spec.ts", ms: 4000 },
      { name: "[desktop] e2e/x.spec.ts", ms: 3000 },
      { name: "src/a.api.test.ts", ms: 1300 },
    ]);
  });

  it("counts phases that ran side by side as long as the longest of them", () => {
    expect(
      phaseTable([
        { name: "lint", ms: 10_000, ok: true },
        { name: "typecheck", ms: 22_000, ok: true, beside: "lint" },
        { name: "unit", ms: 100_000, ok: true },
      ]),
    ).toBe(
      [
        "| phase | seconds | result |",
        "|---|---|---|",
        "| lint | 10.0 | ok |",
        "| typecheck (beside lint) | 22.0 | ok |",
        "| unit | 100.0 | ok |",
        "| total | 122.0 | |",
      ].join("\n"),
    );
  });

  it("lists the slowest first, at most the count asked, and the phases with their total", () => {
    const tests = [5, 50, 1, 30].map((ms) => ({ name: `t${ms}`, ms }));
    expect(slowest(tests, 2).map((t) => t.name)).toEqual(["t50", "t30"]);
    expect(
      phaseTable([
        { name: "lint", ms: 12_340, ok: true },
        { name: "unit", ms: 100_000, ok: false },
      ]),
    ).toBe(
      [
        "| phase | seconds | result |",
        "|---|---|---|",
        "| lint | 12.3 | ok |",
        "| unit | 100.0 | FAILED |",
        "| total | 112.3 | |",
      ].join("\n"),
    );
  });
});

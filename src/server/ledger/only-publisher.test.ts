import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The ledger's unit of work is the only publisher of a family's changes (unit-of-work.ts,
 * docs/architecture.md#the-life-of-an-expense-write): no route or service publishes a live topic
 * itself or fans changes out, and none moves the family's data version by hand (the triggers of
 * db/triggers.api.test.ts do). A new call that bypasses it fails here.
 */
const bypasses: { pattern: RegExp; allowed: Record<string, string> }[] = [
  {
    pattern: /\bfamilyEvents\.publish\(|\bevents\.publish\(/,
    allowed: { "src/server/app.ts": "the fan-out's subscriber that turns changes into topics" },
  },
  {
    pattern: /\.fanOut\(/,
    allowed: { "src/server/ledger/unit-of-work.ts": "after its COMMIT, or a lone statement's" },
  },
  {
    pattern: /\bdataVersion\s*:\s*sql|data_version"?\s*=\s*"?data_version/,
    allowed: {},
  },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith(".ts") && !path.endsWith(".test.ts") ? [path] : [];
  });
}

describe("the ledger as the only publisher", () => {
  const sources = sourceFiles("src/server").map((path) => ({
    path: relative(".", path),
    text: readFileSync(path, "utf8"),
  }));

  it.each(bypasses)("nothing else calls $pattern", ({ pattern, allowed }) => {
    const found = sources.filter(({ text }) => pattern.test(text)).map(({ path }) => path);
    expect(found.sort()).toEqual(Object.keys(allowed).sort());
  });

  it("would catch each bypass", () => {
    const caught = (text: string) => bypasses.some(({ pattern }) => pattern.test(text));
    expect(caught('await app.familyEvents.publish(scope.familyId, ["categories"]);')).toBe(true);
    expect(caught("dataVersion: sql`families.data_version + 1`,")).toBe(true);
    expect(caught('UPDATE "families" SET "data_version" = "data_version" + 1')).toBe(true);
    expect(caught("await this.fanOut.fanOut(log.changes);")).toBe(true);
    expect(caught('changed(scope.familyId, ["categories"]);')).toBe(false);
  });
});

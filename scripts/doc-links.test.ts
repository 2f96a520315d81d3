import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The documents cite each other and the code cites them by heading (docs/architecture.md: comments
 * cite product.md, this map, internals/ or decisions/ "#a-heading"): a heading renamed or a file
 * moved leaves a reader at the top of a long page, or nowhere. Every Markdown link of the repo's
 * documents, and every heading of docs/ a source file names, must reach a file and a heading.
 */

const root = join(import.meta.dirname, "..");
const skipped = new Set([
  "node_modules",
  "dist",
  ".tmp",
  ".git",
  "test-results",
  "playwright-report",
]);

function filesUnder(folder: string, pattern: RegExp): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory() && !skipped.has(entry.name)) found.push(...filesUnder(path, pattern));
    else if (entry.isFile() && pattern.test(entry.name)) found.push(path);
  }
  return found;
}

/** GitHub's anchor of a heading: lower case, punctuation but `-` and `_` dropped, spaces to `-`. */
const anchorOf = (heading: string) =>
  heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/ /g, "-");

const anchorsByFile = new Map<string, Set<string> | undefined>();

/** The anchors of a Markdown file (a repeated heading's get -1, -2, ...); undefined if none. */
function anchorsOf(file: string): Set<string> | undefined {
  if (anchorsByFile.has(file)) return anchorsByFile.get(file);
  const path = join(root, file);
  let anchors: Set<string> | undefined;
  if (file.endsWith(".md") && existsSync(path) && statSync(path).isFile()) {
    anchors = new Set();
    const seen = new Map<string, number>();
    let fenced = false;
    for (const line of readFileSync(path, "utf8").split("\n")) {
      if (line.startsWith("```")) fenced = !fenced;
      const heading = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
      if (!heading) continue;
      const anchor = anchorOf(heading[1] ?? "");
      const times = seen.get(anchor) ?? 0;
      seen.set(anchor, times + 1);
      anchors.add(times === 0 ? anchor : `${anchor}-${times}`);
    }
  }
  anchorsByFile.set(file, anchors);
  return anchors;
}

/** What is wrong with `file#anchor` (an empty anchor: the file alone), or null. */
function brokenTarget(file: string, anchor: string): string | null {
  const anchors = anchorsOf(file);
  if (!anchors) return existsSync(join(root, file)) ? null : "no such file";
  return anchor === "" || anchors.has(anchor) ? null : "no such heading";
}

const documents = [
  ...filesUnder("docs", /\.md$/),
  ...readdirSync(root).filter((name) => name.endsWith(".md")),
];

describe("links between the documents", () => {
  it("finds the documents", () => {
    expect(documents).toContain("docs/architecture.md");
  });

  it("reach a file and, with #, a heading of it", () => {
    const broken: string[] = [];
    for (const document of documents) {
      const lines = readFileSync(join(root, document), "utf8").split("\n");
      for (const [index, line] of lines.entries()) {
        for (const [, target = ""] of line.matchAll(/\]\(([^)\s]+)\)/g)) {
          if (/^[a-z]+:/.test(target)) continue;
          const [path = "", anchor = ""] = target.split("#");
          const file = path === "" ? document : relative(root, join(root, dirname(document), path));
          const wrong = brokenTarget(file, anchor);
          if (wrong) broken.push(`${document}:${index + 1} ${target}: ${wrong}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});

describe("the code's citations of docs/", () => {
  const sources = ["src", "scripts", "bench", "e2e"].flatMap((folder) =>
    filesUnder(folder, /\.(ts|tsx|mjs|cjs|sql)$/),
  );

  it("finds the sources", () => {
    expect(sources).toContain("src/server/main.ts");
  });

  it("name a heading that exists, and so do the anchors listed after one (`#a, #b`)", () => {
    const broken: string[] = [];
    for (const source of sources) {
      const text = readFileSync(join(root, source), "utf8");
      // A citation, then anchors of the same file after a comma or "and", even past a comment's
      // line break: "docs/product.md#private-expenses,\n-- #private-income".
      const citations = text.matchAll(
        /\bdocs\/([\w./-]+\.md)#([\w-]+)((?:(?:,|\s+and|\s+or)\s*(?:\n\s*(?:\*|\/\/|--)\s*)?#[\w-]+)*)/g,
      );
      for (const [, path = "", first = "", more = ""] of citations) {
        for (const anchor of [first, ...[...more.matchAll(/#([\w-]+)/g)].map((m) => m[1] ?? "")]) {
          const wrong = brokenTarget(`docs/${path}`, anchor);
          if (wrong) broken.push(`${source}: docs/${path}#${anchor}: ${wrong}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});

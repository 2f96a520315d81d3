import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import server from "../../contract/messages/en.json";
import appEn from "./catalogues/en";
import type { Catalogue } from "./merge";

// The keys the web's code names, read from its sources: every one must be in the texts the web
// downloads (the app catalogue, i18n/catalogues/<lang>.ts), and none in the server's sections the
// catalogue leaves out (its mails, CSV headers, errors and messages, which the server translates:
// docs/internals/web.md#what-the-landing-page-loads). A key the code builds at run time is checked
// by its written prefix (`history.kinds.${kind}`); one passed in whole from elsewhere is checked
// where it is written.

const root = join(import.meta.dirname, "../..");
const sourcesUnder = (folder: string): string[] =>
  readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === "testing" ? [] : sourcesUnder(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
// What the web runs: its own code, and the domain's and the contract's it imports.
const sources = ["web", "domain", "contract"].flatMap((folder) => sourcesUnder(join(root, folder)));

const lookup = (texts: Catalogue, key: string) =>
  key
    .split(".")
    .reduce<string | Catalogue | undefined>(
      (node, part) => (typeof node === "object" ? node[part] : undefined),
      texts,
    );

/** Every key-like string in the sources: `written` whole, `prefixes` of template literals. */
function namedKeys(sections: ReadonlySet<string>) {
  const written: { file: string; key: string }[] = [];
  const prefixes: { file: string; prefix: string }[] = [];
  for (const file of sources) {
    const code = readFileSync(file, "utf8");
    const name = file.slice(root.length + 1);
    for (const [, key = ""] of code.matchAll(/["'`]([a-zA-Z]\w*(?:\.[\w-]+)+)["'`]/g)) {
      if (sections.has(key.split(".")[0] ?? "")) written.push({ file: name, key });
    }
    for (const [, prefix = ""] of code.matchAll(/`([a-zA-Z]\w*(?:\.[\w-]+)*)\.\$\{/g)) {
      if (sections.has(prefix.split(".")[0] ?? "")) prefixes.push({ file: name, prefix });
    }
  }
  return { written, prefixes };
}

const serverOnly = Object.keys(server).filter((section) => !(section in appEn));
const sections = new Set([...Object.keys(server), ...Object.keys(appEn)]);
const { written, prefixes } = namedKeys(sections);

describe("the keys the web's code names", () => {
  it("finds keys to check (so the checks below can fail)", () => {
    expect(written.length).toBeGreaterThan(500);
    expect(prefixes.length).toBeGreaterThan(10);
  });

  it("are all in the app's texts (a plural by its _one and _other forms)", () => {
    const missing = written
      .filter(({ key }) =>
        [key, `${key}_one`, `${key}_other`].every((k) => lookup(appEn, k) === undefined),
      )
      .map(({ file, key }) => `${file}: ${key}`);
    expect(missing).toEqual([]);
    const missingPrefixes = prefixes
      .filter(({ prefix }) => typeof lookup(appEn, prefix) !== "object")
      .map(({ file, prefix }) => `${file}: ${prefix}`);
    expect(missingPrefixes).toEqual([]);
  });

  it("leave out the server's own sections, which the web never reads", () => {
    expect(serverOnly.sort()).toEqual(["csvExport", "errors", "mail", "messages"]);
    for (const section of serverOnly) expect(appEn).not.toHaveProperty(section);
    const named = [...written.map(({ key }) => key), ...prefixes.map(({ prefix }) => prefix)];
    expect(named.filter((key) => serverOnly.includes(key.split(".")[0] ?? ""))).toEqual([]);
  });
});

import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { languages } from "../../contract/languages";
import server from "../../contract/messages/en.json";
import appEn from "./catalogues/en";
import appEs from "./catalogues/es";
import appPt from "./catalogues/pt";
import { frameFeatures } from "./frame-features";
import type { Catalogue } from "./merge";

// Who may read which texts (i18n/init.ts): a feature (features/<area>, with its locales/) its own
// namespace and the shared one; every other module (components/, lib/, api/, routes/, offline/,
// the frames, and the domain's and the contract's modules the web runs) the shared one only. The
// keys are read from the sources: each key-like string whose first part is a section of some
// catalogue, checked in the file that writes it. A key the code builds at run time is checked by
// its written prefix (`history.kinds.${kind}`); one passed in whole from elsewhere is checked where
// it is written. The server's sections the web never downloads (its mails, CSV headers, errors and
// messages, which it translates itself: docs/internals/web.md#what-the-landing-page-loads) are in
// no namespace, so naming one fails too.

const root = join(import.meta.dirname, "../..");
const sourcesUnder = (folder: string): string[] =>
  readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === "testing" ? [] : sourcesUnder(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
const sources = ["web", "domain", "contract"].flatMap((folder) => sourcesUnder(join(root, folder)));

const shared = {
  en: import.meta.glob<Catalogue>("./locales/en.json", { eager: true, import: "default" }),
  pt: import.meta.glob<Catalogue>("./locales/pt.json", { eager: true, import: "default" }),
  es: import.meta.glob<Catalogue>("./locales/es.json", { eager: true, import: "default" }),
};
const sharedApp = { en: appEn, pt: appPt, es: appEs };
const featureFiles = import.meta.glob<Catalogue>("../features/*/locales/*.json", {
  eager: true,
  import: "default",
});

/** Every namespace in every language: `shared` (both its parts) and each feature's. */
const namespaces: Record<string, Record<(typeof languages)[number], Catalogue>> = {
  shared: Object.fromEntries(
    languages.map((language) => [
      language,
      { ...Object.values(shared[language])[0], ...sharedApp[language] },
    ]),
  ) as Record<(typeof languages)[number], Catalogue>,
};
for (const [path, catalogue] of Object.entries(featureFiles)) {
  const [, feature = "", language = ""] =
    /features\/([^/]+)\/locales\/(\w+)\.json$/.exec(path) ?? [];
  namespaces[feature] ??= {} as Record<(typeof languages)[number], Catalogue>;
  (namespaces[feature] as Record<string, Catalogue>)[language] = catalogue;
}

function keyPaths(tree: Catalogue, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [`${prefix}${key}`] : keyPaths(value, `${prefix}${key}.`),
  );
}
const lookup = (texts: Catalogue, key: string) =>
  key
    .split(".")
    .reduce<string | Catalogue | undefined>(
      (node, part) => (typeof node === "object" ? node[part] : undefined),
      texts,
    );
const placeholders = (text: unknown) =>
  [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] ?? "").sort();

const english = (namespace: string) => namespaces[namespace]?.en ?? {};
const sections = new Set([
  ...Object.keys(server),
  ...Object.keys(namespaces).flatMap((namespace) => Object.keys(english(namespace))),
]);
/** The feature a source file belongs to, if that feature has texts of its own. */
const featureOf = (file: string) => {
  const feature = /^web\/features\/([^/]+)\//.exec(file)?.[1];
  return feature && feature in namespaces ? feature : undefined;
};
/** The name of a feature's namespace constant (features/<area>/texts.ts). */
const constantOf = (feature: string) =>
  `${feature.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase())}Texts`;

const named = sources.map((path) => {
  const code = readFileSync(path, "utf8");
  const file = relative(root, path);
  const written = [...code.matchAll(/["'`]([a-zA-Z]\w*(?:\.[\w-]+)+)["'`]/g)]
    .map(([, key = ""]) => key)
    .filter((key) => sections.has(key.split(".")[0] ?? ""));
  const prefixes = [...code.matchAll(/`([a-zA-Z]\w*(?:\.[\w-]+)*)\.\$\{/g)]
    .map(([, prefix = ""]) => prefix)
    .filter((prefix) => sections.has(prefix.split(".")[0] ?? ""));
  const hooks = [...code.matchAll(/useTranslation\(([^)]*)\)/g)].map(([, args = ""]) => args);
  return { file, code, feature: featureOf(file), written, prefixes, hooks };
});

describe("every namespace", () => {
  it.each(Object.keys(namespaces))(
    "%s has the same keys and placeholders in en, pt and es",
    (namespace) => {
      const texts = namespaces[namespace];
      const keys = keyPaths(english(namespace)).sort();
      expect(keys.length).toBeGreaterThan(0);
      for (const language of languages) {
        const catalogue = texts?.[language] ?? {};
        expect(keyPaths(catalogue).sort(), `${namespace} in ${language}`).toEqual(keys);
        for (const key of keys) {
          expect(
            placeholders(lookup(catalogue, key)),
            `${namespace}: ${key} in ${language}`,
          ).toEqual(placeholders(lookup(english(namespace), key)));
        }
      }
    },
  );

  it("holds no text the shared namespace also holds (one of the two would hide the other)", () => {
    const sharedKeys = new Set(keyPaths(english("shared")));
    const twice = Object.keys(namespaces)
      .filter((namespace) => namespace !== "shared")
      .flatMap((namespace) =>
        keyPaths(english(namespace))
          .filter((key) => sharedKeys.has(key))
          .map((key) => `${namespace}: ${key}`),
      );
    expect(twice).toEqual([]);
  });
});

describe("the keys the web's code names", () => {
  it("finds keys to check (so the checks below can fail)", () => {
    expect(named.flatMap(({ written }) => written).length).toBeGreaterThan(500);
    expect(named.flatMap(({ prefixes }) => prefixes).length).toBeGreaterThan(10);
    expect(named.filter(({ feature }) => feature).length).toBeGreaterThan(80);
  });

  it("are each in the file's own feature's texts or the shared ones, never another feature's", () => {
    const readable = (feature: string | undefined) => [
      english("shared"),
      ...(feature ? [english(feature)] : []),
    ];
    const wrong = named.flatMap(({ file, feature, written, prefixes }) => {
      const mine = readable(feature);
      const misses = [
        ...written.filter((key) =>
          mine.every((texts) =>
            [key, `${key}_one`, `${key}_other`].every((k) => lookup(texts, k) === undefined),
          ),
        ),
        ...prefixes.filter((prefix) =>
          mine.every((texts) => typeof lookup(texts, prefix) !== "object"),
        ),
      ];
      return misses.map((key) => {
        const owners = Object.keys(namespaces).filter(
          (namespace) =>
            lookup(english(namespace), key) !== undefined ||
            lookup(english(namespace), `${key}_other`) !== undefined,
        );
        return `${file}: ${key} (${owners.length > 0 ? `owned by ${owners.join(", ")}` : "in no namespace"})`;
      });
    });
    expect(wrong).toEqual([]);
  });

  it("are read through the file's own namespace: a feature's hooks name its texts.ts, others none", () => {
    const wrong = named.flatMap(({ file, code, feature, hooks }) => {
      const expected = feature ? constantOf(feature) : "";
      const imported =
        !feature ||
        new RegExp(`import \\{ ${expected} \\} from "[./]+(?:/\\.\\.)*/texts"`).test(code);
      return hooks
        .filter((args) => args !== expected || !imported)
        .map((args) => `${file}: useTranslation(${args})`);
    });
    expect(wrong).toEqual([]);
  });

  it("name every text of every namespace (a text no code reads is not kept)", () => {
    const wholes = new Set(named.flatMap(({ written }) => written));
    // A prefix the code completes at run time: `history.kinds.${kind}`, `x.threshold${n}`.
    const starts = named.flatMap(({ code }) =>
      [...code.matchAll(/`([a-zA-Z][\w.-]*)\$\{/g)].map(([, start = ""]) => start),
    );
    const unread = Object.keys(namespaces).flatMap((namespace) =>
      keyPaths(english(namespace))
        .filter((key) => !["validation", "budgetAlert"].includes(key.split(".")[0] ?? ""))
        .map((key) => key.replace(/_(?:zero|one|two|few|many|other)$/, ""))
        .filter((key) => !wholes.has(key) && !starts.some((start) => key.startsWith(start)))
        .map((key) => `${namespace}: ${key}`),
    );
    expect(unread).toEqual([]);
  });

  it("leave out the server's own sections, which the web never reads", () => {
    const serverOnly = Object.keys(server).filter((section) => !(section in appEn));
    expect(serverOnly.sort()).toEqual(["csvExport", "errors", "mail", "messages"]);
    const keys = named.flatMap(({ written, prefixes }) => [...written, ...prefixes]);
    expect(keys.filter((key) => serverOnly.includes(key.split(".")[0] ?? ""))).toEqual([]);
  });
});

/** The project modules `file` imports statically, itself included (type imports too: harmless). */
function staticImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(file, "utf8");
  for (const [, specifier = ""] of code.matchAll(/^(?:import|export)[^;]*?from "(\.[^"]+)";/gms)) {
    const base = join(dirname(file), specifier);
    const found = [`${base}.ts`, `${base}.tsx`, base].find((path) => {
      try {
        return statSync(path).isFile();
      } catch {
        return false;
      }
    });
    if (found) staticImports(found, seen);
  }
  return seen;
}

describe("the frame's features (i18n/frame-features.ts)", () => {
  it("are those whose texts the signed-in frame and the dashboard import", () => {
    const modules = new Set<string>();
    for (const route of ["authenticated-layout.tsx", "dashboard-route.tsx"]) {
      staticImports(join(root, "web/routes", route), modules);
    }
    const features = [...modules]
      .map((path) => /web\/features\/([^/]+)\/texts\.ts$/.exec(relative(root, path))?.[1])
      .filter((feature) => feature !== undefined);
    expect(features.sort()).toEqual([...frameFeatures].sort());
  });
});

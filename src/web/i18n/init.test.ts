// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import appEn from "./catalogues/en";
import appEs from "./catalogues/es";
import appPt from "./catalogues/pt";
import { currentLanguage } from "./current-language";
import { initI18n, mergeCatalogues, setLanguage } from "./init";
import en from "./locales/en.json";
import es from "./locales/es.json";
import pt from "./locales/pt.json";

type Tree = { [key: string]: string | Tree };

function keyPaths(tree: Tree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "string" ? [`${prefix}${key}`] : keyPaths(value, `${prefix}${key}.`),
  );
}

function lookup(tree: Tree, path: string): string | Tree | undefined {
  return path
    .split(".")
    .reduce<string | Tree | undefined>(
      (node, part) => (typeof node === "object" ? node[part] : undefined),
      tree,
    );
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] ?? "").sort();
}

describe("catalogues", () => {
  const english: Tree = en;
  const catalogues: Record<"pt" | "es", Tree> = { pt, es };

  it.each(["pt", "es"] as const)("%s has exactly the keys English has", (language) => {
    expect(keyPaths(catalogues[language]).sort()).toEqual(keyPaths(english).sort());
  });

  // The whole catalogue the signed-in screens load: each feature's texts (features/<area>/locales)
  // merged into the frame's and the server's, so a text moved between features is checked too.
  it.each([
    ["pt", appPt],
    ["es", appEs],
  ] as const)("the app's whole %s catalogue has exactly the keys English has", (_, catalogue) => {
    expect(keyPaths(catalogue).sort()).toEqual(keyPaths(appEn).sort());
  });

  it.each(["pt", "es"] as const)("%s keeps every {{placeholder}} of English", (language) => {
    const translated = catalogues[language];
    for (const path of keyPaths(english)) {
      expect(placeholders(String(lookup(translated, path))), path).toEqual(
        placeholders(String(lookup(english, path))),
      );
    }
  });

  it("uses the specification's Portuguese texts", () => {
    const text = (path: string) => lookup(pt, path);
    expect(text("common.loading")).toBe("Carregando...");
    expect(text("common.error")).toBe("Erro");
    expect(text("nav.dashboard")).toBe("Dashboard");
    expect(text("nav.expenses")).toBe("Gastos");
    expect(text("nav.categories")).toBe("Categorias");
    expect(text("nav.reports")).toBe("Relatórios");
    expect(text("pages.dashboard.title")).toBe("Controle Mensal");
    expect(text("pages.categories.title")).toBe("Gerenciar Categorias");
    expect(text("pages.reports.title")).toBe("Relatórios Mensais");
  });
});

describe("mergeCatalogues", () => {
  it("merges nested keys and lets the web catalogue win on conflicts", () => {
    expect(
      mergeCatalogues({ errors: { a: "server a", b: "server b" } }, { errors: { b: "web b" } }),
    ).toEqual({ errors: { a: "server a", b: "web b" } });
  });
});

describe("i18n instance", () => {
  beforeEach(() => {
    localStorage.clear();
  });

  it("translates, falls back to English and then to the key", () => {
    const i18n = initI18n("pt");
    expect(i18n.t("common.loading")).toBe("Carregando...");
    i18n.addResource("en", "translation", "onlyInEnglish", "English only");
    expect(i18n.t("onlyInEnglish")).toBe("English only");
    expect(i18n.t("no.such.key")).toBe("no.such.key");
  });

  it("substitutes {{name}} placeholders", () => {
    const i18n = initI18n("es");
    expect(i18n.t("landing.sample.week", { number: 3 })).toBe("Semana 3");
    expect(i18n.t("footer.copyright", { year: 2030 })).toBe("© 2030 Presupuesto Familiar");
  });

  it("includes the contract's validation messages for every language", () => {
    const i18n = initI18n("pt");
    const english = initI18n("en").t("validation.required");
    expect(english).not.toBe("validation.required");
    i18n.changeLanguage("pt");
    expect(i18n.t("validation.required")).not.toBe("validation.required");
    expect(i18n.t("validation.required")).not.toBe(english);
  });

  it("remembers a chosen language and reflects it in <html lang>", async () => {
    initI18n("en");
    expect(document.documentElement.lang).toBe("en");
    await setLanguage("es");
    expect(localStorage.getItem("language")).toBe("es");
    expect(document.documentElement.lang).toBe("es");
    expect(currentLanguage()).toBe("es");
  });

  it("detects the language when none is given", () => {
    localStorage.setItem("language", "pt");
    initI18n();
    expect(currentLanguage()).toBe("pt");
    expect(document.documentElement.lang).toBe("pt");
  });
});

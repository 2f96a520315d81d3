// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { currentLanguage } from "./current-language";
import { initI18n, loadFeatureTexts, setLanguage } from "./init";
import pt from "./locales/pt.json";
import { mergeCatalogues } from "./merge";

type Tree = { [key: string]: string | Tree };

function lookup(tree: Tree, path: string): string | Tree | undefined {
  return path
    .split(".")
    .reduce<string | Tree | undefined>(
      (node, part) => (typeof node === "object" ? node[part] : undefined),
      tree,
    );
}

// Every namespace's keys in en, pt and es: keys.test.ts.
describe("catalogues", () => {
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
    i18n.addResource("en", "shared", "onlyInEnglish", "English only");
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

describe("a feature's texts", () => {
  it("are in before the awaiting chunk goes on, and a language switch loads them first", async () => {
    const asked: string[] = [];
    const i18n = initI18n("pt");
    await loadFeatureTexts("sample-feature", async (language) => {
      asked.push(language);
      return { default: { sample: { title: `title in ${language}` } } };
    });
    expect(asked).toEqual(["pt"]);
    const t = i18n.getFixedT(null, "sample-feature");
    expect(t("sample.title")).toBe("title in pt");
    // The shared texts, through the feature's own `t`.
    expect(t("common.loading")).toBe("Carregando...");

    await setLanguage("es");
    expect(asked).toEqual(["pt", "es"]);
    expect(t("sample.title")).toBe("title in es");
    await setLanguage("pt");
    expect(asked).toEqual(["pt", "es"]);
  });

  it("that fail to load leave the chunk going on, and the next switch tries again", async () => {
    let fail = true;
    initI18n("pt");
    const load = async (language: string) => {
      if (fail) throw new Error("offline");
      return { default: { failing: { title: `again in ${language}` } } };
    };
    await expect(loadFeatureTexts("failing-feature", load)).resolves.toBeUndefined();
    fail = false;
    await setLanguage("en");
    const i18n = initI18n("en");
    expect(i18n.getFixedT(null, "failing-feature")("failing.title")).toBe("again in en");
  });
});

// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { languageStorageKey } from "../../i18n/detect";
import { renderLanding } from "./prerender";
import { runStaticLanding } from "./static-landing";

/** The page the server sends at `/` (server/http/web-app.ts's landingPages), in `language`. */
function serveLandingIn(language: "en" | "pt" | "es") {
  const others = (["en", "pt", "es"] as const).filter((other) => other !== language);
  document.documentElement.lang = language;
  document.title = renderLanding(language).title;
  document.body.innerHTML = `<div id="root" data-prerendered="${language}">${renderLanding(language).markup}</div>${others
    .map((other) => {
      const { title, markup } = renderLanding(other);
      return `<template data-landing="${other}" data-title="${title}">${markup}</template>`;
    })
    .join("")}`;
  const root = document.getElementById("root");
  if (!root) throw new Error("no #root");
  return root;
}

const headline = () => document.querySelector("#root h1")?.textContent;
const button = (language: string) =>
  document.querySelector<HTMLButtonElement>(`#root [data-language-option="${language}"]`);

describe("the static landing page's script", () => {
  const browserLanguage = Object.getOwnPropertyDescriptor(Navigator.prototype, "language");
  const setBrowserLanguage = (value: string) =>
    Object.defineProperty(Navigator.prototype, "language", {
      configurable: true,
      get: () => value,
    });

  beforeEach(() => {
    localStorage.clear();
    setBrowserLanguage("en-US");
  });
  afterEach(() => {
    if (browserLanguage) Object.defineProperty(Navigator.prototype, "language", browserLanguage);
  });

  it("leaves the server's language alone when it is the one the app would pick", () => {
    const root = serveLandingIn("en");
    runStaticLanding(root);
    expect(root.dataset.prerendered).toBe("en");
    expect(headline()).toBe("Your family's money, planned week by week");
    expect(document.querySelectorAll("template[data-landing]")).toHaveLength(2);
  });

  it("shows the stored choice from its template, with its title and lang", () => {
    localStorage.setItem(languageStorageKey, "es");
    const root = serveLandingIn("pt");
    runStaticLanding(root);
    expect(root.dataset.prerendered).toBe("es");
    expect(headline()).toBe("El dinero de tu familia, planificado semana a semana");
    expect(document.documentElement.lang).toBe("es");
    expect(document.documentElement.dataset.language).toBe("es");
    expect(document.title).toBe("Presupuesto Familiar");
    // Portuguese went into a template: it can come back without the server.
    expect(document.querySelector('template[data-landing="pt"]')).not.toBeNull();
    expect(document.querySelector('template[data-landing="es"]')).toBeNull();
  });

  it("switches with the EN/PT/ES buttons, remembers the choice and keeps the focus on the button", () => {
    const root = serveLandingIn("en");
    runStaticLanding(root);
    expect(button("en")?.getAttribute("aria-pressed")).toBe("true");

    button("pt")?.click();
    expect(headline()).toBe("O dinheiro da sua família, planejado semana a semana");
    expect(document.title).toBe("Orçamento Familiar");
    expect(localStorage.getItem(languageStorageKey)).toBe("pt");
    expect(button("pt")?.getAttribute("aria-pressed")).toBe("true");
    expect(document.activeElement).toBe(button("pt"));

    button("en")?.click();
    expect(headline()).toBe("Your family's money, planned week by week");
    expect(document.title).toBe("Family Budget");
    expect(localStorage.getItem(languageStorageKey)).toBe("en");
    expect(document.querySelectorAll("#root h1")).toHaveLength(1);
  });

  it("follows the browser's language when nothing is stored", () => {
    setBrowserLanguage("pt-BR");
    const root = serveLandingIn("en");
    runStaticLanding(root);
    expect(headline()).toBe("O dinheiro da sua família, planejado semana a semana");
  });

  it("keeps its links plain links to the app's pages", () => {
    const root = serveLandingIn("pt");
    runStaticLanding(root);
    const links = [...root.querySelectorAll("main a")].map((a) => a.getAttribute("href"));
    expect(links).toEqual(["/register", "/login"]);
  });
});

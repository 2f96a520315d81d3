// @vitest-environment jsdom
import { act } from "react";
import { createRoot } from "react-dom/client";
import { describe, expect, it } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { initI18n } from "../../i18n/init";
import en from "../../i18n/locales/en.json";
import es from "../../i18n/locales/es.json";
import pt from "../../i18n/locales/pt.json";
import { LandingPage } from "./landing-page";
import { renderLanding } from "./prerender";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

const headlines = { en: en.landing.headline, pt: pt.landing.headline, es: es.landing.headline };

function normalised(element: HTMLElement): string {
  for (const styled of element.querySelectorAll<HTMLElement>("[style]")) {
    styled.setAttribute("style", styled.style.cssText);
  }
  return element.innerHTML;
}

describe("renderLanding", () => {
  // The server's static page and the app's own landing page (`/` reached inside the app, or from
  // the service worker's copy of index.html) are one page: the same markup, whichever shows it.
  it.each(["en", "pt", "es"] as const)("is the markup the app renders, in %s", (language) => {
    const prerendered = renderLanding(language);
    expect(prerendered.title).toBe({ en: en, pt: pt, es: es }[language].app.name);

    initI18n(language);
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
    const container = document.createElement("div");
    const root = createRoot(container);
    act(() =>
      root.render(
        <Router hook={memoryLocation({ path: "/" }).hook}>
          <LandingPage />
        </Router>,
      ),
    );
    const server = document.createElement("div");
    server.innerHTML = prerendered.markup;
    expect(server.querySelector("h1")?.textContent).toBe(headlines[language]);
    // Compared as the browser reads both: the server's escapes an apostrophe as &#x27; and writes
    // `width:98%` where the DOM writes `width: 98%;`.
    expect(normalised(server)).toBe(normalised(container));
    act(() => root.unmount());
  });

  it("links to the sign-in screens, which work without the app running", () => {
    const page = document.createElement("div");
    page.innerHTML = renderLanding("pt").markup;
    const links = [...page.querySelectorAll("main a")].map((a) => a.getAttribute("href"));
    expect(links).toEqual(["/register", "/login"]);
  });
});

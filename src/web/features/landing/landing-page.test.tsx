// @vitest-environment jsdom
import { act } from "react";
import { createRoot } from "react-dom/client";
import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { initI18n } from "../../i18n/init";
import { cn } from "../../lib/utils";
import { LandingPage } from "./landing-page";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

// lib/utils.ts's cn only joins until tailwind-merge is loaded, which the landing page never does
// (docs/internals/web.md#what-the-landing-page-loads): its classes must never need merging.
describe("the landing page's classes", () => {
  it.each(["en", "pt", "es"] as const)(
    "is never asked to merge conflicting classes on the landing page (%s), drawn before it loads",
    (language) => {
      // Drawn as on the landing page: nothing in this file loads tailwind-merge.
      expect(cn("p-2", "p-4")).toBe("p-2 p-4");
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
      const classLists = [...container.querySelectorAll("[class]")].map(
        (element) => element.getAttribute("class") ?? "",
      );
      expect(classLists.length).toBeGreaterThan(20);
      for (const classes of classLists) expect(twMerge(classes), classes).toBe(classes);
      act(() => root.unmount());
    },
  );
});

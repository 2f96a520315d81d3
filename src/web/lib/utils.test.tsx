// @vitest-environment jsdom
import { act } from "react";
import { createRoot } from "react-dom/client";
import { twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { LandingPage } from "../features/landing/landing-page";
import { initI18n } from "../i18n/init";
import { cn, loadClassMerge } from "./utils";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

describe("cn", () => {
  it.each(["en", "pt", "es"] as const)(
    "is never asked to merge conflicting classes on the landing page (%s), drawn before it loads",
    (language) => {
      // Drawn as on the landing page: tailwind-merge not loaded yet (the last test loads it).
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

  it("joins before tailwind-merge is loaded, and merges conflicts after", async () => {
    expect(cn("p-2", false, "font-bold")).toBe("p-2 font-bold");
    await loadClassMerge();
    expect(cn("p-2 shadow-sm", "p-4 shadow-xl")).toBe("p-4 shadow-xl");
  });
});

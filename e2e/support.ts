import { expect, type Page, type Route, test } from "@playwright/test";

type Language = "en" | "pt" | "es";

export type TestUser = {
  id: string;
  email: string;
  name: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  emailVerified: boolean;
  preferredLanguage: Language;
  createdAt: string;
  updatedAt: string;
};

/** A user shaped like GET /api/auth/user answers (src/contract/user.ts). */
export function makeUser(overrides: Partial<TestUser> = {}): TestUser {
  return {
    id: "3f1c2a7e-9b4d-4c1a-8e2f-5a6b7c8d9e0f",
    email: "ana.souza@example.com",
    name: "Ana Souza",
    firstName: "Ana",
    lastName: "Souza",
    profileImageUrl: null,
    emailVerified: true,
    preferredLanguage: "pt",
    createdAt: "2025-01-10T12:00:00.000Z",
    updatedAt: "2025-01-10T12:00:00.000Z",
    ...overrides,
  };
}

/** Answers the current-user call with `user`, which is all the frame needs to render. */
export async function signInAs(page: Page, user: TestUser = makeUser()) {
  await addSessionCookie(page);
  await page.route("**/api/auth/user", (route) => route.fulfill({ status: 200, json: user }));
}

/**
 * Gives the browser a session cookie as a login would, for a test that answers the user's call
 * itself: without one, `/` is the server's static landing page, which never starts the app
 * (docs/decisions/006-react-with-a-static-landing-page.md). The server knows no such session, so
 * every call the test does not answer is a signed-out one.
 */
export async function addSessionCookie(page: Page) {
  const baseURL = test.info().project.use.baseURL;
  if (!baseURL) throw new Error("addSessionCookie needs the project's baseURL");
  await page.context().addCookies([{ name: "sid", value: "e2e-mocked-session", url: baseURL }]);
}

/** Stores a language choice before any page script runs, on every navigation of this page. */
export async function storeLanguage(page: Page, language: string) {
  await page.addInitScript((value) => {
    window.localStorage.setItem("language", value);
  }, language);
}

export async function expectNoHorizontalScroll(page: Page) {
  const viewportWidth = page.viewportSize()?.width ?? 0;
  const scrollWidth = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
  expect(scrollWidth, "page is wider than the viewport").toBeLessThanOrEqual(viewportWidth);
}

export async function expectHtmlLang(page: Page, language: Language) {
  await expect(page.locator("html")).toHaveAttribute("lang", language);
}

/**
 * For tests the phone project leaves out (playwright.config.ts): what they check is the same at
 * every width (flows whose markup does not change with it, routing, fallbacks, month arithmetic,
 * the rules of reset links and invite codes), or the same flow already runs at 375 px in another
 * language. Every page they visit is still rendered at 375 px and checked with axe, by
 * e2e/phone-pages.spec.ts.
 */
export const desktopOnly = { tag: "@desktop-only" } as const;

/** For tests of a phone-only rule (the 44 px touch targets): the desktop project leaves them out. */
export const phoneOnly = { tag: "@phone-only" } as const;

/**
 * Holds back the answers to the page's API calls until every one of `paths` has been asked for
 * (or `ms` have passed), then lets them all through. Resolves with whether they were all asked
 * for before any was answered: calls made one after another never get there, since each waits
 * for the answer to the one before it.
 */
export async function callsStartedTogether(page: Page, paths: string[], ms = 10_000) {
  const held: Route[] = [];
  const asked = new Set<string>();
  let release: (together: boolean) => void = () => {};
  const outcome = new Promise<boolean>((resolve) => {
    release = resolve;
  });
  const releaseAll = (together: boolean) => {
    release(together);
    for (const route of held.splice(0)) void route.continue();
  };
  const timer = setTimeout(() => releaseAll(false), ms);
  await page.route("**/api/**", async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (!paths.includes(path) || asked.size === paths.length) return route.continue();
    asked.add(path);
    held.push(route);
    if (asked.size === paths.length) {
      clearTimeout(timer);
      releaseAll(true);
    }
  });
  return outcome;
}

/**
 * Fails listing every visible control smaller than `min` px (44 by default) on either side:
 * docs/product.md#touch-targets. Controls are links, buttons, fields, selects and
 * whatever has a control's role or is in the tab order. A checkbox or radio counts with the label
 * around it or pointing at it, which takes the tap too. Left out, as WCAG 2.5.8 allows: links
 * inside a sentence (an inline link in running text, "inline" exception), and what is not drawn
 * (hidden, or a 1 px visually hidden skip link until it is focused).
 */
export async function expectTouchTargets(page: Page, min = 44) {
  const small = await page.evaluate((min) => {
    const selector = [
      "a[href]",
      "button",
      "input:not([type=hidden])",
      "select",
      "textarea",
      "summary",
      "[role=button]",
      "[role=tab]",
      "[role=checkbox]",
      "[role=radio]",
      "[role=switch]",
      "[role=menuitem]",
      "[role=combobox]",
      '[tabindex]:not([tabindex="-1"])',
    ].join(",");
    const labelOf = (element: Element, box: DOMRect) => {
      const name =
        element.getAttribute("aria-label") ?? (element.textContent ?? "").trim().slice(0, 40) ?? "";
      return `${element.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}x${Math.round(box.height)}`;
    };
    const isInlineTextLink = (element: Element) => {
      if (element.tagName !== "A" || getComputedStyle(element).display !== "inline") return false;
      const parent = element.parentElement;
      const text = (parent?.textContent ?? "").replace(element.textContent ?? "", "").trim();
      return text.length > 0;
    };
    const out: string[] = [];
    for (const element of document.querySelectorAll(selector)) {
      let box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (box.width <= 1 || box.height <= 1 || style.visibility === "hidden") continue;
      // Visually hidden until focused (the skip link): drawn only then, over the page.
      if (element.closest(".sr-only")) continue;
      if (isInlineTextLink(element)) continue;
      const checkable =
        element.matches("input[type=checkbox], input[type=radio]") ||
        element.matches("[role=checkbox], [role=radio]");
      if (checkable) {
        const label =
          element.closest("label") ??
          (element.id ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`) : null);
        if (label) {
          const own = box;
          const around = label.getBoundingClientRect();
          const left = Math.min(own.left, around.left);
          const top = Math.min(own.top, around.top);
          box = new DOMRect(
            left,
            top,
            Math.max(own.right, around.right) - left,
            Math.max(own.bottom, around.bottom) - top,
          );
        }
      }
      if (box.width < min - 0.5 || box.height < min - 0.5) out.push(labelOf(element, box));
    }
    return out;
  }, min);
  // Soft: one run lists the small controls of every page the test visits.
  expect.soft(small, `controls smaller than ${min}x${min} px on ${page.url()}`).toEqual([]);
}

/** The header's button that opens the user menu (components/layout/user-menu.tsx), in any language. */
export function userMenuButton(page: Page) {
  return page
    .getByRole("banner")
    .getByRole("button")
    .filter({ has: page.getByTestId("user-menu-name") });
}

/** Reads the toast that says `text`, and closes it, so the next one is the next action's. */
export async function readToast(page: Page, text: string | RegExp) {
  const toast = page.getByRole("region", { name: /\(F8\)/ }).getByRole("listitem");
  await expect(toast).toContainText(text);
  await toast.getByRole("button").click();
  await expect(toast).toHaveCount(0);
}

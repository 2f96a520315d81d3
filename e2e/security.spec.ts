import { expect, type Page, test } from "@playwright/test";
import { makeUser, signInAs } from "./support";

test.use({ locale: "en-US", timezoneId: "Europe/London" });

/** Collects CSP violations and requests leaving our origin while the page is used. */
async function watch(page: Page) {
  const violations: string[] = [];
  const requests: string[] = [];
  page.on("console", (message) => {
    // A Permissions-Policy feature Chromium does not know is reported here too.
    if (/Content Security Policy|Permissions[- ]Policy/i.test(message.text())) {
      violations.push(message.text());
    }
  });
  page.on("request", (request) => {
    requests.push(request.url());
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective}`);
    });
  });
  const foreignRequests = () => {
    const origin = new URL(page.url()).origin;
    return requests.filter((url) => !url.startsWith("data:") && new URL(url).origin !== origin);
  };
  return { violations, foreignRequests };
}

test("index.html is served with a strict CSP and has no inline script", async ({ request }) => {
  const response = await request.get("/expenses");
  expect(response.status()).toBe(200);
  const csp = response.headers()["content-security-policy"] ?? "";
  const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
  expect(scriptSrc.trim()).toBe("script-src 'self'");
  expect(csp).not.toContain("unsafe-eval");
  // Images from the app and data: URLs only (the QR code), never another site.
  const imgSrc = csp.split(";").find((d) => d.trim().startsWith("img-src")) ?? "";
  expect(imgSrc.trim()).toBe("img-src 'self' data:");
  const permissions = response.headers()["permissions-policy"] ?? "";
  for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"]) {
    expect(permissions).toContain(`${feature}=()`);
  }

  const html = await response.text();
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
  expect(scripts.length).toBeGreaterThan(0);
  for (const [, attributes, body] of scripts) {
    // The bundle's files, and /theme.js (the theme before the first paint, docs/internals/web.md#dark-mode).
    expect(attributes).toMatch(/\bsrc="\/(assets\/[^"]+|theme\.js)"/);
    expect(body?.trim()).toBe("");
  }
  expect(html).not.toMatch(/fonts\.googleapis|cdn\./i);
});

test("the landing and the signed-in frame run without CSP violations or outside requests", async ({
  page,
}) => {
  const { violations, foreignRequests } = await watch(page);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.getByRole("button", { name: /^PT/ }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "pt");

  await signInAs(page, makeUser());
  await page.goto("/reports");
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
  await page
    .getByRole("banner")
    .getByRole("button", { name: /Abrir o menu/ })
    .click();
  await expect(page.getByRole("menu")).toBeVisible();

  expect(violations).toEqual([]);
  expect(foreignRequests()).toEqual([]);
});

import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * Runs axe on the page as it is now (every rule axe enables by default, best practices
 * included) and fails with one line per violation and the elements it concerns.
 */
export async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const report = violations
    .map((violation) => {
      const targets = violation.nodes.map((node) => `    ${node.target.join(" ")}`).join("\n");
      return `${violation.id} (${violation.impact ?? "n/a"}): ${violation.help}\n${targets}`;
    })
    .join("\n");
  expect(violations.length, `axe found violations on ${page.url()}:\n${report}`).toBe(0);
}

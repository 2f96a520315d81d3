import { expect, type Page } from "@playwright/test";
import axe, { type AxeResults } from "axe-core";

declare global {
  interface Window {
    axe?: typeof axe;
  }
}

/**
 * Runs axe on the page as it is now (every rule axe enables by default, best practices
 * included) and fails with one line per violation and the elements it concerns.
 *
 * axe-core's own API (inject its source once per document, then axe.run), not
 * @axe-core/playwright's analyze(): that one injects the 500 KB source again on every check and
 * opens a new page to finish a run that spans frames, which the app does not have (its CSP
 * forbids framing and it embeds none). Measured on this machine: 1.4-2.8 s a check with
 * analyze(), 0.3-0.4 s with axe.run once injected, the same rules and results.
 */
export async function expectNoAxeViolations(
  page: Page,
  /** Rules left out, only for markup the app does not write (a third-party page); say why. */
  options: { skipRules?: string[] } = {},
) {
  // A dialog fading in is drawn at part opacity: axe would measure the contrast of a frame no
  // one reads (the quick add's title failed so on a busy machine). Each finite animation is let
  // finish first; a spinner's endless one is not waited for.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 5_000)),
    ]),
  );
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async (skipRules) => {
    if (!window.axe) throw new Error("axe-core did not load into the page");
    const rules = Object.fromEntries(skipRules.map((id) => [id, { enabled: false }]));
    const results: AxeResults = await window.axe.run(document, {
      resultTypes: ["violations"],
      rules,
    });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
  }, options.skipRules ?? []);
  const report = violations
    .map((violation) => {
      const targets = violation.targets.map((target) => `    ${target}`).join("\n");
      return `${violation.id} (${violation.impact ?? "n/a"}): ${violation.help}\n${targets}`;
    })
    .join("\n");
  expect(violations.length, `axe found violations on ${page.url()}:\n${report}`).toBe(0);
}

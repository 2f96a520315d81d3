export const LANDING_JS_BUDGET_KB: number;
export const DASHBOARD_COLD_BUDGET_KB: number;
export const WHOLE_APP_BUDGET_KB: number;
export const languages: string[];
export type BundleSizes = {
  landing: { js: number; css: number; files: string[] };
  /** What a cold dashboard downloads before its numbers paint, in the language that weighs most. */
  dashboard: { language: string; js: number; css: number; files: string[] };
  /** The whole app in one language (the one whose files weigh most). */
  wholeApp: { language: string; js: number; css: number };
};
export function measureBundle(webDir: string): BundleSizes;
export function budgetFailures(sizes: BundleSizes): string[];
export function describeSizes(sizes: BundleSizes): string;
export function checkBundleBudget(webDir: string): BundleSizes;

/** Paths any visitor may open, signed in or not (docs/product.md#public-paths); "/" is handled separately. */
export const publicPaths = [
  "/login",
  "/register",
  "/forgot-password",
  "/reset-password",
  "/verify-email",
] as const;

export type PublicPath = (typeof publicPaths)[number];

/** The public screen a path belongs to (itself or anything below it), if any. */
export function publicPathOf(path: string): PublicPath | undefined {
  return publicPaths.find((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

export function isPublicPath(path: string): boolean {
  return publicPathOf(path) !== undefined;
}

/** The tabs of the authenticated frame, in the order of docs/product.md#signed-in-frame. */
export const navTabs = [
  { path: "/", labelKey: "nav.dashboard" },
  { path: "/expenses", labelKey: "nav.expenses" },
  { path: "/incomes", labelKey: "nav.incomes" },
  { path: "/categories", labelKey: "nav.categories" },
  { path: "/reports", labelKey: "nav.reports" },
] as const;

/**
 * Screens reached from a tab's screen without being below its path: the tab stays lit there and
 * below them ("Contas e cartões" is opened from Categories, docs/product.md#payment-methods, and a
 * card's bills from there; "Acertos" from the dashboard, docs/product.md#who-owes-whom).
 */
const reachedFrom: Record<string, string> = {
  "/payment-methods": "/categories",
  "/balances": "/",
};

const isAtOrBelow = (path: string, location: string) =>
  location === path || location.startsWith(`${path}/`);

/** A tab is active on its own path and below it; the dashboard only on "/" itself. */
export function isTabActive(tabPath: string, location: string): boolean {
  if (
    Object.entries(reachedFrom).some(
      ([path, tab]) => tab === tabPath && isAtOrBelow(path, location),
    )
  )
    return true;
  if (tabPath === "/") return location === "/";
  return isAtOrBelow(tabPath, location);
}

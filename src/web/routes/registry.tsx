import type { QueryClient } from "@tanstack/react-query";
import { ChartPie, HandCoins, LayoutDashboard, Receipt, Tags } from "lucide-react";
import { currentUserQueryOptions } from "../api/auth/get-current-user";
import type { NavTab } from "../components/layout/nav-tabs";
import { loadAppTexts } from "../i18n/init";
import { probablySignedIn } from "../lib/auth";
import { type LazyScreen, lazyScreen } from "../lib/lazy-screen";
import { loadClassMerge } from "../lib/utils";
import { type Address, earlyCalls, type Prefetch } from "./screen-data";

/** A screen's chunk with what every screen but the landing page needs first (app.tsx). */
export function withAppTexts<T>(chunk: Promise<T>): Promise<T> {
  return Promise.all([chunk, loadAppTexts(), loadClassMerge()]).then(([loaded]) => loaded);
}

/** A screen any visitor may open, signed in or not (docs/product.md#public-paths). */
type PublicRoute = {
  path: string;
  access: "public";
  screen: LazyScreen;
};

/** A screen of the signed-in frame. */
type SignedInRoute = {
  /** Matched exactly; a `:name` segment matches any one segment. */
  path: string;
  access: "signed-in";
  screen: LazyScreen;
  /** What it reads as it opens, asked for before React mounts (prefetchScreenData below). */
  calls?: readonly Prefetch[];
  /** Its tab in the frame's navigation, in the order of docs/product.md#signed-in-frame. */
  tab?: Omit<NavTab, "path" | "isActive">;
  /**
   * The tab it is reached from without being below that tab's path: the tab stays lit here and
   * below ("Contas e cartões" is opened from Categories, docs/product.md#payment-methods, and a
   * card's bills from there; "Acertos" from the dashboard, docs/product.md#who-owes-whom).
   */
  reachedFrom?: string;
};

type AppRoute = PublicRoute | SignedInRoute;

const { family, categories, monthSummary, dueBills, people, unreadCount } = earlyCalls;

/**
 * Every screen of the app by its path: the one table app.tsx routes by, the early calls read
 * (start-calls.ts) and the navigation shows (docs/architecture.md#how-to-add-a-screen). The
 * signed-in screens load as chunks of their own (app.tsx says why); the sign-in screens bring the
 * app's texts with them. What each screen reads first, all of it: a call its components made only
 * once they rendered came back after the first paint and drew large parts of the screen again
 * (the bell, the due bills, the payers' names: ~45 ms of rendering and ~50 ms of style and layout
 * in a Chromium trace of the dashboard). RequireFamily's family comes first.
 * The landing page, at any signed-in path for a signed-out visitor, is app.tsx's.
 */
export const appRoutes = [
  {
    path: "/",
    access: "signed-in",
    // Composed with the Expenses feature's quick add and editor in routes/.
    screen: lazyScreen(() => import("./dashboard-route").then((m) => m.DashboardRoute)),
    calls: [family, monthSummary, dueBills, people, unreadCount],
    tab: { labelKey: "nav.dashboard", icon: LayoutDashboard },
  },
  {
    path: "/expenses",
    access: "signed-in",
    screen: lazyScreen(() =>
      import("../features/expenses/expenses-page").then((m) => m.ExpensesPage),
    ),
    calls: [family, earlyCalls.firstExpensePage, categories, people, unreadCount],
    tab: { labelKey: "nav.expenses", icon: Receipt },
  },
  {
    path: "/expenses/recurring",
    access: "signed-in",
    screen: lazyScreen(() =>
      import("../features/recurring/recurring-page").then((m) => m.RecurringPage),
    ),
  },
  {
    path: "/expenses/import",
    access: "signed-in",
    screen: lazyScreen(() => import("../features/imports/import-page").then((m) => m.ImportPage)),
  },
  {
    path: "/incomes",
    access: "signed-in",
    screen: lazyScreen(() => import("../features/incomes/incomes-page").then((m) => m.IncomesPage)),
    calls: [family, earlyCalls.monthIncomes, people, unreadCount],
    tab: { labelKey: "nav.incomes", icon: HandCoins },
  },
  {
    path: "/categories",
    access: "signed-in",
    screen: lazyScreen(() =>
      import("../features/categories/categories-page").then((m) => m.CategoriesPage),
    ),
    calls: [family, categories, unreadCount],
    tab: { labelKey: "nav.categories", icon: Tags },
  },
  {
    // Below Categories, whose tab stays lit (docs/product.md#category-rules). The rules themselves
    // are asked for by the screen: an early call would put their call in the app's start, which
    // every visit downloads (docs/internals/web.md#how-a-new-screen-pays-for-itself).
    path: "/categories/rules",
    access: "signed-in",
    screen: lazyScreen(() =>
      import("../features/category-rules/category-rules-page").then((m) => m.CategoryRulesPage),
    ),
    calls: [family, categories, people, unreadCount],
  },
  {
    path: "/payment-methods",
    access: "signed-in",
    screen: lazyScreen(() =>
      import("../features/payment-methods/payment-methods-page").then((m) => m.PaymentMethodsPage),
    ),
    reachedFrom: "/categories",
  },
  {
    // Below the accounts and cards: Categories stays lit here too.
    path: "/payment-methods/:id/bills",
    access: "signed-in",
    screen: lazyScreen(() =>
      import("../features/card-bills/card-bills-page").then((m) => m.CardBillsPage),
    ),
  },
  {
    // Below the accounts and cards too: an account against its bank (docs/product.md#reconciliation).
    path: "/payment-methods/:id/reconcile",
    access: "signed-in",
    screen: lazyScreen(() =>
      import("../features/reconciliation/reconcile-page").then((m) => m.ReconcilePage),
    ),
  },
  {
    // Reached from the accounts and cards (docs/product.md#caixinhas-savings-goals): Categories
    // stays lit here too. The goals themselves are asked for by the screen, as the category
    // rules' are: an early call would join the app's start.
    path: "/goals",
    access: "signed-in",
    screen: lazyScreen(() => import("../features/goals/goals-page").then((m) => m.GoalsPage)),
    calls: [family, unreadCount],
    reachedFrom: "/categories",
  },
  {
    path: "/reports",
    access: "signed-in",
    // The charts travel only with the reports.
    screen: lazyScreen(() => import("../features/reports/reports-page").then((m) => m.ReportsPage)),
    calls: [family, monthSummary, people, unreadCount],
    tab: { labelKey: "nav.reports", icon: ChartPie },
  },
  {
    path: "/balances",
    access: "signed-in",
    screen: lazyScreen(() =>
      import("../features/balances/balances-page").then((m) => m.BalancesPage),
    ),
    calls: [family, earlyCalls.balances, people, unreadCount],
    reachedFrom: "/",
  },
  {
    path: "/profile",
    access: "signed-in",
    // The profile's family tab is the family feature's: it is handed in here, since one feature
    // never imports another, and travels in the profile's chunk.
    screen: lazyScreen(() =>
      Promise.all([
        import("../features/profile/profile-page"),
        import("../features/family/family-tab"),
      ]).then(([profile, family]) => () => (
        <profile.ProfilePage familyTab={<family.FamilyTab />} />
      )),
    ),
  },
  {
    path: "/family",
    access: "signed-in",
    screen: lazyScreen(() => import("../features/family/family-page").then((m) => m.FamilyPage)),
    calls: [family, unreadCount],
  },
  {
    path: "/family/history",
    access: "signed-in",
    screen: lazyScreen(() => import("../features/history/history-page").then((m) => m.HistoryPage)),
  },
  {
    path: "/notifications",
    access: "signed-in",
    screen: lazyScreen(() =>
      import("../features/notifications/notifications-page").then((m) => m.NotificationsPage),
    ),
  },
  {
    // Where an invite link opened from another site leads (docs/product.md#joining-by-link).
    path: "/join/:code",
    access: "signed-in",
    screen: lazyScreen(() =>
      import("../features/family/join-confirm-page").then((m) => m.JoinConfirmPage),
    ),
  },
  // The sign-in screens render at once, without waiting for the current user, at their path and
  // anything below it.
  {
    path: "/login",
    access: "public",
    screen: lazyScreen(() =>
      withAppTexts(import("../features/auth/login-page")).then((m) => m.LoginPage),
    ),
  },
  {
    path: "/register",
    access: "public",
    screen: lazyScreen(() =>
      withAppTexts(import("../features/auth/register-page")).then((m) => m.RegisterPage),
    ),
  },
  {
    path: "/forgot-password",
    access: "public",
    screen: lazyScreen(() =>
      withAppTexts(import("../features/auth/forgot-password-page")).then(
        (m) => m.ForgotPasswordPage,
      ),
    ),
  },
  {
    path: "/reset-password",
    access: "public",
    screen: lazyScreen(() =>
      withAppTexts(import("../features/auth/reset-password-page")).then((m) => m.ResetPasswordPage),
    ),
  },
  {
    path: "/verify-email",
    access: "public",
    screen: lazyScreen(() =>
      withAppTexts(import("../features/auth/verify-email-page")).then((m) => m.VerifyEmailPage),
    ),
  },
] as const satisfies readonly AppRoute[];

/** The signed-in screens, in the table's order (app.tsx's routes). */
export const signedInRoutes: readonly SignedInRoute[] = appRoutes.filter(
  (route): route is Extract<(typeof appRoutes)[number], { access: "signed-in" }> =>
    route.access === "signed-in",
);

const publicRoutes: readonly PublicRoute[] = appRoutes.filter(
  (route): route is Extract<(typeof appRoutes)[number], { access: "public" }> =>
    route.access === "public",
);

const patternOf = (path: string) => new RegExp(`^${path.replace(/:[^/]+/g, "[^/]+")}$`);

/** The signed-in screen at `path`, if one matches it. */
export function signedInRouteAt(path: string): SignedInRoute | undefined {
  return (
    signedInRoutes.find((route) => route.path === path) ??
    signedInRoutes.find((route) => route.path.includes(":") && patternOf(route.path).test(path))
  );
}

/** The public screen a path belongs to (itself or anything below it), if any. */
export function publicRouteOf(path: string): PublicRoute | undefined {
  return publicRoutes.find((route) => path === route.path || path.startsWith(`${route.path}/`));
}

const isAtOrBelow = (path: string, location: string) =>
  location === path || location.startsWith(`${path}/`);

/**
 * The frame's tabs: each is lit on its own path and below it (the dashboard only on "/" itself),
 * and on the screens reached from it and below them.
 */
export const navTabs: readonly NavTab[] = signedInRoutes.flatMap((route) => {
  if (!route.tab) return [];
  const tabPath = route.path;
  const reached = signedInRoutes
    .filter((other) => other.reachedFrom === tabPath)
    .map((other) => other.path);
  return [
    {
      path: tabPath,
      ...route.tab,
      isActive: (location: string) =>
        reached.some((path) => isAtOrBelow(path, location)) ||
        (tabPath === "/" ? location === "/" : isAtOrBelow(tabPath, location)),
    },
  ];
});

/**
 * Starts the calls the screen at `address` needs, all at once, before React mounts (main.tsx):
 * otherwise each waits for the one before it and for the screen's chunk (user, then family, then
 * the screen's own). The screens' hooks use the same query options, so they find each call in
 * flight or answered in the cache instead of making it again.
 *
 * The sign-in screens read nothing. Without a stored user or the server's session mark
 * (lib/auth.ts, probablySignedIn) the visitor is most likely signed out and sees the landing
 * page, which needs only the user; with either, the family and the screen's
 * data are asked for alongside the user. Should the session have ended, those calls fail with
 * 401 and the landing page shows as before (signing in clears the cache).
 */
export function prefetchScreenData(queryClient: QueryClient, address: Address) {
  if (publicRouteOf(address.pathname)) return;
  void queryClient.prefetchQuery(currentUserQueryOptions());
  const calls = signedInRoutes.find((route) => route.path === address.pathname)?.calls;
  if (!calls || !probablySignedIn()) return;
  for (const call of calls) call(queryClient, address);
}

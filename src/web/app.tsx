import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Route, Switch, useLocation } from "wouter";
import { currentUserQueryOptions, useCurrentUser } from "./api/auth/get-current-user";
import { mainContentId } from "./components/layout/skip-link";
import { Spinner } from "./components/ui/spinner";
import { NotFoundPage } from "./features/not-found/not-found-page";
import { loadAppTexts } from "./i18n/init";
import { type LazyScreen, LazyView, lazyScreen, ScreenView } from "./lib/lazy-screen";
import { queryClient } from "./lib/query-client";
import { type PublicPath, publicPathOf } from "./lib/routes";
import { loadClassMerge } from "./lib/utils";
import type { AuthenticatedLayoutProps } from "./routes/authenticated-layout";

// The signed-in screens load as separate chunks, so the landing page (what a new visitor's phone
// downloads first) stays small; the charts travel only with the reports. The screen at the opened
// address is preloaded before the app mounts (preloadScreen, from main.tsx). The signed-in frame
// (Radix menus and dialogs) and the sign-in screens (forms, zod) are chunks of their own too: the
// landing page loads none of them (docs/internals/web.md#what-the-landing-page-loads).
// Both bring the language's whole catalogue (i18n/init.ts) and tailwind-merge (lib/utils.ts) with
// them: the landing page needs only the frame's texts, and no class merging.
// The frame's chunk also waits for the screen it opens on (the address's, when it is loaded): the
// two show in one commit. Loaded after the frame instead (a visitor without a stored user: the
// frame is asked for once the user's answer comes), the frame showed with the routes' spinner and
// no heading, after the loading screen's, until the screen came (a CI failure of dark-mode.spec.ts,
// e2e/screen-stays.spec.ts). A failed screen load does not hold the frame: the screen tries again.
const AuthenticatedLayout = lazyScreen<AuthenticatedLayoutProps>(() =>
  Promise.all([
    withAppTexts(import("./routes/authenticated-layout")),
    screenAt(window.location.pathname)
      ?.preload()
      .catch(() => undefined),
  ]).then(([m]) => m.AuthenticatedLayout),
);
// The app's own landing page, for a signed-out visitor the server's prerendered page did not
// answer (a session cookie that no longer signs in, the service worker's index.html offline):
// a chunk of its own, asked for with the user's call when no user is stored (preloadScreen), so
// the signed-in visitor's cold dashboard, which never shows it, does not download its markup
// (docs/internals/web.md#what-the-landing-page-loads).
const Landing = lazyScreen(() =>
  import("./features/landing/landing-page").then((m) => m.LandingPage),
);
const CategoriesPage = lazyScreen(() =>
  import("./features/categories/categories-page").then((m) => m.CategoriesPage),
);
// The dashboard is composed with the Expenses feature's quick add and editor in routes/.
const DashboardPage = lazyScreen(() =>
  import("./routes/dashboard-route").then((m) => m.DashboardRoute),
);
const ExpensesPage = lazyScreen(() =>
  import("./features/expenses/expenses-page").then((m) => m.ExpensesPage),
);
const RecurringPage = lazyScreen(() =>
  import("./features/recurring/recurring-page").then((m) => m.RecurringPage),
);
const ImportPage = lazyScreen(() =>
  import("./features/imports/import-page").then((m) => m.ImportPage),
);
const FamilyPage = lazyScreen(() =>
  import("./features/family/family-page").then((m) => m.FamilyPage),
);
// Where an invite link opened from another site leads (docs/product.md#joining-by-link).
const JoinConfirmPage = lazyScreen(() =>
  import("./features/family/join-confirm-page").then((m) => m.JoinConfirmPage),
);
// The profile's family tab is the family feature's: it is handed in here, since one feature never
// imports another, and travels in the profile's chunk as before.
const ProfilePage = lazyScreen(() =>
  Promise.all([
    import("./features/profile/profile-page"),
    import("./features/family/family-tab"),
  ]).then(([profile, family]) => () => <profile.ProfilePage familyTab={<family.FamilyTab />} />),
);
const NotificationsPage = lazyScreen(() =>
  import("./features/notifications/notifications-page").then((m) => m.NotificationsPage),
);
const HistoryPage = lazyScreen(() =>
  import("./features/history/history-page").then((m) => m.HistoryPage),
);
const PaymentMethodsPage = lazyScreen(() =>
  import("./features/payment-methods/payment-methods-page").then((m) => m.PaymentMethodsPage),
);
const CardBillsPage = lazyScreen(() =>
  import("./features/card-bills/card-bills-page").then((m) => m.CardBillsPage),
);
const ReportsPage = lazyScreen(() =>
  import("./features/reports/reports-page").then((m) => m.ReportsPage),
);
const BalancesPage = lazyScreen(() =>
  import("./features/balances/balances-page").then((m) => m.BalancesPage),
);
const IncomesPage = lazyScreen(() =>
  import("./features/incomes/incomes-page").then((m) => m.IncomesPage),
);

/** The signed-in screens by path (each matches its path exactly; `:code` is one segment). */
const screens: Record<string, LazyScreen> = {
  "/": DashboardPage,
  "/expenses": ExpensesPage,
  "/expenses/recurring": RecurringPage,
  "/expenses/import": ImportPage,
  "/incomes": IncomesPage,
  "/categories": CategoriesPage,
  "/payment-methods": PaymentMethodsPage,
  "/payment-methods/:id/bills": CardBillsPage,
  "/reports": ReportsPage,
  "/balances": BalancesPage,
  "/profile": ProfilePage,
  "/family": FamilyPage,
  "/family/history": HistoryPage,
  "/notifications": NotificationsPage,
  "/join/:code": JoinConfirmPage,
};

/** The signed-in screen at `path`, if one matches it (a `:name` segment matches any one segment). */
function screenAt(path: string): LazyScreen | undefined {
  if (Object.hasOwn(screens, path)) return screens[path];
  const pattern = Object.keys(screens).find(
    (route) =>
      route.includes(":") && new RegExp(`^${route.replace(/:[^/]+/g, "[^/]+")}$`).test(path),
  );
  return pattern ? screens[pattern] : undefined;
}

/** A screen's chunk with what every screen but the landing page needs first (see above). */
function withAppTexts<T>(chunk: Promise<T>): Promise<T> {
  return Promise.all([chunk, loadAppTexts(), loadClassMerge()]).then(([loaded]) => loaded);
}

/** Sign-in screens render at once, without waiting for the current user. */
const publicPages: Record<PublicPath, LazyScreen> = {
  "/login": lazyScreen(() =>
    withAppTexts(import("./features/auth/login-page")).then((m) => m.LoginPage),
  ),
  "/register": lazyScreen(() =>
    withAppTexts(import("./features/auth/register-page")).then((m) => m.RegisterPage),
  ),
  "/forgot-password": lazyScreen(() =>
    withAppTexts(import("./features/auth/forgot-password-page")).then((m) => m.ForgotPasswordPage),
  ),
  "/reset-password": lazyScreen(() =>
    withAppTexts(import("./features/auth/reset-password-page")).then((m) => m.ResetPasswordPage),
  ),
  "/verify-email": lazyScreen(() =>
    withAppTexts(import("./features/auth/verify-email-page")).then((m) => m.VerifyEmailPage),
  ),
};

/**
 * Loads what the first render of the screen at `path` needs, so it shows without a Suspense
 * fallback or a spinner first: a sign-in screen's chunk, or with a stored user (`signedIn`) the
 * signed-in frame's and the screen's. Signed out elsewhere the landing page shows: only the
 * user's answer (the call start-calls.ts sent) decides, and waiting for it and the landing page's
 * chunk (up to main.tsx's SCREEN_WAIT_MS) draws the landing page in the first render instead of
 * the spinner and then the page (the landing page's LCP on a phone,
 * docs/internals/web.md#the-prerendered-landing-page). Resolves either way (a failed load is
 * retried when the screen renders, and shows there).
 */
export function preloadScreen(path: string, signedIn: boolean): Promise<void> {
  const publicPath = publicPathOf(path);
  if (!publicPath && !signedIn) {
    return Promise.all([
      queryClient.prefetchQuery(currentUserQueryOptions()),
      Landing.preload().catch(() => undefined),
    ]).then(() => undefined);
  }
  const chunks = publicPath ? [publicPages[publicPath]] : [AuthenticatedLayout, screenAt(path)];
  return Promise.all(chunks.map((chunk) => chunk?.preload().catch(() => undefined))).then(
    () => undefined,
  );
}

function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <main id={mainContentId} className="flex min-h-dvh flex-col items-center justify-center gap-4">
      <h1 className="sr-only">{t("app.name")}</h1>
      <Spinner label={t("common.loading")} className="text-base" />
    </main>
  );
}

function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="flex justify-center py-16">
      <Spinner label={t("common.loading")} />
    </div>
  );
}

/** Signed out, every path other than the sign-in screens shows the landing page (docs/product.md#signed-out-visitors). */
function ProtectedRoutes() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <LoadingScreen />;
  if (!user) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <ScreenView screen={Landing} />
      </Suspense>
    );
  }
  const routes = (
    <Suspense fallback={<PageLoading />}>
      <Switch>
        {Object.entries(screens).map(([path, screen]) => (
          <Route key={path} path={path}>
            <ScreenView screen={screen} />
          </Route>
        ))}
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
  return (
    <Suspense fallback={<LoadingScreen />}>
      <LazyView screen={AuthenticatedLayout} props={{ user, children: routes }} />
    </Suspense>
  );
}

export function App() {
  const [location] = useLocation();
  const publicPath = publicPathOf(location);
  if (publicPath) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <ScreenView screen={publicPages[publicPath]} />
      </Suspense>
    );
  }
  return <ProtectedRoutes />;
}

import { type ComponentType, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Route, Switch, useLocation } from "wouter";
import { useCurrentUser } from "./api/auth/get-current-user";
import { AuthenticatedLayout } from "./components/layout/authenticated-layout";
import { mainContentId } from "./components/layout/skip-link";
import { Spinner } from "./components/ui/spinner";
import { ForgotPasswordPage } from "./features/auth/forgot-password-page";
import { LoginPage } from "./features/auth/login-page";
import { RegisterPage } from "./features/auth/register-page";
import { ResetPasswordPage } from "./features/auth/reset-password-page";
import { VerifyEmailPage } from "./features/auth/verify-email-page";
import { LandingPage } from "./features/landing/landing-page";
import { NotFoundPage } from "./features/not-found/not-found-page";
import { type LazyScreen, lazyScreen, ScreenView } from "./lib/lazy-screen";
import { type PublicPath, publicPathOf } from "./lib/routes";

// The signed-in screens load as separate chunks, so the landing page and the sign-in screens (what a
// new visitor's phone downloads first) stay small; Recharts travels only with the reports. The
// screen at the opened address is preloaded before the app mounts (preloadScreen, from main.tsx).
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
const ReportsPage = lazyScreen(() =>
  import("./features/reports/reports-page").then((m) => m.ReportsPage),
);

/** The signed-in screens by path (each matches its path exactly; `:code` is one segment). */
const screens: Record<string, LazyScreen> = {
  "/": DashboardPage,
  "/expenses": ExpensesPage,
  "/expenses/recurring": RecurringPage,
  "/expenses/import": ImportPage,
  "/categories": CategoriesPage,
  "/reports": ReportsPage,
  "/profile": ProfilePage,
  "/family": FamilyPage,
  "/notifications": NotificationsPage,
  "/join/:code": JoinConfirmPage,
};

/**
 * Loads the chunk of the signed-in screen at `path`, if it is one, so the first render shows it
 * without a Suspense fallback. Resolves either way (a failed load is retried when the screen
 * renders, and shows there).
 */
export function preloadScreen(path: string): Promise<void> {
  if (publicPathOf(path) || !Object.hasOwn(screens, path)) return Promise.resolve();
  return screens[path]?.preload().catch(() => undefined) ?? Promise.resolve();
}

/** Sign-in screens render at once, without waiting for the current user. */
const publicPages: Record<PublicPath, ComponentType> = {
  "/login": LoginPage,
  "/register": RegisterPage,
  "/forgot-password": ForgotPasswordPage,
  "/reset-password": ResetPasswordPage,
  "/verify-email": VerifyEmailPage,
};

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
  if (!user) return <LandingPage />;
  return (
    <AuthenticatedLayout user={user}>
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
    </AuthenticatedLayout>
  );
}

export function App() {
  const [location] = useLocation();
  const publicPath = publicPathOf(location);
  if (publicPath) {
    const PublicPage = publicPages[publicPath];
    return <PublicPage />;
  }
  return <ProtectedRoutes />;
}

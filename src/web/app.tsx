import { type ComponentType, lazy, Suspense } from "react";
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
import { type PublicPath, publicPathOf } from "./lib/routes";

// The signed-in screens load as separate chunks, so the landing page and the sign-in screens (what a
// new visitor's phone downloads first) stay small; Recharts travels only with the reports.
const CategoriesPage = lazy(() =>
  import("./features/categories/categories-page").then((m) => ({ default: m.CategoriesPage })),
);
// The dashboard is composed with the Expenses feature's quick add and editor in routes/.
const DashboardPage = lazy(() =>
  import("./routes/dashboard-route").then((m) => ({ default: m.DashboardRoute })),
);
const ExpensesPage = lazy(() =>
  import("./features/expenses/expenses-page").then((m) => ({ default: m.ExpensesPage })),
);
const FamilyPage = lazy(() =>
  import("./features/family/family-page").then((m) => ({ default: m.FamilyPage })),
);
// The profile's family tab is the family feature's: it is handed in here, since one feature never
// imports another, and travels in the profile's chunk as before.
const ProfilePage = lazy(() =>
  Promise.all([
    import("./features/profile/profile-page"),
    import("./features/family/family-tab"),
  ]).then(([profile, family]) => ({
    default: () => <profile.ProfilePage familyTab={<family.FamilyTab />} />,
  })),
);
const ReportsPage = lazy(() =>
  import("./features/reports/reports-page").then((m) => ({ default: m.ReportsPage })),
);

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

/** Signed out, every path other than the sign-in screens shows the landing page (SPEC §2). */
function ProtectedRoutes() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <LoadingScreen />;
  if (!user) return <LandingPage />;
  return (
    <AuthenticatedLayout user={user}>
      <Suspense fallback={<PageLoading />}>
        <Switch>
          <Route path="/" component={DashboardPage} />
          <Route path="/expenses" component={ExpensesPage} />
          <Route path="/categories" component={CategoriesPage} />
          <Route path="/reports" component={ReportsPage} />
          <Route path="/profile" component={ProfilePage} />
          <Route path="/family" component={FamilyPage} />
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

import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { Route, Switch, useLocation } from "wouter";
import { AuthenticatedLayout } from "./components/layout/authenticated-layout";
import { mainContentId } from "./components/layout/skip-link";
import { Spinner } from "./components/ui/spinner";
import { ForgotPasswordPage } from "./features/auth/forgot-password-page";
import { LoginPage } from "./features/auth/login-page";
import { RegisterPage } from "./features/auth/register-page";
import { ResetPasswordPage } from "./features/auth/reset-password-page";
import { VerifyEmailPage } from "./features/auth/verify-email-page";
import { CategoriesPage } from "./features/categories/categories-page";
import { DashboardPage } from "./features/dashboard/dashboard-page";
import { ExpensesPage } from "./features/expenses/expenses-page";
import { FamilyPage } from "./features/family/family-page";
import { LandingPage } from "./features/landing/landing-page";
import { NotFoundPage } from "./features/not-found/not-found-page";
import { ProfilePage } from "./features/profile/profile-page";
import { ReportsPage } from "./features/reports/reports-page";
import { useCurrentUser } from "./lib/auth";
import { type PublicPath, publicPathOf } from "./lib/routes";

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

/** Signed out, every path other than the sign-in screens shows the landing page (SPEC §2). */
function ProtectedRoutes() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <LoadingScreen />;
  if (!user) return <LandingPage />;
  return (
    <AuthenticatedLayout user={user}>
      <Switch>
        <Route path="/" component={DashboardPage} />
        <Route path="/expenses" component={ExpensesPage} />
        <Route path="/categories" component={CategoriesPage} />
        <Route path="/reports" component={ReportsPage} />
        <Route path="/profile" component={ProfilePage} />
        <Route path="/family" component={FamilyPage} />
        <Route component={NotFoundPage} />
      </Switch>
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

import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Route, Switch, useLocation } from "wouter";
import { currentUserQueryOptions, useCurrentUser } from "./api/auth/get-current-user";
import { mainContentId } from "./components/layout/skip-link";
import { Spinner } from "./components/ui/spinner";
import { NotFoundPage } from "./features/not-found/not-found-page";
import { LazyView, lazyScreen, ScreenView } from "./lib/lazy-screen";
import { queryClient } from "./lib/query-client";
import type { AuthenticatedLayoutProps } from "./routes/authenticated-layout";
import { publicRouteOf, signedInRouteAt, signedInRoutes, withAppTexts } from "./routes/registry";

// The screens (routes/registry.tsx) load as separate chunks, so the landing page (what a new
// visitor's phone downloads first) stays small; the charts travel only with the reports. The
// screen at the opened address is preloaded before the app mounts (preloadScreen, from main.tsx). The signed-in frame
// (the menu, Radix's dialogs) and the sign-in screens (forms, zod) are chunks of their own too: the
// landing page loads none of them (docs/internals/web.md#what-the-landing-page-loads).
// Both bring the language's app texts (i18n/init.ts, loadAppTexts) and tailwind-merge
// (lib/utils.ts) with them: the landing page needs only the frame's texts, and no class merging.
// The frame's chunk also waits for the screen it opens on (the address's, when it is loaded): the
// two show in one commit. Loaded after the frame instead (a visitor without a stored user: the
// frame is asked for once the user's answer comes), the frame showed with the routes' spinner and
// no heading, after the loading screen's, until the screen came (a CI failure of dark-mode.spec.ts,
// e2e/screen-stays.spec.ts). A failed screen load does not hold the frame: the screen tries again.
const AuthenticatedLayout = lazyScreen<AuthenticatedLayoutProps>(() =>
  Promise.all([
    withAppTexts(import("./routes/authenticated-layout")),
    signedInRouteAt(window.location.pathname)
      ?.screen.preload()
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
  const publicRoute = publicRouteOf(path);
  if (!publicRoute && !signedIn) {
    return Promise.all([
      queryClient.prefetchQuery(currentUserQueryOptions()),
      Landing.preload().catch(() => undefined),
    ]).then(() => undefined);
  }
  const chunks = publicRoute
    ? [publicRoute.screen]
    : [AuthenticatedLayout, signedInRouteAt(path)?.screen];
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
        {signedInRoutes.map((route) => (
          <Route key={route.path} path={route.path}>
            <ScreenView screen={route.screen} />
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
  const publicRoute = publicRouteOf(location);
  if (publicRoute) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <ScreenView screen={publicRoute.screen} />
      </Suspense>
    );
  }
  return <ProtectedRoutes />;
}

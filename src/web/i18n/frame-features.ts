/**
 * The features whose parts the signed-in frame and the dashboard show
 * (routes/authenticated-layout.tsx, routes/dashboard-route.tsx; i18n/keys.test.ts holds the list to
 * their imports). Their texts are asked for beside the frame's chunk (i18n/init.ts) and are built
 * into one chunk per language (vite.config.ts). It imports nothing: the build's config reads it.
 */
export const frameFeatures = ["dashboard", "expenses", "family", "notifications"] as const;

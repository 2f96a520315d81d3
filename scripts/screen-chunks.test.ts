// The server preloads a signed-in page's screen from what scripts/screen-chunks.mjs reads out of
// the route table's source: held here to the table itself, so a route written another way fails
// this test instead of silently losing its preload.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { appRoutes, signedInRoutes } from "../src/web/routes/registry";
import { routesOf } from "./screen-chunks.mjs";

const web = join(import.meta.dirname, "..", "src", "web");
const routes = routesOf(readFileSync(join(web, "routes", "registry.tsx"), "utf8"));

describe("the screens' modules, read from the route table", () => {
  it("finds every route of the table, in its order, with its access", () => {
    expect(routes.map(({ path, access }) => ({ path, access }))).toEqual(
      appRoutes.map(({ path, access }) => ({ path, access })),
    );
  });

  it("names at least one existing module for every signed-in screen", () => {
    const signedIn = routes.filter((route) => route.access === "signed-in");
    expect(signedIn.map((route) => route.path)).toEqual(signedInRoutes.map((route) => route.path));
    for (const route of signedIn) {
      expect(route.modules.length, route.path).toBeGreaterThan(0);
      for (const key of route.modules) expect(existsSync(join(web, key)), key).toBe(true);
    }
    expect(routes.find((route) => route.path === "/")?.modules).toEqual([
      "routes/dashboard-route.tsx",
    ]);
    expect(routes.find((route) => route.path === "/profile")?.modules).toEqual([
      "features/profile/profile-page.tsx",
      "features/family/family-tab.tsx",
    ]);
  });
});

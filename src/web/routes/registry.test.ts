// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CALENDAR_MONTH } from "../../contract/budget-period-rule";
import { currentUserQueryKey } from "../api/auth/get-current-user";
import { balancesQueryOptions } from "../api/balances/get-balances";
import { categoriesQueryOptions } from "../api/categories/get-categories";
import { expensesPageQueryOptions, noExpenseFilters } from "../api/expenses/get-expenses-page";
import { familyQueryOptions } from "../api/family/get-family";
import { familyPeopleQueryOptions } from "../api/family/get-family-people";
import { unreadCountQueryOptions } from "../api/notifications/get-unread-count";
import { recurringDueQueryOptions } from "../api/recurring/get-recurring-due";
import { monthSummaryQueryOptions } from "../api/summary/get-month-summary";
import { storeUser } from "../lib/auth";
import { createQueryClient } from "../lib/query-client";
import { testUser } from "../testing/test-user";
import {
  appRoutes,
  navTabs,
  prefetchScreenData,
  publicRouteOf,
  signedInRouteAt,
  signedInRoutes,
} from "./registry";

const user = testUser;

/** A server that never answers: whatever was asked for was asked before any answer came. */
function stubSilentServer() {
  const fetchMock = vi.fn<typeof fetch>(() => new Promise<Response>(() => {}));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** The URLs asked for once the prefetch's synchronous part and its microtasks have run. */
async function urlsAskedFor(pathname: string, search = "") {
  const fetchMock = stubSilentServer();
  const queryClient = createQueryClient();
  prefetchScreenData(queryClient, { pathname, search });
  await Promise.resolve();
  await Promise.resolve();
  return { urls: fetchMock.mock.calls.map(([url]) => String(url)).sort(), queryClient };
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe("prefetchScreenData", () => {
  it("asks for everything the dashboard reads together: user, family, the address's month, its due bills, the payers and the bell", async () => {
    storeUser(user);
    const { urls, queryClient } = await urlsAskedFor("/", "?month=11&year=2026");
    expect(urls).toEqual([
      "/api/auth/user",
      "/api/family",
      "/api/family/people",
      "/api/notifications/unread-count",
      "/api/recurring/due?month=11&year=2026",
      "/api/summary?month=11&year=2026",
    ]);
    // Under the keys the screens' hooks read, so they reuse these calls instead of repeating them.
    for (const key of [
      currentUserQueryKey,
      familyQueryOptions().queryKey,
      monthSummaryQueryOptions({ year: 2026, month: 11 }).queryKey,
      recurringDueQueryOptions({ year: 2026, month: 11 }).queryKey,
      familyPeopleQueryOptions().queryKey,
      unreadCountQueryOptions().queryKey,
    ]) {
      expect(queryClient.getQueryState(key)?.fetchStatus, JSON.stringify(key)).toBe("fetching");
    }
  });

  it("asks for the member's month the address views at once, beside the people, on the dashboard and the reports", async () => {
    storeUser(user);
    const leo = "0f0e9a6e-2f57-4a8e-9a0e-3c2b1d4e5f61";
    for (const pathname of ["/", "/reports"]) {
      const { urls, queryClient } = await urlsAskedFor(pathname, `?month=11&year=2026&view=${leo}`);
      expect(urls).toContain(`/api/summary?month=11&year=2026&view=${leo}`);
      expect(urls).toContain("/api/family/people");
      expect(urls.filter((url) => url.startsWith("/api/summary"))).toHaveLength(1);
      const key = monthSummaryQueryOptions({ year: 2026, month: 11 }, leo).queryKey;
      expect(queryClient.getQueryState(key)?.fetchStatus).toBe("fetching");
    }
    // What the API would refuse is no view: the family's month, as without one.
    const { urls } = await urlsAskedFor("/", "?month=11&year=2026&view=ana");
    expect(urls).toContain("/api/summary?month=11&year=2026");
  });

  it("asks for the first unfiltered page and the categories on the Expenses page", async () => {
    storeUser(user);
    const { urls, queryClient } = await urlsAskedFor("/expenses");
    expect(urls).toEqual([
      "/api/auth/user",
      "/api/categories",
      "/api/expenses/page",
      "/api/family",
      "/api/family/people",
      "/api/notifications/unread-count",
    ]);
    for (const key of [
      categoriesQueryOptions().queryKey,
      expensesPageQueryOptions(noExpenseFilters).queryKey,
    ]) {
      expect(queryClient.getQueryState(key)?.fetchStatus, JSON.stringify(key)).toBe("fetching");
    }
  });

  it("asks for who owes whom over all time on Acertos, or for the month in the address", async () => {
    storeUser(user);
    const { urls, queryClient } = await urlsAskedFor("/balances");
    expect(urls).toEqual([
      "/api/auth/user",
      "/api/balances",
      "/api/family",
      "/api/family/people",
      "/api/notifications/unread-count",
    ]);
    expect(queryClient.getQueryState(balancesQueryOptions(null).queryKey)?.fetchStatus).toBe(
      "fetching",
    );
    const month = await urlsAskedFor("/balances", "?month=3&year=2026");
    expect(month.urls).toContain("/api/balances?year=2026&month=3");
    expect(
      month.queryClient.getQueryState(balancesQueryOptions({ year: 2026, month: 3 }).queryKey)
        ?.fetchStatus,
    ).toBe("fetching");
  });

  it("asks only for the user when none is stored (most likely the landing page)", async () => {
    expect((await urlsAskedFor("/", "?month=11&year=2026")).urls).toEqual(["/api/auth/user"]);
  });

  it("asks only for the user on a screen it knows nothing about", async () => {
    storeUser(user);
    expect((await urlsAskedFor("/no-such-page")).urls).toEqual(["/api/auth/user"]);
    expect((await urlsAskedFor("/profile")).urls).toEqual(["/api/auth/user"]);
  });

  it("asks for nothing on the sign-in screens, which never read the user", async () => {
    storeUser(user);
    expect((await urlsAskedFor("/login")).urls).toEqual([]);
    expect((await urlsAskedFor("/reset-password/abc")).urls).toEqual([]);
  });

  it("asks for the family's current budget month once its rule is known, when no month is in the address", async () => {
    storeUser(user);
    // 3 November 2026 under the 5th business day: October's budget month (November's starts on
    // the 9th).
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2026, 10, 3, 12, 0));
    const family = {
      id: "5b0e9a6e-2f57-4a8e-9a0e-3c2b1d4e5f60",
      budgetPeriod: { start: "business-day", day: 5, saturdays: false, closedDay: "stay" },
    };
    const fetchMock = vi.fn<typeof fetch>((url) =>
      String(url) === "/api/family"
        ? Promise.resolve(
            new Response(JSON.stringify(family), {
              headers: { "Content-Type": "application/json" },
            }),
          )
        : new Promise<Response>(() => {}),
    );
    vi.stubGlobal("fetch", fetchMock);
    try {
      prefetchScreenData(createQueryClient(), { pathname: "/", search: "" });
      for (let i = 0; i < 10; i++) await new Promise((resolve) => setTimeout(resolve, 0));
      const urls = fetchMock.mock.calls.map(([url]) => String(url));
      // The calendar month's at once (every family's by default), then the family's own.
      expect(urls.filter((url) => url.startsWith("/api/summary"))).toEqual([
        "/api/summary?month=11&year=2026",
        "/api/summary?month=10&year=2026",
      ]);
      expect(urls.filter((url) => url.startsWith("/api/recurring/due"))).toEqual([
        "/api/recurring/due?month=11&year=2026",
        "/api/recurring/due?month=10&year=2026",
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("asks for no other month when the family's rule keeps today's", async () => {
    storeUser(user);
    const fetchMock = vi.fn<typeof fetch>((url) =>
      String(url) === "/api/family"
        ? Promise.resolve(
            new Response(JSON.stringify({ budgetPeriod: CALENDAR_MONTH }), {
              headers: { "Content-Type": "application/json" },
            }),
          )
        : new Promise<Response>(() => {}),
    );
    vi.stubGlobal("fetch", fetchMock);
    prefetchScreenData(createQueryClient(), { pathname: "/reports", search: "" });
    for (let i = 0; i < 10; i++) await new Promise((resolve) => setTimeout(resolve, 0));
    const summaries = fetchMock.mock.calls.filter(([url]) =>
      String(url).startsWith("/api/summary"),
    );
    expect(summaries).toHaveLength(1);
  });
});

describe("publicRouteOf", () => {
  it.each(["/login", "/register", "/forgot-password", "/reset-password", "/verify-email"])(
    "treats %s and anything below it as public",
    (path) => {
      expect(publicRouteOf(path)?.path).toBe(path);
      expect(publicRouteOf(`${path}/anything`)?.path).toBe(path);
    },
  );

  it.each(["/", "/expenses", "/reports", "/profile", "/family", "/anything", "/loginx"])(
    "does not treat %s as public",
    (path) => {
      expect(publicRouteOf(path)).toBeUndefined();
    },
  );
});

describe("signedInRouteAt", () => {
  it("finds a screen by its exact path, and by a path with a named segment", () => {
    expect(signedInRouteAt("/expenses/recurring")?.path).toBe("/expenses/recurring");
    expect(signedInRouteAt("/payment-methods/abc/bills")?.path).toBe("/payment-methods/:id/bills");
    expect(signedInRouteAt("/join/XYZ")?.path).toBe("/join/:code");
    expect(signedInRouteAt("/join/XYZ/more")).toBeUndefined();
    expect(signedInRouteAt("/login")).toBeUndefined();
    expect(signedInRouteAt("/no-such-page")).toBeUndefined();
  });

  it("has one entry per path", () => {
    const paths = appRoutes.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});

describe("navTabs", () => {
  it("lists Dashboard, Expenses, Income, Categories and Reports in that order", () => {
    expect(navTabs.map((tab) => tab.path)).toEqual([
      "/",
      "/expenses",
      "/incomes",
      "/categories",
      "/reports",
    ]);
  });

  it("names only tabs as what a screen is reached from", () => {
    const tabPaths = navTabs.map((tab) => tab.path);
    for (const route of signedInRoutes) {
      if (route.reachedFrom) expect(tabPaths, route.path).toContain(route.reachedFrom);
    }
  });
});

describe("a tab's isActive", () => {
  const isTabActive = (tabPath: string, location: string) => {
    const tab = navTabs.find((candidate) => candidate.path === tabPath);
    if (!tab) throw new Error(`no tab ${tabPath}`);
    return tab.isActive(location);
  };

  it("activates the dashboard only on /", () => {
    expect(isTabActive("/", "/")).toBe(true);
    expect(isTabActive("/", "/expenses")).toBe(false);
  });

  it("activates a tab on its path and below it", () => {
    expect(isTabActive("/expenses", "/expenses")).toBe(true);
    expect(isTabActive("/expenses", "/expenses/123")).toBe(true);
    expect(isTabActive("/expenses", "/expensesx")).toBe(false);
    expect(isTabActive("/reports", "/profile")).toBe(false);
  });

  it("keeps Categories lit on the accounts and cards, which are opened from there", () => {
    expect(isTabActive("/categories", "/payment-methods")).toBe(true);
    expect(isTabActive("/expenses", "/payment-methods")).toBe(false);
    // And on a card's bills, opened from there.
    expect(isTabActive("/categories", "/payment-methods/abc/bills")).toBe(true);
    expect(isTabActive("/categories", "/payment-methodsx")).toBe(false);
  });

  it("keeps the dashboard lit on Acertos, which is opened from there", () => {
    expect(isTabActive("/", "/balances")).toBe(true);
    expect(isTabActive("/reports", "/balances")).toBe(false);
    expect(isTabActive("/", "/balancesx")).toBe(false);
  });
});

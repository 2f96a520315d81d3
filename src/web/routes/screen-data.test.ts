// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { currentUserQueryKey } from "../api/auth/get-current-user";
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
import { prefetchScreenData } from "./screen-data";

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
});

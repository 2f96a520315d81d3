// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { logout } from "./auth";

// The offline copy's deletion is its own module's (offline-cache.test.ts); here it just ends.
vi.mock("./offline-cache", () => ({ clearOfflineData: () => Promise.resolve() }));

const events: string[] = [];
const originalLocation = window.location;

beforeEach(() => {
  events.length = 0;
  const registration = { unregister: async () => events.push("unregister") };
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: { getRegistrations: async () => [registration] },
  });
  Object.defineProperty(window, "location", {
    configurable: true,
    value: {
      set href(url: string) {
        events.push(`navigate ${url}`);
      },
    },
  });
});

afterEach(() => {
  Object.defineProperty(window, "location", { configurable: true, value: originalLocation });
});

describe("logout", () => {
  it("unregisters the service worker before it leaves for /api/logout", async () => {
    await logout();
    expect(events).toEqual(["unregister", "navigate /api/logout"]);
  });

  it("keeps the service worker when the waiting expenses stay", async () => {
    await logout({ keepQueue: true });
    expect(events).toEqual(["navigate /api/logout?keep=queue"]);
  });
});

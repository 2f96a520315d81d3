// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { CALENDAR_MONTH } from "../../../contract/budget-period-rule";
import type { Family } from "../../../contract/family";
import { initI18n } from "../../i18n/init";
import { createQueryClient } from "../../lib/query-client";
import { NotificationBell } from "./notification-bell";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

const family: Family = {
  id: "5b0e9a6e-2f57-4a8e-9a0e-3c2b1d4e5f60",
  name: "Silva",
  ownerId: "6c1f0b7f-3a68-4b9f-8b1f-4d3c2e5f6a71",
  role: "owner",
  budgetPeriod: CALENDAR_MONTH,
  cardSpendingBy: "date" as const,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } });

let container: HTMLDivElement;
let root: Root;

/** Answers GET /api/family and the unread count; records what was asked for. */
function serve(familyAnswer: Family | null, unreadCount: number) {
  const fetchMock = vi.fn<typeof fetch>(async (input) =>
    String(input) === "/api/family" ? json(familyAnswer) : json({ unreadCount }),
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

async function renderBell() {
  await act(async () => {
    root.render(
      <QueryClientProvider client={createQueryClient()}>
        <NotificationBell />
      </QueryClientProvider>,
    );
  });
  // The family first, then the count it enables.
  for (let i = 0; i < 3; i++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  initI18n("pt");
});
beforeEach(() => {
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

describe("<NotificationBell />", () => {
  it("links to the notifications with the unread count in its name and on the badge", async () => {
    serve(family, 3);
    await renderBell();
    const link = container.querySelector("a");
    expect(link?.getAttribute("href")).toBe("/notifications");
    expect(link?.getAttribute("aria-label")).toBe("Notificações: 3 não lidas");
    expect(container.querySelector('[data-testid="notification-count"]')?.textContent).toBe("3");
  });

  it("shows no count when everything is read, and 99+ past 99", async () => {
    serve(family, 0);
    await renderBell();
    expect(container.querySelector("a")?.getAttribute("aria-label")).toBe("Notificações");
    expect(container.querySelector('[data-testid="notification-count"]')).toBeNull();

    act(() => root.unmount());
    root = createRoot(container);
    serve(family, 120);
    await renderBell();
    expect(container.querySelector('[data-testid="notification-count"]')?.textContent).toBe("99+");
  });

  it("is not shown, and asks for no count, without a family", async () => {
    const fetchMock = serve(null, 0);
    await renderBell();
    expect(container.querySelector("a")).toBeNull();
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toEqual(["/api/family"]);
  });
});

// @vitest-environment jsdom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "../i18n/init";
import { ApiRequestError } from "../lib/api-client";
import { MonthSkeleton, MonthViewState } from "./month-view-state";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

let container: HTMLDivElement;
let root: Root;

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
});

function renderState(query: { data?: number; error: Error | null; refetch: () => Promise<never> }) {
  act(() =>
    root.render(
      <MonthViewState
        query={query as never}
        skeleton={<MonthSkeleton testId="month-skeleton" rows={[{ count: 3, block: "h-24" }]} />}
        errorTitle="Não foi possível carregar o relatório"
        retryLabel="Tentar novamente"
      >
        {(data: number) => <p>Total: {data}</p>}
      </MonthViewState>,
    ),
  );
}

describe("<MonthViewState />", () => {
  it("shows the skeleton, announced as loading, until the data arrives", () => {
    renderState({ error: null, refetch: vi.fn() });
    const skeleton = container.querySelector('[data-testid="month-skeleton"]');
    expect(skeleton?.getAttribute("aria-busy")).toBe("true");
    expect(skeleton?.querySelector('[role="status"]')?.textContent).toBe("Carregando...");
    expect(container.textContent).not.toContain("Total");
  });

  it("shows the screen's error title, the server's message and a retry that refetches", () => {
    const refetch = vi.fn(async () => undefined as never);
    const error = new ApiRequestError(500, undefined);
    renderState({ error, refetch });
    expect(container.textContent).toContain("Não foi possível carregar o relatório");
    const retry = [...container.querySelectorAll("button")].find(
      (button) => button.textContent === "Tentar novamente",
    );
    act(() => retry?.click());
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it("renders the screen with the data, even while a later refetch failed", () => {
    renderState({ data: 42, error: null, refetch: vi.fn() });
    expect(container.textContent).toBe("Total: 42");
    renderState({ data: 42, error: new Error("offline"), refetch: vi.fn() });
    expect(container.textContent).toBe("Total: 42");
  });
});

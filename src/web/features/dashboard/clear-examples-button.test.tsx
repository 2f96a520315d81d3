// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "../../components/ui/toaster";
import { initI18n } from "../../i18n/init";
import { createQueryClient } from "../../lib/query-client";
import { resetToastsForTests } from "../../lib/use-toast";
import { ClearExamplesButton } from "./clear-examples-button";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

let container: HTMLDivElement;
let root: Root;

function stubFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>(async () => response);
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

async function clickClear() {
  const button = container.querySelector("button");
  if (!button) throw new Error("no button");
  expect(button.textContent).toBe("Limpar dados de exemplo");
  await act(async () => {
    button.click();
  });
  // Let the mutation settle and the toast render.
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  initI18n("pt");
});

beforeEach(() => {
  resetToastsForTests();
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  act(() =>
    root.render(
      <QueryClientProvider client={createQueryClient()}>
        <ClearExamplesButton />
        <Toaster />
      </QueryClientProvider>,
    ),
  );
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
  resetToastsForTests();
});

describe("<ClearExamplesButton />", () => {
  it("clears the examples and says how many went", async () => {
    const fetchMock = stubFetch(
      new Response('{"deletedCount":3}', { headers: { "Content-Type": "application/json" } }),
    );
    await clickClear();
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/expenses/examples/clear");
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe("DELETE");
    expect(document.body.textContent).toContain("Gastos de exemplo removidos!");
    expect(document.body.textContent).toContain("3 gastos removidos");
  });

  it("says so in one word when there was one", async () => {
    stubFetch(
      new Response('{"deletedCount":1}', { headers: { "Content-Type": "application/json" } }),
    );
    await clickClear();
    expect(document.body.textContent).toContain("1 gasto removido");
  });

  it("shows the server's message, or the fallback, when clearing fails", async () => {
    stubFetch(new Response("<html>oops</html>", { status: 502 }));
    await clickClear();
    expect(document.body.textContent).toContain("Erro");
    expect(document.body.textContent).toContain("Erro ao limpar gastos de exemplo");
  });
});

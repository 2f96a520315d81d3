// @vitest-environment jsdom
import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, type ComponentProps, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { CALENDAR_MONTH } from "../../contract/budget-period-rule";
import type { Family } from "../../contract/family";
import { initI18n } from "../i18n/init";
import { getJson } from "../lib/api-client";
import { createQueryClient } from "../lib/query-client";
import { RequireFamily } from "./require-family";

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

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** A screen's gate, its family query as api/family/get-family.ts asks for it. */
function Gate(props: Omit<ComponentProps<typeof RequireFamily>, "family">) {
  const family = useQuery({
    queryKey: ["/api/family"],
    queryFn: ({ signal }) => getJson<Family | null>("/api/family", { signal }),
  });
  return <RequireFamily family={family} {...props} />;
}

let container: HTMLDivElement;
let root: Root;

async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

async function renderGate(node: ReactNode) {
  await act(async () => {
    root.render(<QueryClientProvider client={createQueryClient()}>{node}</QueryClientProvider>);
  });
  await settle();
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

describe("<RequireFamily />", () => {
  it("shows the screen's fallback while the family is being asked for", async () => {
    const fetchMock = vi.fn<typeof fetch>(() => new Promise(() => {}));
    vi.stubGlobal("fetch", fetchMock);
    await renderGate(
      <Gate fallback={<p>esqueleto</p>}>
        <p>conteúdo</p>
      </Gate>,
    );
    expect(container.textContent).toBe("esqueleto");
  });

  it("announces loading when the screen passes no fallback", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(() => new Promise(() => {})),
    );
    await renderGate(<Gate>conteúdo</Gate>);
    expect(container.querySelector('[role="status"]')?.textContent).toBe("Carregando...");
  });

  it("shows a failed call as an error with a retry, never as 'no family'", async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(new Response("<html>Bad Gateway</html>", { status: 502 }))
      .mockResolvedValueOnce(json(family));
    vi.stubGlobal("fetch", fetchMock);
    await renderGate(<Gate>{(f) => <p>família {f.name}</p>}</Gate>);

    const alert = container.querySelector('[role="alert"]');
    expect(alert?.textContent).toContain("Não foi possível carregar a sua família");
    // An HTML page is not the API's: the generic translated message, not the page.
    expect(alert?.textContent).toContain("Algo deu errado");
    expect(alert?.textContent).not.toContain("Bad Gateway");
    expect(container.querySelector('a[href="/family"]')).toBeNull();

    const retry = container.querySelector("button");
    expect(retry?.textContent).toBe("Tentar novamente");
    await act(async () => retry?.click());
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(container.textContent).toBe("família Silva");
  });

  it("shows the API's own message when the failure came from it", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(async () =>
        json({ message: "Serviço indisponível", code: "service_unavailable" }, 503),
      ),
    );
    await renderGate(<Gate>conteúdo</Gate>);
    expect(container.querySelector('[role="alert"]')?.textContent).toContain(
      "Serviço indisponível",
    );
  });

  it("shows the no-family card when the caller has none", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(async () => json(null)),
    );
    await renderGate(<Gate>conteúdo</Gate>);
    expect(container.textContent).not.toContain("conteúdo");
    expect(container.querySelector('a[href="/family"]')).not.toBeNull();
  });

  it("renders the screen, given the family, once there is one", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn<typeof fetch>(async () => json(family)),
    );
    await renderGate(<Gate>{(f) => <p>família {f.name}</p>}</Gate>);
    expect(container.textContent).toBe("família Silva");

    await renderGate(<Gate>conteúdo</Gate>);
    expect(container.textContent).toBe("conteúdo");
  });
});

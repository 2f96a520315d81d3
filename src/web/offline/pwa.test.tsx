// @vitest-environment jsdom
import {
  onlineManager,
  type QueryClient,
  QueryClientProvider,
  QueryObserver,
} from "@tanstack/react-query";
import { act, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { initI18n, setLanguage } from "../i18n/init";
import { createQueryClient } from "../lib/query-client";
import { reportCallOutcome } from "./connection";
import { dataTimeText, shownDataFetchedAt } from "./offline-bar";
import { OfflineMarker } from "./offline-marker";
import { UpdateBanner } from "./update-banner";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

let container: HTMLDivElement;
let root: Root;
let queryClient: QueryClient;

const withClient = (node: ReactNode) => (
  <QueryClientProvider client={queryClient}>{node}</QueryClientProvider>
);

/** A read a mounted screen observes, answered at `updatedAt`; returns the unsubscribe. */
function shownRead(key: string, updatedAt: number) {
  queryClient.setQueryData([key], { key }, { updatedAt });
  return new QueryObserver(queryClient, { queryKey: [key], enabled: false }).subscribe(() => {});
}

/** Today at hh:mm, local time (the marker speaks the device's clock). */
function todayAt(hours: number, minutes: number) {
  const at = new Date();
  at.setHours(hours, minutes, 0, 0);
  return at.getTime();
}

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  initI18n("pt");
});

beforeEach(() => {
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  queryClient = createQueryClient();
});

afterEach(async () => {
  act(() => root.unmount());
  container.remove();
  queryClient.clear();
  onlineManager.setOnline(true);
  reportCallOutcome(true);
  await act(() => setLanguage("pt"));
});

describe("OfflineMarker", () => {
  // The bar is a lazy chunk (offline-marker.tsx): an async act lets it load.
  it("shows while the browser is offline, and goes when it is back", async () => {
    act(() => root.render(withClient(<OfflineMarker />)));
    expect(container.textContent).toBe("");
    await act(async () => onlineManager.setOnline(false));
    expect(container.querySelector('[role="status"]')?.textContent).toBe(
      "Sem conexão — mostrando os dados salvos",
    );
    act(() => onlineManager.setOnline(true));
    expect(container.textContent).toBe("");
  });

  it("shows after a call that got no answer, until a call gets one", async () => {
    act(() => root.render(withClient(<OfflineMarker />)));
    await act(async () => reportCallOutcome(false));
    expect(container.textContent).toContain("Sem conexão");
    act(() => reportCallOutcome(true));
    expect(container.textContent).toBe("");
  });

  it("says when the data on screen was fetched: the oldest answer a mounted screen shows", async () => {
    shownRead("/api/summary", todayAt(14, 32));
    shownRead("/api/categories", todayAt(14, 40));
    // Not on screen (no observer): an older answer kept in memory does not count.
    queryClient.setQueryData(["/api/recurring"], [], { updatedAt: todayAt(9, 5) });
    act(() => root.render(withClient(<OfflineMarker />)));
    await act(async () => onlineManager.setOnline(false));
    expect(container.querySelector('[role="status"]')?.textContent).toBe(
      "Sem conexão — mostrando os dados salvos · Dados de 14:32",
    );
    // A screen opened meanwhile with older data moves the time back.
    act(() => void shownRead("/api/family", todayAt(11, 7)));
    expect(container.textContent).toContain("Dados de 11:07");
  });

  it("speaks the user's language", async () => {
    await act(() => setLanguage("en"));
    act(() => root.render(withClient(<OfflineMarker />)));
    await act(async () => onlineManager.setOnline(false));
    expect(container.textContent).toBe("Offline — showing saved data");
    await act(() => setLanguage("es"));
    expect(container.textContent).toBe("Sin conexión — mostrando los datos guardados");
  });
});

describe("shownDataFetchedAt", () => {
  it("is undefined while no mounted read has an answer", () => {
    expect(shownDataFetchedAt(queryClient)).toBeUndefined();
    const stop = new QueryObserver(queryClient, {
      queryKey: ["/api/notifications"],
      enabled: false,
    }).subscribe(() => {});
    expect(shownDataFetchedAt(queryClient)).toBeUndefined();
    stop();
  });
});

describe("dataTimeText", () => {
  const now = new Date(2026, 10, 26, 18, 0);
  it("gives the time alone for data fetched today, in the language's format", () => {
    const fetched = new Date(2026, 10, 26, 14, 32).getTime();
    expect(dataTimeText(fetched, "pt", now)).toEqual({ key: "pwa.dataAt", time: "14:32" });
    expect(dataTimeText(fetched, "en", now)).toEqual({ key: "pwa.dataAt", time: "02:32 PM" });
  });

  it("adds the day for data fetched on an earlier day", () => {
    const fetched = new Date(2026, 10, 25, 21, 5).getTime();
    expect(dataTimeText(fetched, "pt", now)).toEqual({ key: "pwa.dataOn", time: "25/11, 21:05" });
    expect(dataTimeText(fetched, "es", now).key).toBe("pwa.dataOn");
  });
});

describe("UpdateBanner", () => {
  it("offers the new version and updates only when 'Atualizar' is pressed", () => {
    const onUpdate = vi.fn();
    act(() => root.render(<UpdateBanner onUpdate={onUpdate} />));
    expect(container.querySelector('[role="status"]')?.textContent).toContain(
      "Nova versão disponível",
    );
    expect(onUpdate).not.toHaveBeenCalled();
    const button = container.querySelector("button");
    expect(button?.textContent).toBe("Atualizar");
    act(() => button?.click());
    expect(onUpdate).toHaveBeenCalledTimes(1);
  });

  it("reads 'Update' in English and 'Actualizar' in Spanish", async () => {
    await act(() => setLanguage("en"));
    act(() => root.render(<UpdateBanner onUpdate={() => {}} />));
    expect(container.textContent).toBe("New version availableUpdate");
    await act(() => setLanguage("es"));
    expect(container.textContent).toBe("Nueva versión disponibleActualizar");
  });
});

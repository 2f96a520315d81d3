// @vitest-environment jsdom
import { onlineManager } from "@tanstack/react-query";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { initI18n, setLanguage } from "../i18n/init";
import { reportCallOutcome } from "./connection";
import { OfflineMarker } from "./offline-marker";
import { UpdateBanner } from "./update-banner";

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

afterEach(async () => {
  act(() => root.unmount());
  container.remove();
  onlineManager.setOnline(true);
  reportCallOutcome(true);
  await act(() => setLanguage("pt"));
});

describe("OfflineMarker", () => {
  it("shows while the browser is offline, and goes when it is back", () => {
    act(() => root.render(<OfflineMarker />));
    expect(container.textContent).toBe("");
    act(() => onlineManager.setOnline(false));
    expect(container.querySelector('[role="status"]')?.textContent).toBe(
      "Sem conexão — mostrando os dados salvos",
    );
    act(() => onlineManager.setOnline(true));
    expect(container.textContent).toBe("");
  });

  it("shows after a call that got no answer, until a call gets one", () => {
    act(() => root.render(<OfflineMarker />));
    act(() => reportCallOutcome(false));
    expect(container.textContent).toContain("Sem conexão");
    act(() => reportCallOutcome(true));
    expect(container.textContent).toBe("");
  });

  it("speaks the user's language", async () => {
    await act(() => setLanguage("en"));
    act(() => root.render(<OfflineMarker />));
    act(() => onlineManager.setOnline(false));
    expect(container.textContent).toBe("Offline — showing saved data");
    await act(() => setLanguage("es"));
    expect(container.textContent).toBe("Sin conexión — mostrando los datos guardados");
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

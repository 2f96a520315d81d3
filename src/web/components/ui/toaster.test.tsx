// @vitest-environment jsdom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { initI18n } from "../../i18n/init";
import { ApiRequestError } from "../../lib/api-client";
import { errorDescription, toastError } from "../../lib/toast-error";
import {
  resetToastsForTests,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY,
  type ToastData,
  toast,
  toastReducer,
} from "../../lib/use-toast";
import { Toaster } from "./toaster";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

const item = (id: string): ToastData => ({ id, title: id, open: true });

describe("toastReducer", () => {
  it("keeps only the newest toast", () => {
    expect(TOAST_LIMIT).toBe(1);
    let state = toastReducer({ toasts: [] }, { type: "ADD_TOAST", toast: item("a") });
    state = toastReducer(state, { type: "ADD_TOAST", toast: item("b") });
    expect(state.toasts.map((t) => t.id)).toEqual(["b"]);
  });

  it("updates, dismisses and removes by id", () => {
    let state = { toasts: [item("a")] };
    state = toastReducer(state, { type: "UPDATE_TOAST", toast: { id: "a", title: "changed" } });
    expect(state.toasts[0]?.title).toBe("changed");
    state = toastReducer(state, { type: "DISMISS_TOAST", toastId: "a" });
    expect(state.toasts[0]?.open).toBe(false);
    state = toastReducer(state, { type: "REMOVE_TOAST", toastId: "a" });
    expect(state.toasts).toEqual([]);
  });

  it("dismisses and removes everything when no id is given", () => {
    const state = { toasts: [item("a")] };
    expect(toastReducer(state, { type: "DISMISS_TOAST" }).toasts[0]?.open).toBe(false);
    expect(toastReducer(state, { type: "REMOVE_TOAST" }).toasts).toEqual([]);
  });
});

describe("errorDescription", () => {
  beforeAll(() => {
    initI18n("pt");
  });

  it("prefers the API's message from the parsed error body", () => {
    const error = new ApiRequestError(409, {
      message: "Você já pertence a uma família",
      code: "already_in_family",
    });
    expect(errorDescription(error, "Erro ao criar família")).toBe("Você já pertence a uma família");
  });

  it("uses the fallback when the server gave no message", () => {
    expect(errorDescription(new ApiRequestError(500, undefined), "Erro ao criar família")).toBe(
      "Erro ao criar família",
    );
    // An Error whose text looks like a server answer is not one: only ApiRequestError is read.
    expect(errorDescription(new Error('409: {"message":"x"}'), "Erro ao criar família")).toBe(
      "Erro ao criar família",
    );
    expect(errorDescription(new TypeError("Failed to fetch"), "Erro ao remover membro")).toBe(
      "Erro ao remover membro",
    );
  });

  it("has a generic translated text when there is neither", () => {
    expect(errorDescription(new TypeError("Failed to fetch"))).toBe(
      "Algo deu errado. Tente novamente.",
    );
  });
});

describe("<Toaster />", () => {
  let container: HTMLDivElement;
  let root: Root;

  beforeAll(() => {
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  });

  beforeEach(() => {
    vi.useFakeTimers();
    initI18n("pt");
    resetToastsForTests();
    container = document.createElement("div");
    document.body.append(container);
    root = createRoot(container);
    act(() => root.render(<Toaster />));
  });

  afterEach(() => {
    act(() => root.unmount());
    container.remove();
    resetToastsForTests();
    vi.useRealTimers();
  });

  const shownToasts = () => [...document.querySelectorAll("li[data-state]")];

  it("shows at most one toast: a new one replaces the visible one", () => {
    act(() => {
      toast({ title: "Primeiro" });
    });
    act(() => {
      toast({ title: "Segundo" });
    });
    const shown = shownToasts();
    expect(shown).toHaveLength(1);
    expect(shown[0]?.textContent).toContain("Segundo");
    expect(document.body.textContent).not.toContain("Primeiro");
  });

  it("shows a failed call as a destructive toast titled Erro with the server message", () => {
    act(() => {
      toastError(
        new ApiRequestError(400, { message: "Email inválido", code: "validation_error" }),
        "Tente de novo",
      );
    });
    const [shown] = shownToasts();
    expect(shown?.getAttribute("data-variant")).toBe("destructive");
    expect(shown?.className).toContain("bg-destructive");
    expect(shown?.textContent).toContain("Erro");
    expect(shown?.textContent).toContain("Email inválido");
    expect(shown?.textContent).not.toContain("Tente de novo");
  });

  it("shows the fallback text when the server message is missing", () => {
    act(() => {
      toastError(new ApiRequestError(502, undefined), "Erro ao criar convite");
    });
    expect(shownToasts()[0]?.textContent).toContain("Erro ao criar convite");
  });

  it("closes a toast after 5000 ms and removes it after the removal delay", () => {
    act(() => {
      toast({ title: "Perfil atualizado" });
    });
    act(() => {
      vi.advanceTimersByTime(4900);
    });
    expect(shownToasts()[0]?.getAttribute("data-state")).toBe("open");
    act(() => {
      vi.advanceTimersByTime(200);
    });
    // Radix keeps the element until its exit animation ends; what matters is that it closed.
    expect(shownToasts().every((el) => el.getAttribute("data-state") !== "open")).toBe(true);
    act(() => {
      vi.advanceTimersByTime(TOAST_REMOVE_DELAY);
    });
    expect(shownToasts()).toHaveLength(0);
  });

  it("labels the viewport with the F8 hotkey", () => {
    const region = document.querySelector("[role=region]");
    expect(region?.getAttribute("aria-label")).toBe("Notificações (F8)");
  });
});

// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import pt from "../../../contract/messages/pt.json";
import { initI18n } from "../../i18n/init";
import { createQueryClient } from "../../lib/query-client";
import { ForgotPasswordPage } from "./forgot-password-page";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

/**
 * The forms validate with the server's contract, so the contract's refusal of control and
 * direction characters (src/contract/text.ts) shows on the form, translated, before
 * anything is sent.
 */

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
  act(() =>
    root.render(
      <QueryClientProvider client={createQueryClient()}>
        <ForgotPasswordPage />
      </QueryClientProvider>,
    ),
  );
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

async function submitEmail(value: string) {
  const input = container.querySelector<HTMLInputElement>('input[type="email"]');
  if (!input) throw new Error("no e-mail input");
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
  await act(async () => {
    setValue?.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
  await act(async () => {
    container.querySelector("form")?.requestSubmit();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe("a form refuses control and direction characters", () => {
  it.each([
    ["a right-to-left override", "ana\u202e@example.org"],
    ["a NUL", "ana\u0000@example.org"],
  ])("shows the contract's message for %s and sends nothing", async (_label, value) => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal("fetch", fetchMock);
    await submitEmail(value);
    expect(container.textContent).toContain(pt.validation.textCharacters);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

// @vitest-environment jsdom
import { act } from "react";
import { createRoot } from "react-dom/client";
import { beforeAll, describe, expect, it } from "vitest";
import { initI18n } from "../../i18n/init";
import { InstallmentLabel, installmentLabel } from "./installment-label";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

describe("an installment's label", () => {
  beforeAll(() => {
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
    initI18n("pt");
  });

  it("is its number over the purchase's count, and nothing for an ordinary expense", () => {
    expect(installmentLabel({ installment: 3, installmentCount: 12 })).toBe("3/12");
    expect(installmentLabel({ installment: null, installmentCount: null })).toBeNull();
  });

  it("shows 3/12 and is read out as words", () => {
    const container = document.createElement("div");
    const root = createRoot(container);
    act(() => root.render(<InstallmentLabel expense={{ installment: 3, installmentCount: 12 }} />));
    expect(container.querySelector('[aria-hidden="true"]')?.textContent).toBe("3/12");
    expect(container.querySelector(".sr-only")?.textContent).toBe(" parcela 3 de 12");
    act(() => root.render(<InstallmentLabel expense={{ installment: null }} />));
    expect(container.textContent).toBe("");
    act(() => root.unmount());
  });
});

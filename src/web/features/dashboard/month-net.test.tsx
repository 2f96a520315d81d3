// @vitest-environment jsdom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { initI18n } from "../../i18n/init";
import { MonthNet } from "./month-net";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

const textOf = (selector: string) =>
  (container.querySelector(selector)?.textContent ?? "").replace(/\s/g, " ");
let container: HTMLDivElement;
let root: Root;

async function render(income: string, spentCents: number, language: "pt" | "en" = "pt") {
  initI18n(language);
  await act(async () => root.render(<MonthNet income={income} spentCents={spentCents} />));
  // The card is a chunk of its own: let it load.
  await act(async () => {
    await import("./month-net-card");
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
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

describe("<MonthNet />", () => {
  it("says the month's income, spending, what was left and the savings rate", async () => {
    await render("5000.00", 387_040);
    expect(textOf("h2")).toBe("Receitas e gastos do mês");
    expect(textOf("[data-testid=net-income]")).toBe("R$ 5.000,00");
    expect(textOf("[data-testid=net-spent]")).toBe("R$ 3.870,40");
    expect(textOf("[data-testid=month-net] dl > div:nth-child(3)")).toBe("SobrouR$ 1.129,60");
    expect(textOf("[data-testid=net-rate]")).toBe("23%");
  });

  it("says what was short, in words and not only in red", async () => {
    await render("1000.00", 125_050, "en");
    expect(textOf("[data-testid=month-net] dl > div:nth-child(3)")).toBe("Short by$250.50");
    expect(textOf("[data-testid=net-rate]")).toBe("-25%");
  });

  it("shows nothing for a month without income", async () => {
    await render("0.00", 80_00);
    expect(container.innerHTML).toBe("");
  });
});

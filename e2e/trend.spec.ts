import { expect, type Page, test } from "@playwright/test";
import { createFamilyViaApi, signUpViaApi } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { expectNoHorizontalScroll, phoneOnly, storeLanguage } from "./support";

// A few API calls to set up, then the Reports' 12-month trend read from its table and its chart.
test.describe.configure({ timeout: 60_000 });

async function post(page: Page, path: string, data: object): Promise<string> {
  const res = await page.request.post(path, { data });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** The trend table's rows as a screen reader gets them: one array of cell texts per row. */
async function trendRows(page: Page) {
  return page
    .getByTestId("trend-row")
    .evaluateAll((rows) =>
      rows.map((row) =>
        Array.from(row.querySelectorAll("th, td"), (cell) =>
          (cell.textContent ?? "").replace(/\s+/g, " ").trim(),
        ),
      ),
    );
}

const zeroMonth = (name: string) => [name, "R$ 0,00", "R$ 1.400,00", "R$ 0,00", "R$ 0,00"];

// At 375 px, where the chart is narrowest and the table scrolls inside itself.
test(
  "the 12-month trend: spent against the budget per month and per category",
  phoneOnly,
  async ({ page }) => {
    // The charts must draw under the app's strict Content-Security-Policy.
    const cspViolations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    // January 2026 is the current month: the trend runs from February 2025 to January 2026.
    await page.clock.setFixedTime(new Date("2026-01-15T12:00:00"));
    await storeLanguage(page, "pt");
    await signUpViaApi(page, { language: "pt" });
    await createFamilyViaApi(page);
    const category = (name: string, color: string, monthlyBudget: string) =>
      post(page, "/api/categories", { name, icon: "tag", color, weeklyBudget: "0", monthlyBudget });
    const mercado = await category("Mercado", "#16a34a", "400.00");
    const casa = await category("Casa", "#2563eb", "1000.00");
    for (const [description, amount, categoryId, date] of [
      ["Antes dos 12 meses", "999.00", mercado, "2025-01-31"],
      ["Feira", "120.00", mercado, "2025-03-10"],
      ["Aluguel", "900.00", casa, "2025-12-20"],
      ["Padaria", "50.50", mercado, "2025-12-31"],
      ["Compras do mês", "1500.00", mercado, "2026-01-05"],
    ] as const) {
      await post(page, "/api/expenses", { description, amount, categoryId, date });
    }

    await page.goto("/reports");
    const trend = page.getByRole("region", { name: "Últimos 12 meses", exact: true });
    await expect(
      trend.getByText("Fevereiro de 2025 a Janeiro de 2026", { exact: true }),
    ).toBeVisible();
    // What a screen reader gets: every month, the shown one named as such.
    await expect.poll(() => trendRows(page)).toHaveLength(12);
    const rows = await trendRows(page);
    expect(rows[0]).toEqual(zeroMonth("Fevereiro de 2025"));
    expect(rows[1]).toEqual(["Março de 2025", "R$ 120,00", "R$ 1.400,00", "R$ 120,00", "R$ 0,00"]);
    expect(rows.slice(2, 10)).toEqual(
      [
        "Abril de 2025",
        "Maio de 2025",
        "Junho de 2025",
        "Julho de 2025",
        "Agosto de 2025",
        "Setembro de 2025",
        "Outubro de 2025",
        "Novembro de 2025",
      ].map(zeroMonth),
    );
    expect(rows[10]).toEqual([
      "Dezembro de 2025",
      "R$ 950,50",
      "R$ 1.400,00",
      "R$ 50,50",
      "R$ 900,00",
    ]);
    expect(rows[11]).toEqual([
      "Janeiro de 2026 (mês exibido)",
      "R$ 1.500,00",
      "R$ 1.400,00",
      "R$ 1.500,00",
      "R$ 0,00",
    ]);

    // The chart: a bar per month with spending, the shown month's in full colour, its tooltip in
    // reais.
    const chart = trend.getByTestId("trend-chart");
    const bars = chart.getByTestId("trend-bar");
    await expect(bars).toHaveCount(3);
    expect(
      await bars.evaluateAll((paths) => paths.map((p) => p.getAttribute("fill-opacity"))),
    ).toEqual(["0.4", "0.4", "1"]);
    await chart.scrollIntoViewIfNeeded();
    const box = await chart.boundingBox();
    if (!box) throw new Error("the trend chart has no size");
    // The last bar sits at the right end of the plot; the mouse goes over its column.
    await page.mouse.move(box.x + box.width - 12, box.y + box.height / 2);
    await expect(trend.getByTestId("trend-tooltip")).toContainText(
      "Janeiro de 2026Gasto: R$ 1.500,00Orçamento: R$ 1.400,00",
    );

    // Per category, the same months as small bars, with their twelve months' total.
    const categories = page.getByRole("region", { name: "Categorias nos últimos 12 meses" });
    await expect(categories.getByTestId("category-trend")).toHaveText([
      /Mercado\s*R\$\s1\.670,50 em 12 meses/,
      /Casa\s*R\$\s900,00 em 12 meses/,
    ]);
    await expect(categories.getByTestId("category-sparkline")).toHaveCount(2);
    expect(cspViolations).toEqual([]);
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);

    // 'Ver como tabela' shows the table instead of the chart, scrolling inside itself on a phone.
    await trend.getByRole("button", { name: "Ver como tabela" }).click();
    await expect(trend.getByRole("button", { name: "Ver como tabela" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(chart).toHaveCount(0);
    const table = trend.getByRole("table");
    await expect(table.getByRole("columnheader")).toHaveText([
      "Mês",
      "Gasto",
      "Orçamento",
      "Mercado",
      "Casa",
    ]);
    await expect(table.getByRole("row", { name: /Janeiro de 2026/ })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
  },
);

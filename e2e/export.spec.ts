import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { createFamilyViaApi, signUpViaApi } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { desktopOnly, expectNoHorizontalScroll, storeLanguage } from "./support";

/**
 * The CSV export (docs/product.md#exporting-to-csv), as a household uses it: Ana narrows the
 * Expenses list to one category, downloads 'Exportar CSV' and gets exactly those rows in her
 * spreadsheet's format (English: commas, ISO dates), a formula-looking description escaped. On
 * a desktop; the Portuguese and Spanish formats (semicolons, a decimal comma, day-first dates)
 * are features/expenses/export.api.test.ts's.
 */

const texts = {
  en: {
    filter: "Filter by category",
    from: "From",
    to: "To",
    summary: "2 expenses · total $1,244.56",
    exportCsv: "Export CSV",
    filename: "expenses-all.csv",
    delimiter: ",",
    rows: [
      ["Date", "Description", "Category", "Amount", "Paid by", "Added by", "Paid with"],
      ["2026-11-06", "'=1+1 fórmula", "Mercado", "10.00", "Ana Souza", "Ana Souza", ""],
      ["2026-11-05", 'Pão "francês"; café', "Mercado", "1234.56", "Ana Souza", "Ana Souza", ""],
    ],
  },
} as const;

test("export a filtered list and parse the file", desktopOnly, async ({ page }) => {
  const language = "en";
  const t = texts[language];
  await signUpViaApi(page, { language });
  await createFamilyViaApi(page);
  const category = async (name: string) => {
    const res = await page.request.post("/api/categories", {
      data: { name, icon: "tag", color: "#16a34a", weeklyBudget: "0", monthlyBudget: "0" },
    });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const market = await category("Mercado");
  const home = await category("Casa");
  for (const [description, amount, categoryId, date] of [
    ['Pão "francês"; café', "1234.56", market, "2026-11-05"],
    ["=1+1 fórmula", "10", market, "2026-11-06"],
    ["Aluguel", "900", home, "2026-11-01"],
  ]) {
    const res = await page.request.post("/api/expenses", {
      data: { description, amount, categoryId, date },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await storeLanguage(page, language);

  await page.goto("/expenses");
  const main = page.getByRole("main");
  await main.getByLabel(t.filter).selectOption({ label: "Mercado" });
  await expect(main.getByTestId("expense-totals")).toHaveText(t.summary);
  const link = main.getByRole("link", { name: t.exportCsv });
  await expect(link).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);

  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe(t.filename);
  const bytes = await readFile(await download.path());
  // UTF-8 with a byte order mark, CRLF rows: what spreadsheets open without an import dialog.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = parse(bytes.subarray(3).toString("utf8"), {
    delimiter: t.delimiter,
    record_delimiter: "\r\n",
  });
  expect(rows).toEqual(t.rows);
  // The page is as it was: still filtered, nothing navigated away.
  await expect(main.getByTestId("expense-totals")).toHaveText(t.summary);

  // A start after the end: the list asks for nothing, and no file is offered either.
  await main.getByLabel(t.from, { exact: true }).fill("2026-11-10");
  await main.getByLabel(t.to, { exact: true }).fill("2026-11-01");
  await expect(link).toHaveCount(0);
  await main.getByLabel(t.from, { exact: true }).fill("");
  await expect(link).toBeVisible();
});

import { expect, test } from "@playwright/test";
import { createFamilyViaApi, registerViaApi, signUpViaApi } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { desktopOnly, expectNoHorizontalScroll, storeLanguage } from "./support";

// The limits and refusals of docs/product.md#rate-limits and #validation-limits as a person meets
// them: a login limit that holds against parallel guesses, hostile characters refused in a form
// with the translated message, and API answers no cache keeps.
test.use({ locale: "en-US", timezoneId: "Europe/London" });

test(
  "pt: after ten wrong passwords at once, even the right one waits, with a translated message",
  desktopOnly,
  async ({ page }) => {
    await storeLanguage(page, "pt");
    const account = await registerViaApi(page);
    // Sent together, as a script guessing passwords would: each is counted before it is checked.
    const guesses = await Promise.all(
      Array.from({ length: 12 }, () =>
        page.request.post("/api/auth/login", {
          data: { email: account.email, password: "not-the-password" },
        }),
      ),
    );
    const statuses = guesses.map((res) => res.status()).sort();
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);

    await page.goto("/login");
    const main = page.getByRole("main");
    await main.getByLabel("E-mail").fill(account.email);
    await main.getByLabel("Senha", { exact: true }).fill(account.password);
    await main.getByRole("button", { name: "Entrar" }).click();
    // The toast (its region is named after its F8 hotkey in every language).
    const toast = page.getByRole("region", { name: /\(F8\)/ }).getByRole("listitem");
    await expect(toast).toContainText("Erro ao fazer login");
    await expect(toast).toContainText(
      "Muitas tentativas de login sem sucesso. Aguarde 15 minutos e tente novamente.",
    );
    await expect(page).toHaveURL(/\/login/);
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
  },
);

test(
  "pt: a description with a hidden text-direction mark is refused under its field, and nothing is saved",
  desktopOnly,
  async ({ page }) => {
    await signUpViaApi(page, { language: "pt" });
    await createFamilyViaApi(page);
    await storeLanguage(page, "pt");
    const category = await page.request.post("/api/categories", {
      data: {
        name: "Mercado",
        icon: "tag",
        color: "#16a34a",
        weeklyBudget: "50.00",
        monthlyBudget: "200.00",
      },
    });
    expect(category.status(), await category.text()).toBe(201);

    // Every /api answer the app receives must tell caches not to keep it (names, money, tokens).
    const cacheControls = new Map<string, string | undefined>();
    page.on("response", (res) => {
      const url = new URL(res.url());
      if (url.pathname.startsWith("/api/")) {
        cacheControls.set(
          `${res.request().method()} ${url.pathname}`,
          res.headers()["cache-control"],
        );
      }
    });

    await page.goto("/expenses");
    const main = page.getByRole("main");
    const description = main.getByLabel("Descrição", { exact: true });
    // U+202E turns the rest of the text around on screen: "Netflix" could read as something else.
    await description.fill("Mercado \u202eoxilfteN");
    await main.getByLabel("Valor", { exact: true }).fill("12.5");
    await main.getByLabel("Categoria", { exact: true }).selectOption({ label: "Mercado" });
    await main.getByRole("button", { name: "Adicionar Gasto" }).click();
    await expect(
      main.getByText(
        "Remova caracteres de controle ou de direção do texto (quebras de linha, tabulações, marcas invisíveis)",
      ),
    ).toBeVisible();
    await expect(description).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);

    const saved = await page.request.get("/api/expenses/page");
    expect((await saved.json()).items).toEqual([]);
    expect(cacheControls.size).toBeGreaterThan(2);
    for (const [call, value] of cacheControls) expect(value, call).toBe("no-store");
  },
);

import { expect, test } from "@playwright/test";
import { mailLinksFor, registerViaApi, uniqueEmail } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { desktopOnly, expectNoHorizontalScroll, storeLanguage } from "./support";

// docs/product.md#registering-and-signing-in: the 10,000 most common passwords are refused by the
// server (the list stays out of the web bundle); the refusal shows under the password field like
// the form's own errors.
test.use({ locale: "en-US", timezoneId: "Europe/London" });

test(
  "pt: registering with a common password shows why under the field",
  desktopOnly,
  async ({ page }) => {
    await storeLanguage(page, "pt");
    const main = page.getByRole("main");
    await page.goto("/register");
    await main.getByLabel("Nome").fill("Ana Souza");
    await main.getByLabel("E-mail").fill(uniqueEmail("common"));
    await main.getByLabel("Senha").fill("Password");
    await main.getByRole("button", { name: "Criar conta" }).click();
    await expect(main.getByLabel("Senha")).toHaveAccessibleDescription(
      "Esta senha está entre as mais comuns. Escolha outra.",
    );
    await expect(main.getByLabel("Senha")).toBeFocused();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);

    await main.getByLabel("Senha").fill("kiwi-pera-71");
    await main.getByRole("button", { name: "Criar conta" }).click();
    await expect(page).toHaveURL(/\/login/);
  },
);

test(
  "en: a reset to a common password shows why under the field",
  desktopOnly,
  async ({ page }) => {
    await storeLanguage(page, "en");
    const account = await registerViaApi(page, { language: "en" });
    const forgot = await page.request.post("/api/auth/forgot-password", {
      data: { email: account.email },
    });
    expect(forgot.status()).toBe(200);
    let link = "";
    await expect
      .poll(async () => {
        link =
          (await mailLinksFor(account.email)).find((l) => l.includes("/reset-password?")) ?? "";
        return link;
      })
      .not.toBe("");
    const { pathname, search } = new URL(link);
    await page.goto(pathname + search);
    const main = page.getByRole("main");
    await main.getByLabel("New password", { exact: true }).fill("qwerty123");
    await main.getByLabel("Confirm new password").fill("qwerty123");
    await main.getByRole("button", { name: "Reset password" }).click();
    await expect(main.getByLabel("New password", { exact: true })).toHaveAccessibleDescription(
      "This password is one of the most common ones. Choose another.",
    );
    await expectNoAxeViolations(page);
  },
);

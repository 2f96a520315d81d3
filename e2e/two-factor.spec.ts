import { expect, type Page, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { signUpViaApi } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { desktopOnly, expectNoHorizontalScroll, storeLanguage } from "./support";

/**
 * Two-factor sign-in (docs/product.md#two-factor-sign-in), in Portuguese at both widths:
 * turned on from Profile with the password (a wrong one is refused) and the key read off the
 * screen, the recovery codes, a login with the password and a code, a login with a recovery code,
 * and turning it off. Axe on every state.
 */

const STEP_MS = 30_000;

/**
 * A code from the key on the screen for a step later than `usedStep` (a step is accepted once).
 * The server takes the step before and after its own (a phone's clock a little off): codes one
 * step apart need no wait for the clock. The step before is used only while the current one has
 * seconds to go, so it is still one step away when the server checks it.
 */
async function nextCode(page: Page, key: string, usedStep?: number) {
  const totp = new TOTP({ secret: Secret.fromBase32(key.replace(/\s/g, "")) });
  for (;;) {
    const now = Date.now();
    const current = Math.floor(now / STEP_MS);
    const lowest = STEP_MS - (now % STEP_MS) > 10_000 ? current - 1 : current;
    const step = Math.max(lowest, (usedStep ?? -Infinity) + 1);
    if (step <= current + 1) return { code: totp.generate({ timestamp: step * STEP_MS }), step };
    await page.waitForTimeout(1_000);
  }
}

async function logInWithPassword(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Senha").fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByRole("heading", { name: "Verificação em duas etapas" })).toBeVisible();
}

test(
  "two-step verification: on from Profile, log in with a code and with a recovery code, off",
  desktopOnly,
  async ({ page }) => {
    await storeLanguage(page, "pt");
    const account = await signUpViaApi(page, { language: "pt" });
    await page.goto("/profile");
    const card = page.locator("div", {
      has: page.getByRole("heading", { name: "Verificação em duas etapas", level: 2 }),
    });
    // The password first: a session alone cannot add a second factor.
    const onForm = page.locator("form", {
      has: page.getByRole("button", { name: "Ativar verificação em duas etapas" }),
    });
    await expect(onForm.getByText("Para ativar, confirme com sua senha.")).toBeVisible();
    await onForm.getByLabel("Senha").fill("not the password");
    await page.getByRole("button", { name: "Ativar verificação em duas etapas" }).click();
    await expect(onForm.getByText("A senha atual não está correta.")).toBeVisible();
    await expect(page.getByRole("img", { name: /QR code para adicionar/ })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await onForm.getByLabel("Senha").fill(account.password);
    await page.getByRole("button", { name: "Ativar verificação em duas etapas" }).click();
    await expect(page.getByRole("img", { name: /QR code para adicionar/ })).toBeVisible();
    await expectNoAxeViolations(page);
    await expectNoHorizontalScroll(page);
    const key = (await page.getByTestId("two-factor-key").textContent()) ?? "";
    expect(key.replace(/\s/g, "")).toMatch(/^[A-Z2-7]{32}$/);

    let used = await nextCode(page, key);
    await page.getByLabel("Código", { exact: true }).fill(used.code);
    await page.getByRole("button", { name: "Confirmar" }).click();
    const list = page.getByRole("list", { name: "Códigos de recuperação" });
    await expect(list.getByRole("listitem")).toHaveCount(10);
    const recoveryCodes = await list.getByRole("listitem").allTextContents();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Guardei os códigos" }).click();
    await expect(card.getByText("Ativada", { exact: true }).first()).toBeVisible();
    await expectNoAxeViolations(page);

    // Log out, then in with the password and a code from the app.
    await page.context().clearCookies();
    await logInWithPassword(page, account.email, account.password);
    await expect(page.getByLabel("Código", { exact: true })).toHaveAttribute(
      "inputmode",
      "numeric",
    );
    await expectNoAxeViolations(page);
    await page.getByLabel("Código", { exact: true }).fill("000000");
    await page.getByRole("button", { name: "Verificar" }).click();
    await expect(page.getByText(/Código incorreto/).first()).toBeVisible();
    used = await nextCode(page, key, used.step);
    await page.getByLabel("Código", { exact: true }).fill(used.code);
    await page.getByRole("button", { name: "Verificar" }).click();
    await expect(page).not.toHaveURL(/\/login/);

    // Log out, then in with a recovery code.
    await page.context().clearCookies();
    await logInWithPassword(page, account.email, account.password);
    await page.getByRole("button", { name: "Usar um código de recuperação" }).click();
    await page.getByLabel("Código de recuperação").fill(recoveryCodes[0] ?? "");
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Verificar" }).click();
    await expect(page).not.toHaveURL(/\/login/);

    // Off, with the password and a code.
    await page.goto("/profile");
    const offForm = page.locator("form", { has: page.getByRole("button", { name: "Desativar" }) });
    await offForm.getByLabel("Senha").fill(account.password);
    used = await nextCode(page, key, used.step);
    await offForm.getByLabel("Código", { exact: true }).fill(used.code);
    await page.getByRole("button", { name: "Desativar" }).click();
    await expect(
      page.getByRole("button", { name: "Ativar verificação em duas etapas" }),
    ).toBeVisible();
    await expectNoAxeViolations(page);
  },
);

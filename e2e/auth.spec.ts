import { expect, type Page, test } from "@playwright/test";
import { mailLinksFor, registerViaApi, signUpViaApi, uniqueEmail } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { desktopOnly, expectNoHorizontalScroll, storeLanguage } from "./support";

// The browser says English: Portuguese screens must still get Portuguese server messages.
test.use({ locale: "en-US", timezoneId: "Europe/London" });

const heading = (page: Page) => page.getByRole("heading", { level: 1 });

/** The toast on screen (the viewport region is named after its F8 hotkey in every language). */
const toastRegion = (page: Page) => page.getByRole("region", { name: /\(F8\)/ });

/** Checks the toast's texts, then closes it: on a phone it covers the top of the page. */
async function expectToast(page: Page, title: string, description?: string) {
  const toast = toastRegion(page).getByRole("listitem");
  await expect(toast).toHaveCount(1);
  await expect(toast).toContainText(title);
  if (description) await expect(toast).toContainText(description);
  await toast.getByRole("button").click();
  await expect(toast).toHaveCount(0);
}

async function fillLogin(
  page: Page,
  texts: { email: string; password: string; submit: string },
  account: { email: string; password: string },
) {
  const main = page.getByRole("main");
  await main.getByLabel(texts.email).fill(account.email);
  await main.getByLabel(texts.password, { exact: true }).fill(account.password);
  await main.getByRole("button", { name: texts.submit }).click();
}

const pt = { email: "E-mail", password: "Senha", submit: "Entrar" };
const en = { email: "Email", password: "Password", submit: "Log in" };

function userMenuButton(page: Page) {
  return page
    .getByRole("banner")
    .getByRole("button")
    .filter({ has: page.getByTestId("user-menu-name") });
}

test("pt: register, log in, edit the profile, log out", desktopOnly, async ({ page }) => {
  await storeLanguage(page, "pt");
  const email = uniqueEmail("register");
  const password = "senha-forte-1";

  await page.goto("/register");
  await expect(heading(page)).toHaveText("Criar conta");
  const main = page.getByRole("main");
  await expect(main.getByLabel("Senha")).toHaveAttribute("placeholder", "Mínimo 6 caracteres");
  await expect(main.getByLabel("Idioma preferido")).toHaveValue("pt");
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);
  await main.getByLabel("Nome").fill("Ana Souza");
  await main.getByLabel("E-mail").fill(email);
  await main.getByLabel("Senha").fill(password);
  await main.getByRole("button", { name: "Criar conta" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expectToast(page, "Conta criada com sucesso!");

  await expect(heading(page)).toHaveText("Entrar");
  await expectNoAxeViolations(page);
  await fillLogin(page, pt, { email, password });
  await expect(page).toHaveURL(/\/$/);
  await expectToast(page, "Login realizado!");
  await expect(page.getByTestId("user-menu-name")).toHaveText("Ana");
  // Only the user is kept for the next visit's first paint: never the token.
  const stored = await page.evaluate(() => localStorage.getItem("user"));
  expect(JSON.parse(stored ?? "null")).toMatchObject({ email, firstName: "Ana" });
  expect(stored).not.toContain("token");

  await userMenuButton(page).click();
  await page.getByRole("menuitem", { name: "Perfil" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(heading(page)).toHaveText("Perfil");
  await expect(page.getByRole("tab", { name: "Informações Pessoais" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(page.getByRole("tab", { name: "Família" })).toBeVisible();
  const emailField = main.getByLabel("E-mail", { exact: true });
  await expect(emailField).toHaveValue(email);
  await expect(emailField).toHaveAttribute("readonly", "");
  await expect(emailField).toHaveAccessibleDescription("O e-mail não pode ser alterado");
  await expect(main.getByLabel("Nome", { exact: true })).toHaveValue("Ana");
  await expect(main.getByLabel("Sobrenome")).toHaveValue("Souza");
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);

  await main.getByLabel("Nome", { exact: true }).fill("Beatriz");
  await main.getByLabel("Sobrenome").fill("Lima");
  await main.getByRole("button", { name: "Salvar alterações" }).click();
  await expectToast(page, "Perfil atualizado");
  await expect(page.getByTestId("user-menu-name")).toHaveText("Beatriz");
  await page.reload();
  await expect(page.getByTestId("user-menu-name")).toHaveText("Beatriz");
  await expect(main.getByLabel("Sobrenome")).toHaveValue("Lima");

  await page.getByRole("button", { name: "Voltar" }).click();
  await expect(page).toHaveURL(/\/$/);

  await userMenuButton(page).click();
  await page.getByRole("menuitem", { name: "Sair" }).click();
  await expect(heading(page)).toHaveText("O dinheiro da sua família, planejado semana a semana");
  expect(new URL(page.url()).pathname).toBe("/");
  expect((await page.request.get("/api/auth/user")).status()).toBe(401);
  expect(await page.evaluate(() => localStorage.getItem("user"))).toBeNull();
});

test(
  "pt: validation messages, and one error for an unknown e-mail and a wrong password",
  desktopOnly,
  async ({ page }) => {
    await storeLanguage(page, "pt");
    const account = await registerViaApi(page, { language: "en" });
    const main = page.getByRole("main");

    await page.goto("/register");
    await main.getByLabel("Nome").fill("A");
    await main.getByLabel("E-mail").fill("ana@");
    await main.getByLabel("Senha").fill("12345");
    await main.getByRole("button", { name: "Criar conta" }).click();
    await expect(main.getByLabel("Nome")).toHaveAccessibleDescription(
      "Nome deve ter no mínimo 2 caracteres",
    );
    await expect(main.getByLabel("E-mail")).toHaveAccessibleDescription("Email inválido");
    await expect(main.getByLabel("Senha")).toHaveAccessibleDescription(
      "Senha deve ter no mínimo 6 caracteres",
    );
    await expectNoAxeViolations(page);

    await main.getByRole("link", { name: "Entrar" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await main.getByLabel("E-mail").fill("not-an-email");
    await main.getByRole("button", { name: "Entrar" }).click();
    await expect(main.getByLabel("E-mail")).toHaveAccessibleDescription("Email inválido");
    await expect(main.getByLabel("Senha", { exact: true })).toHaveAccessibleDescription(
      "Senha é obrigatória",
    );
    await expectNoAxeViolations(page);

    // The server must not tell which accounts exist: the same words for both failures.
    await fillLogin(page, pt, { email: uniqueEmail("nobody"), password: account.password });
    await expectToast(page, "Erro ao fazer login", "E-mail ou senha inválidos.");
    await fillLogin(page, pt, { email: account.email, password: "not-the-password" });
    await expectToast(page, "Erro ao fazer login", "E-mail ou senha inválidos.");
    await expect(page).toHaveURL(/\/login$/);
  },
);

test(
  "en: forgot password, follow the mail's link, reset, log in with the new password",
  desktopOnly,
  async ({ page }) => {
    await storeLanguage(page, "en");
    const account = await registerViaApi(page, { language: "en" });
    const newPassword = "a-brand-new-secret";
    const main = page.getByRole("main");

    await page.goto("/login");
    await main.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(heading(page)).toHaveText("Forgot your password?");
    await expectNoAxeViolations(page);
    await main.getByLabel("Email").fill(account.email);
    await main.getByRole("button", { name: "Send reset link" }).click();
    const sent =
      "If the email exists in our system, you will receive instructions to reset your password. Also check your spam folder.";
    await expect(main.getByRole("alert")).toHaveText(sent);
    await expect(main.getByLabel("Email")).toHaveValue("");
    await expectToast(page, "Email sent!", sent);
    await expectNoAxeViolations(page);

    let resetLink = "";
    await expect
      .poll(async () => {
        resetLink =
          (await mailLinksFor(account.email)).find((l) => l.includes("/reset-password?")) ?? "";
        return resetLink;
      })
      .not.toBe("");
    const { pathname, search } = new URL(resetLink);
    await page.goto(pathname + search);
    await expect(heading(page)).toHaveText("Reset password");
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await main.getByLabel("New password", { exact: true }).fill(newPassword);
    await main.getByLabel("Confirm new password").fill("something-else");
    await main.getByRole("button", { name: "Reset password" }).click();
    await expect(main.getByLabel("Confirm new password")).toHaveAccessibleDescription(
      "Passwords do not match",
    );
    await expectNoAxeViolations(page);
    await main.getByLabel("Confirm new password").fill(newPassword);
    await main.getByRole("button", { name: "Reset password" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expectToast(
      page,
      "Password reset!",
      "Password reset! You can now log in with your new password.",
    );

    await fillLogin(page, en, account);
    await expectToast(page, "Error logging in", "Invalid email or password.");
    await fillLogin(page, en, { email: account.email, password: newPassword });
    await expect(page).toHaveURL(/\/$/);
    await expectToast(page, "Logged in!");
    await expect(page.getByTestId("user-menu-name")).toHaveText("Ana");
  },
);

test("invalid reset links and e-mail verification results", desktopOnly, async ({ page }) => {
  await storeLanguage(page, "pt");
  const main = page.getByRole("main");

  await page.goto("/reset-password");
  await expect(main.getByRole("alert")).toContainText(
    "Token inválido. Solicite uma nova redefinição de senha.",
  );
  await expect(main.getByRole("button", { name: "Redefinir senha" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await main.getByRole("link", { name: "Solicitar um novo link" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);

  await page.goto("/reset-password?token=not-a-real-token");
  await main.getByLabel("Nova senha", { exact: true }).fill("abcdef");
  await main.getByLabel("Confirme a nova senha").fill("abcdef");
  await main.getByRole("button", { name: "Redefinir senha" }).click();
  await expectToast(
    page,
    "Erro ao redefinir senha",
    "Link inválido ou expirado. Solicite uma nova redefinição de senha.",
  );

  await page.goto("/login?verified=true");
  await expect(main.getByRole("alert")).toHaveText(
    "E-mail verificado com sucesso! Você já pode entrar.",
  );
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "EN (English)" }).click();
  await expect(main.getByRole("alert")).toHaveText(
    "Email verified successfully! You can now log in.",
  );

  // A verification link the server refuses comes back as ?verified=false.
  await page.goto("/verify-email?token=not-a-real-token");
  await expect(page).toHaveURL(/\/login\?verified=false$/);
  await expect(main.getByRole("alert")).toHaveText(
    "E-mail não verificadoEste link de verificação é inválido ou expirou.",
  );
  await expectNoAxeViolations(page);
  await page.goto("/verify-email");
  await expect(page).toHaveURL(/\/login\?verified=false$/);
});

test(
  "an invite link opened while signed out continues to its confirmation after login",
  desktopOnly,
  async ({ page }) => {
    // The inviter makes a family and an invite, then signs out of this browser.
    await signUpViaApi(page, { language: "pt" });
    const familyRes = await page.request.post("/api/family", { data: { name: "Família Lima" } });
    expect(familyRes.status()).toBe(201);
    const invite = (await (await page.request.post("/api/family/invite")).json()) as {
      inviteCode: string;
    };
    await page.request.get("/api/logout");
    const invitee = await registerViaApi(page, { language: "pt", name: "Carla Dias" });
    await storeLanguage(page, "pt");

    await page.goto(`/api/family/join/${invite.inviteCode}`);
    await expect(page).toHaveURL(/\/login\?next=/);
    const main = page.getByRole("main");
    await expect(main).toContainText("Entre para aceitar o convite da família.");
    await expect(main.getByRole("link", { name: "Criar conta" })).toHaveAttribute(
      "href",
      `/register?next=${encodeURIComponent(`/join/${invite.inviteCode}`)}`,
    );
    await expectNoAxeViolations(page);

    // The sign-in leads to the confirmation screen: a /login?next= address can be crafted by anyone,
    // so signing in never joins a family by itself (docs/product.md#joining-by-link).
    await fillLogin(page, pt, invitee);
    await expect(page).toHaveURL(new RegExp(`/join/${invite.inviteCode}$`));
    expect(await (await page.request.get("/api/family")).json()).toBeNull();
    await main.getByRole("button", { name: "Entrar na família" }).click();
    await expect(page).toHaveURL(/\/$/);
    const family = (await (await page.request.get("/api/family")).json()) as { name: string };
    expect(family.name).toBe("Família Lima");
  },
);

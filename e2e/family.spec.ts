import {
  type Browser,
  type BrowserContext,
  expect,
  type Page,
  type TestInfo,
  test,
} from "@playwright/test";
import { createFamilyViaApi, registerViaApi, signUpViaApi } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { desktopOnly, expectNoHorizontalScroll, storeLanguage } from "./support";

type Language = "pt" | "en";

// Each scenario walks three people through the whole family flow.
test.describe.configure({ timeout: 120_000 });

/**
 * Each person of the household gets a browser of their own (cookies, storage), sized like the
 * project's device, allowed to use the clipboard, and set to `language`.
 */
async function newPerson(
  browser: Browser,
  testInfo: TestInfo,
  language: Language,
): Promise<{ context: BrowserContext; page: Page }> {
  const { baseURL, viewport, isMobile, hasTouch } = testInfo.project.use;
  const context = await browser.newContext({
    baseURL,
    viewport,
    isMobile,
    hasTouch,
    locale: language === "pt" ? "pt-BR" : "en-US",
    timezoneId: "America/Sao_Paulo",
    permissions: ["clipboard-write"],
  });
  // The app's Permissions-Policy denies reading the clipboard (it only writes to it), so a test
  // cannot read it back: what the page writes is kept beside the real write, to be read instead.
  await context.addInitScript(() => {
    const clipboard = navigator.clipboard;
    const write = clipboard.writeText.bind(clipboard);
    clipboard.writeText = async (text: string) => {
      await write(text);
      (window as Window & { copiedText?: string }).copiedText = text;
    };
  });
  const page = await context.newPage();
  await storeLanguage(page, language);
  return { context, page };
}

/** What the page last wrote to the clipboard (see newPerson). */
const copiedText = (page: Page) =>
  page.evaluate(() => (window as Window & { copiedText?: string }).copiedText);

const heading = (page: Page) => page.getByRole("heading", { level: 1 });
const toastRegion = (page: Page) => page.getByRole("region", { name: /\(F8\)/ });

/** Checks the toast's texts (and kind), then closes it: on a phone it covers the page's top. */
async function expectToast(
  page: Page,
  texts: { title: string; description?: string; destructive?: boolean },
) {
  const toast = toastRegion(page).getByRole("listitem");
  // One locator for everything, so a toast that is about to time out is checked in one go.
  const expected = toast
    .filter({ hasText: texts.title })
    .filter({ hasText: texts.description ?? "" })
    .and(page.locator(`[data-variant="${texts.destructive ? "destructive" : "default"}"]`));
  await expect(expected).toHaveCount(1);
  // It may close by itself (5 s) first on a slow machine: either way it must be gone.
  await toast
    .getByRole("button")
    .click({ timeout: 2000 })
    .catch(() => undefined);
  await expect(toast).toHaveCount(0);
}

/** Opens an invite link the way a person does: typing it into the address bar. */
async function openInviteLink(page: Page, url: string) {
  // Checks start as soon as the redirect lands, not at the load event (the toast lasts 5 s).
  await page.goto(new URL(url).pathname, { waitUntil: "commit" });
}

async function expectJoinError(page: Page, url: string, title: string, message: string) {
  await openInviteLink(page, url);
  await expect(page).toHaveURL(/\/$/);
  await expectToast(page, { title, description: message, destructive: true });
  // The feedback is gone from the address, so a reload says nothing again.
  await page.reload();
  await expect(heading(page)).toBeVisible();
  await expect(toastRegion(page).getByRole("listitem")).toHaveCount(0);
}

async function readInvite(page: Page, texts: { code: string; link: string }) {
  const code = await page.getByLabel(texts.code, { exact: true }).inputValue();
  const url = await page.getByLabel(texts.link, { exact: true }).inputValue();
  expect(code).toMatch(/^[A-Z2-9]{8}$/);
  expect(url).toMatch(new RegExp(`/api/family/join/${code}$`));
  return { code, url };
}

async function addExpenseViaApi(page: Page, description: string) {
  const categories = (await (await page.request.get("/api/categories")).json()) as {
    id: string;
  }[];
  expect(categories.length).toBeGreaterThan(0);
  const today = new Date().toISOString().slice(0, 10);
  const res = await page.request.post("/api/expenses", {
    data: { description, amount: "12.50", categoryId: categories[0]?.id, date: today },
  });
  expect(res.status(), await res.text()).toBe(201);
}

const members = (page: Page) => page.getByTestId("family-member");

test(
  "pt: create a family through the UI, join by link after logging in (and confirming) and by a typed code",
  desktopOnly,
  async ({ browser }, testInfo) => {
    const owner = await newPerson(browser, testInfo, "pt");
    const bruno = await newPerson(browser, testInfo, "pt");
    const carla = await newPerson(browser, testInfo, "pt");

    // The owner starts without a family: the dashboard sends them to /family.
    await signUpViaApi(owner.page, { name: "Ana Souza" });
    await owner.page.goto("/");
    await expect(owner.page.getByText("Configure sua Família Primeiro")).toBeVisible();
    await owner.page.getByRole("link", { name: "Configurar Família" }).click();
    await expect(owner.page).toHaveURL(/\/family$/);
    await expect(heading(owner.page)).toHaveText("Família");
    const ownerMain = owner.page.getByRole("main");
    await expect(ownerMain.getByRole("tab", { name: "Criar Família" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await expectNoHorizontalScroll(owner.page);
    await expectNoAxeViolations(owner.page);

    await ownerMain.getByRole("button", { name: "Criar Família" }).click();
    await expect(ownerMain.getByText("Informe o nome da família")).toBeVisible();
    await ownerMain.getByLabel("Nome da Família").fill("Família Souza");
    await ownerMain.getByRole("button", { name: "Criar Família" }).click();
    await expectToast(owner.page, { title: "Família criada" });
    await expect(ownerMain.getByRole("heading", { name: "Família Souza" })).toBeVisible();
    await expect(members(owner.page)).toHaveCount(1);
    await expect(members(owner.page)).toContainText(["Ana Souza"]);
    await expect(members(owner.page).first()).toContainText("Você");
    await expect(members(owner.page).first()).toContainText("Proprietário");
    await expectNoAxeViolations(owner.page);

    await ownerMain.getByRole("button", { name: "Gerar Convite" }).click();
    const first = await readInvite(owner.page, { code: "Código de convite", link: "Link direto" });
    await ownerMain.getByRole("button", { name: "Copiar código" }).click();
    // The button says so for 3 s; checked before closing the toast, which can take longer than that.
    await expect(ownerMain.getByRole("button", { name: "Copiado!" })).toBeVisible();
    await expectToast(owner.page, { title: "Código copiado" });
    expect(await copiedText(owner.page)).toBe(first.code);
    await expectNoHorizontalScroll(owner.page);
    await expectNoAxeViolations(owner.page);

    // Bruno opens the link signed out, logs in, confirms on the invitation screen (signing in never
    // joins by itself: docs/product.md#joining-by-link) and lands on the dashboard as a member.
    const brunoAccount = await registerViaApi(bruno.page, { name: "Bruno Lima" });
    await openInviteLink(bruno.page, first.url);
    await expect(bruno.page).toHaveURL(/\/login\?next=/);
    const brunoMain = bruno.page.getByRole("main");
    await brunoMain.getByLabel("E-mail").fill(brunoAccount.email);
    await brunoMain.getByLabel("Senha", { exact: true }).fill(brunoAccount.password);
    await brunoMain.getByRole("button", { name: "Entrar" }).click();
    await expect(bruno.page).toHaveURL(new RegExp(`/join/${first.code}$`));
    await brunoMain.getByRole("button", { name: "Entrar na família" }).click();
    await expect(bruno.page).toHaveURL(/\/$/);
    await expectToast(bruno.page, {
      title: "Sucesso!",
      description: "Você entrou na família com sucesso!",
    });
    await expect(heading(bruno.page)).toHaveText("Controle Mensal");

    await bruno.page.goto("/profile");
    await bruno.page.getByRole("tab", { name: "Família", exact: true }).click();
    await expect(brunoMain.getByRole("heading", { name: "Família Souza" })).toBeVisible();
    await expect(members(bruno.page)).toHaveCount(2);
    const brunoRow = members(bruno.page).filter({ hasText: "Bruno Lima" });
    await expect(brunoRow).toContainText("Você");
    await expect(brunoRow).toContainText("Membro");
    await expect(members(bruno.page).filter({ hasText: "Ana Souza" })).toContainText(
      "Proprietário",
    );
    await expect(brunoMain.getByRole("button", { name: /^Remover/ })).toHaveCount(0);
    await expectNoAxeViolations(bruno.page);
    // Meanwhile the copied indicator went back to normal (it lasts 3 seconds).
    await expect(ownerMain.getByRole("button", { name: "Copiar código" })).toBeVisible();

    // A new invite replaces the shown one; Carla types it in lower case.
    await ownerMain.getByRole("button", { name: "Gerar Novo Convite" }).click();
    await expect(ownerMain.getByLabel("Código de convite", { exact: true })).not.toHaveValue(
      first.code,
    );
    const second = await readInvite(owner.page, { code: "Código de convite", link: "Link direto" });

    await signUpViaApi(carla.page, { name: "Carla Dias" });
    await carla.page.goto("/family");
    const carlaMain = carla.page.getByRole("main");
    await carlaMain.getByRole("tab", { name: "Entrar em Família" }).click();
    await expectNoAxeViolations(carla.page);
    const codeInput = carlaMain.getByLabel("Código de Convite");
    await codeInput.pressSequentially(second.code.toLowerCase());
    await expect(codeInput).toHaveValue(second.code);
    await carlaMain.getByRole("button", { name: "Entrar na Família" }).click();
    await expectToast(carla.page, { title: "Sucesso" });
    await expect(carlaMain.getByRole("heading", { name: "Família Souza" })).toBeVisible();
    await expect(members(carla.page)).toHaveCount(3);

    // Someone already in a family cannot take another family's invite.
    await ownerMain.getByRole("button", { name: "Gerar Novo Convite" }).click();
    await expect(ownerMain.getByLabel("Código de convite", { exact: true })).not.toHaveValue(
      second.code,
    );
    const third = await readInvite(owner.page, { code: "Código de convite", link: "Link direto" });
    await expectJoinError(carla.page, third.url, "Erro", "Você já pertence a uma família");

    await Promise.all([owner.context.close(), bruno.context.close(), carla.context.close()]);
  },
);

test(
  "pt: the owner removes one member keeping their expenses and another deleting them",
  desktopOnly,
  async ({ browser }, testInfo) => {
    const owner = await newPerson(browser, testInfo, "pt");
    const bruno = await newPerson(browser, testInfo, "pt");
    const carla = await newPerson(browser, testInfo, "pt");
    await signUpViaApi(owner.page, { name: "Ana Souza" });
    await createFamilyViaApi(owner.page, { keepStarterData: true });
    for (const [person, name] of [
      [bruno, "Bruno Lima"],
      [carla, "Carla Dias"],
    ] as const) {
      await signUpViaApi(person.page, { name });
      const invite = await owner.page.request.post("/api/family/invite");
      expect(invite.status()).toBe(201);
      const { inviteCode } = (await invite.json()) as { inviteCode: string };
      const join = await person.page.request.post("/api/family/join", { data: { inviteCode } });
      expect(join.status(), await join.text()).toBe(200);
    }
    await addExpenseViaApi(bruno.page, "Mercado do Bruno");
    await addExpenseViaApi(carla.page, "Farmácia da Carla");

    await owner.page.goto("/family");
    const ownerMain = owner.page.getByRole("main");
    await expect(members(owner.page)).toHaveCount(3);
    await expect(ownerMain.getByRole("button", { name: /^Remover/ })).toHaveCount(2);
    await ownerMain.getByRole("button", { name: "Remover Bruno Lima da família" }).click();
    const dialog = owner.page.getByRole("alertdialog", { name: "Remover membro" });
    await expect(dialog).toContainText("Tem certeza que deseja remover Bruno Lima da família?");
    const keep = dialog.getByRole("checkbox", {
      name: "Manter os gastos adicionados por este membro",
    });
    await expect(keep).toBeChecked();
    await expect(keep).toHaveAccessibleDescription(/serão excluídos permanentemente/);
    await expectNoAxeViolations(owner.page);
    await dialog.getByRole("button", { name: "Remover" }).click();
    await expect(dialog).toHaveCount(0);
    await expectToast(owner.page, { title: "Membro removido" });
    await expect(members(owner.page)).toHaveCount(2);

    await ownerMain.getByRole("button", { name: "Remover Carla Dias da família" }).click();
    await keep.click();
    await expect(keep).not.toBeChecked();
    await expectNoAxeViolations(owner.page);
    await dialog.getByRole("button", { name: "Remover" }).click();
    await expectToast(owner.page, { title: "Membro removido", description: "1 gasto" });
    await expect(members(owner.page)).toHaveCount(1);

    const expenses = (await (await owner.page.request.get("/api/expenses")).json()) as {
      description: string;
    }[];
    const descriptions = expenses.map((expense) => expense.description);
    expect(descriptions).toContain("Mercado do Bruno");
    expect(descriptions).not.toContain("Farmácia da Carla");

    await Promise.all([owner.context.close(), bruno.context.close(), carla.context.close()]);
  },
);

test(
  "en: a member invites too, copies the link, and used or unknown codes are refused",
  desktopOnly,
  async ({ browser }, testInfo) => {
    const owner = await newPerson(browser, testInfo, "en");
    const dani = await newPerson(browser, testInfo, "en");
    const eva = await newPerson(browser, testInfo, "en");

    await signUpViaApi(owner.page, { name: "Olivia Stone", language: "en" });
    await owner.page.goto("/family");
    const ownerMain = owner.page.getByRole("main");
    await expect(heading(owner.page)).toHaveText("Family");
    await ownerMain.getByLabel("Family Name").fill("The Stones");
    await ownerMain.getByRole("button", { name: "Create Family" }).click();
    await expectToast(owner.page, { title: "Family created" });
    await ownerMain.getByRole("button", { name: "Generate Invite" }).click();
    const invite = await readInvite(owner.page, { code: "Invite code", link: "Direct link" });

    // Dani joins by code from the profile's family tab.
    await signUpViaApi(dani.page, { name: "Dani Park", language: "en" });
    await dani.page.goto("/profile");
    const daniMain = dani.page.getByRole("main");
    await dani.page.getByRole("tab", { name: "Family", exact: true }).click();
    await daniMain.getByRole("tab", { name: "Join Family" }).click();
    await daniMain.getByRole("button", { name: "Join Family" }).click();
    await expect(daniMain.getByRole("alert")).toHaveText("Enter the invite code");
    await daniMain.getByLabel("Invite Code").fill(invite.code);
    await daniMain.getByRole("button", { name: "Join Family" }).click();
    await expectToast(dani.page, { title: "Success", description: "You joined The Stones." });
    await expect(members(dani.page)).toHaveCount(2);
    await expect(members(dani.page).filter({ hasText: "Dani Park" })).toContainText("You");
    await expect(members(dani.page).filter({ hasText: "Olivia Stone" })).toContainText("Owner");
    await expect(daniMain.getByRole("button", { name: /^Remove/ })).toHaveCount(0);
    await expectNoHorizontalScroll(dani.page);
    await expectNoAxeViolations(dani.page);

    // Any member can invite; copying the link confirms it.
    await daniMain.getByRole("button", { name: "Generate Invite" }).click();
    const daniInvite = await readInvite(dani.page, { code: "Invite code", link: "Direct link" });
    await daniMain.getByRole("button", { name: "Copy link" }).click();
    await expectToast(dani.page, { title: "Link copied to clipboard" });
    await expect(daniMain.getByRole("button", { name: "Copied!" })).toBeVisible();
    expect(await copiedText(dani.page)).toBe(daniInvite.url);
    await expectNoAxeViolations(dani.page);

    // Eva, without a family: a used code, then an unknown one, then Dani's invite works.
    await signUpViaApi(eva.page, { name: "Eva Lind", language: "en" });
    await expectJoinError(eva.page, invite.url, "Error", "Invite code expired or already used");
    await expectNoAxeViolations(eva.page);
    await expectJoinError(
      eva.page,
      invite.url.replace(invite.code, "ZZZZ2222"),
      "Error",
      "Invalid invite code",
    );
    await openInviteLink(eva.page, daniInvite.url);
    await expectToast(eva.page, {
      title: "Success!",
      description: "You joined the family successfully!",
    });
    await expect(eva.page).toHaveURL(/\/$/);

    await owner.page.reload();
    await expect(members(owner.page)).toHaveCount(3);
    await expect(ownerMain.getByRole("button", { name: /^Remove/ })).toHaveCount(2);

    await Promise.all([owner.context.close(), dani.context.close(), eva.context.close()]);
  },
);

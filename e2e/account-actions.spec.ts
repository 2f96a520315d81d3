import { expect, type Page, test } from "@playwright/test";
import { createFamilyViaApi, loginViaApi, otherPerson, signUpViaApi } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { desktopOnly, expectNoHorizontalScroll, storeLanguage } from "./support";

/**
 * The Profile page's account and family actions (docs/product.md#changing-the-password,
 * #leaving-a-family): changing the password, a member leaving, the owner handing the family over,
 * the owner alone deleting it. Each runs in English on a desktop
 * (docs/architecture.md#what-a-test-costs), with axe on every state.
 */

const texts = {
  en: {
    personalTab: "Personal information",
    familyTab: "Family",
    current: "Current password",
    new: "New password",
    confirm: "Confirm new password",
    changePassword: "Change password",
    wrongCurrent: "The current password is not correct.",
    passwordChanged: "Password changed",
    email: "Email",
    password: "Password",
    logIn: "Log in",
    invalidLogin: "Invalid email or password.",
    leave: "Leave family",
    leaveConfirm: /Are you sure you want to leave the family Família Souza\?/,
    left: "You left the family",
    setup: "Create a New Family",
    ownerLeaveHint:
      "As the owner, you can only leave after transferring ownership to another member.",
    transfer: "Transfer ownership",
    transferSubmit: "Transfer",
    newOwner: "New owner",
    transferred: "Ownership transferred",
    memberNote: "You are a member of this family",
    ownerRole: "Owner",
    deleteFamily: "Delete family",
    nameLabel: "Type the family's name to confirm: Família Souza",
    wrongName: "The name you typed is not the family's name",
    deleted: "Family deleted",
  },
} as const;
type Language = keyof typeof texts;

const toast = (page: Page) => page.getByRole("region", { name: /\(F8\)/ }).getByRole("listitem");

async function closeToast(page: Page, title: string) {
  await expect(toast(page).filter({ hasText: title })).toHaveCount(1);
  await toast(page)
    .getByRole("button")
    .click({ timeout: 2000 })
    .catch(() => undefined);
  await expect(toast(page)).toHaveCount(0);
}

async function checkPage(page: Page) {
  await expectNoHorizontalScroll(page);
  await expectNoAxeViolations(page);
}

async function openFamilyTab(page: Page, t: (typeof texts)[Language]) {
  await page.goto("/profile?tab=family");
  await expect(page.getByRole("tab", { name: t.familyTab })).toHaveAttribute(
    "aria-selected",
    "true",
  );
}

async function inviteCode(owner: Page) {
  const res = await owner.request.post("/api/family/invite");
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { inviteCode: string }).inviteCode;
}

async function join(member: Page, code: string) {
  const res = await member.request.post("/api/family/join", { data: { inviteCode: code } });
  expect(res.status(), await res.text()).toBe(200);
}

test(
  "change the password: a wrong current one is refused, then only the new one signs in",
  desktopOnly,
  async ({ page, browser }, testInfo) => {
    const language = "en";
    const t = texts[language];
    await storeLanguage(page, language);
    const account = await signUpViaApi(page, { language });
    // The same account signed in on another device.
    const phone = await otherPerson(browser, testInfo);
    await loginViaApi(phone.page, account);

    await page.goto("/profile");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { name: t.changePassword })).toBeVisible();
    await checkPage(page);

    const newPassword = "a-much-better-secret";
    await main.getByLabel(t.current).fill("not-my-password");
    await main.getByLabel(t.new, { exact: true }).fill(newPassword);
    await main.getByLabel(t.confirm).fill(newPassword);
    await main.getByRole("button", { name: t.changePassword }).click();
    await expect(main.getByLabel(t.current)).toHaveAccessibleDescription(t.wrongCurrent);
    await checkPage(page);

    await main.getByLabel(t.current).fill(account.password);
    await main.getByRole("button", { name: t.changePassword }).click();
    await closeToast(page, t.passwordChanged);
    await expect(main.getByLabel(t.current)).toHaveValue("");
    await expect(main.getByLabel(t.current)).not.toHaveAttribute("aria-invalid", "true");

    // This device stays signed in; the other one was signed out.
    await page.reload();
    await expect(main.getByRole("heading", { name: t.changePassword })).toBeVisible();
    expect((await phone.page.request.get("/api/auth/user")).status()).toBe(401);
    await phone.context.close();

    // Signed out, the old password is refused and the new one signs in.
    await page.goto("/api/logout");
    await page.goto("/login");
    await main.getByLabel(t.email).fill(account.email);
    await main.getByLabel(t.password, { exact: true }).fill(account.password);
    await main.getByRole("button", { name: t.logIn }).click();
    await expect(toast(page).filter({ hasText: t.invalidLogin })).toHaveCount(1);
    await expect(page).toHaveURL(/\/login$/);
    await main.getByLabel(t.password, { exact: true }).fill(newPassword);
    await main.getByRole("button", { name: t.logIn }).click();
    await expect(page).toHaveURL(/\/$/);
  },
);

test(
  "a member leaves the family; what they added stays with it",
  desktopOnly,
  async ({ page, browser }, testInfo) => {
    const language = "en";
    const t = texts[language];
    const owner = await otherPerson(browser, testInfo);
    await signUpViaApi(owner.page, { language });
    await createFamilyViaApi(owner.page, { keepStarterData: true });

    await storeLanguage(page, language);
    await signUpViaApi(page, { language, name: "Bruno Lima" });
    await join(page, await inviteCode(owner.page));
    const category = (
      (await (await page.request.get("/api/categories")).json()) as { id: string }[]
    )[0];
    const added = await page.request.post("/api/expenses", {
      data: {
        description: "Padaria do Bruno",
        amount: "8.50",
        date: "2026-03-10",
        categoryId: category?.id,
      },
    });
    expect(added.status(), await added.text()).toBe(201);

    await openFamilyTab(page, t);
    const main = page.getByRole("main");
    await expect(main.getByText(t.memberNote)).toBeVisible();
    await checkPage(page);

    await main.getByRole("button", { name: t.leave }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog.getByText(t.leaveConfirm)).toBeVisible();
    await checkPage(page);
    await dialog.getByRole("button", { name: t.leave }).click();
    await closeToast(page, t.left);
    await expect(main.getByRole("heading", { name: t.setup })).toBeVisible();
    await checkPage(page);

    const expenses = (await (await owner.page.request.get("/api/expenses")).json()) as {
      description: string;
    }[];
    expect(expenses.map((e) => e.description)).toContain("Padaria do Bruno");
    const members = (await (
      await owner.page.request.get("/api/family/members")
    ).json()) as unknown[];
    expect(members).toHaveLength(1);
    await owner.context.close();
  },
);

test(
  "the owner cannot leave while others remain, and hands the family to a member",
  desktopOnly,
  async ({ page, browser }, testInfo) => {
    const language = "en";
    const t = texts[language];
    await storeLanguage(page, language);
    await signUpViaApi(page, { language, name: "Olga Dona" });
    await createFamilyViaApi(page);
    const member = await otherPerson(browser, testInfo);
    await signUpViaApi(member.page, { language, name: "Mario Membro" });
    await join(member.page, await inviteCode(page));

    await openFamilyTab(page, t);
    const main = page.getByRole("main");
    const leave = main.getByRole("button", { name: t.leave });
    await expect(leave).toBeDisabled();
    await expect(leave).toHaveAccessibleDescription(t.ownerLeaveHint);
    await expect(main.getByRole("button", { name: t.deleteFamily })).toBeDisabled();
    await checkPage(page);

    await expect(main.getByLabel(t.newOwner)).toHaveValue(/.+/);
    await main.getByRole("button", { name: t.transfer }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog.getByText(/Mario Membro/)).toBeVisible();
    await checkPage(page);
    await dialog.getByRole("button", { name: t.transferSubmit, exact: true }).click();
    await closeToast(page, t.transferred);

    // Roles follow at once: the old owner is a member who may now leave; Mario owns the family.
    await expect(main.getByText(t.memberNote)).toBeVisible();
    await expect(main.getByRole("button", { name: t.transfer })).toHaveCount(0);
    await expect(main.getByRole("button", { name: t.leave })).toBeEnabled();
    const mario = main.getByTestId("family-member").filter({ hasText: "Mario Membro" });
    await expect(mario.getByText(t.ownerRole, { exact: true })).toBeVisible();
    await checkPage(page);
    const theirs = (await (await member.page.request.get("/api/family")).json()) as {
      role: string;
    };
    expect(theirs.role).toBe("owner");
    await member.context.close();
  },
);

test("the owner alone deletes the family after typing its name", desktopOnly, async ({ page }) => {
  const language = "en";
  const t = texts[language];
  await storeLanguage(page, language);
  await signUpViaApi(page, { language });
  await createFamilyViaApi(page, { name: "Família Souza", keepStarterData: true });

  await openFamilyTab(page, t);
  const main = page.getByRole("main");
  await expect(main.getByRole("button", { name: t.leave })).toBeDisabled();
  await main.getByRole("button", { name: t.deleteFamily }).click();
  const dialog = page.getByRole("alertdialog");
  const name = dialog.getByLabel(t.nameLabel);
  await name.fill("Familia Souza");
  await dialog.getByRole("button", { name: t.deleteFamily }).click();
  await expect(name).toHaveAccessibleDescription(t.wrongName);
  await checkPage(page);

  await name.fill("Família Souza");
  await dialog.getByRole("button", { name: t.deleteFamily }).click();
  await closeToast(page, t.deleted);
  await expect(main.getByRole("heading", { name: t.setup })).toBeVisible();
  expect((await (await page.request.get("/api/family")).json()) as unknown).toBeNull();
  await checkPage(page);
});

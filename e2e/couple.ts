import { type Browser, expect, type Page, type TestInfo } from "@playwright/test";
import { createFamilyViaApi, joinFamilyViaApi, otherPerson, signUpViaApi } from "./accounts";
import { storeLanguage } from "./support";

/**
 * A couple's family for the specs of docs/decisions/012-yours-mine-ours.md (for whom, who owes
 * whom, private expenses, views as a member), made through the API so each spec starts at the
 * screen it is about.
 */

/** POSTs `data` as the page's person and answers the new thing's id (201 expected). */
export async function postForId(page: Page, url: string, data: object): Promise<string> {
  const response = await page.request.post(url, { data });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** The signed-in person's user id. */
export async function userIdOf(page: Page): Promise<string> {
  const response = await page.request.get("/api/auth/user");
  expect(response.status()).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

/** Today as a calendar date where the browser and the app run (this machine's). */
export const localToday = () => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

/** The toast says `title`; closed, so the next one is read alone. */
export async function toastSays(page: Page, title: string) {
  const toast = page.getByRole("region", { name: /\(F8\)/ }).getByRole("listitem");
  await expect(toast).toContainText(title);
  await toast.getByRole("button").click();
  await expect(toast).toHaveCount(0);
}

export type CoupleOptions = {
  language: "pt" | "en";
  owner: string;
  member: string;
  /** The family's one category, with its budgets. */
  category: { name: string; weeklyBudget: string; monthlyBudget: string };
  /** Whether the member's page stores the language too (the owner's always does). */
  memberLanguage?: boolean;
};

/**
 * `page`'s person owns a new family with one category; a second person, in a page of their own,
 * joins it. Answers the category, the second person's page and both user ids.
 */
export async function couple(
  page: Page,
  browser: Browser,
  testInfo: TestInfo,
  { language, owner, member, category, memberLanguage = true }: CoupleOptions,
) {
  await storeLanguage(page, language);
  await signUpViaApi(page, { language, name: owner });
  await createFamilyViaApi(page);
  const categoryId = await postForId(page, "/api/categories", {
    name: category.name,
    icon: "tag",
    color: "#16a34a",
    weeklyBudget: category.weeklyBudget,
    monthlyBudget: category.monthlyBudget,
  });
  const other = await otherPerson(browser, testInfo);
  if (memberLanguage) await storeLanguage(other.page, language);
  await signUpViaApi(other.page, { language, name: member });
  await joinFamilyViaApi(page, other.page);
  return { categoryId, other, ownerId: await userIdOf(page), memberId: await userIdOf(other.page) };
}

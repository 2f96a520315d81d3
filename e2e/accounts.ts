import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { type Browser, expect, type Page, type TestInfo } from "@playwright/test";

/**
 * Real accounts on the real server, made through the API with the page's own cookie jar (so the
 * browser is signed in afterwards). Tests that are about the sign-in screens use the UI instead.
 */

let sequence = 0;
export const uniqueEmail = (label = "e2e") =>
  `${label}.${Date.now()}.${process.pid}.${++sequence}@example.org`;

export type Account = { email: string; password: string; name: string };

export async function registerViaApi(
  page: Page,
  options: { language?: "en" | "pt" | "es"; name?: string; email?: string; password?: string } = {},
): Promise<Account> {
  const account = {
    email: options.email ?? uniqueEmail(),
    password: options.password ?? "senha-secreta",
    name: options.name ?? "Ana Souza",
  };
  const res = await page.request.post("/api/auth/register", {
    data: { ...account, preferredLanguage: options.language ?? "pt" },
  });
  expect(res.status(), await res.text()).toBe(201);
  return account;
}

export async function loginViaApi(page: Page, account: Pick<Account, "email" | "password">) {
  const res = await page.request.post("/api/auth/login", {
    data: { email: account.email, password: account.password },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Registers and signs the page in. */
export async function signUpViaApi(page: Page, options: Parameters<typeof registerViaApi>[1] = {}) {
  const account = await registerViaApi(page, options);
  await loginViaApi(page, account);
  return account;
}

/** Creates a family for the signed-in page; by default without its starter data. */
export async function createFamilyViaApi(
  page: Page,
  options: { name?: string; keepStarterData?: boolean } = {},
): Promise<{ id: string }> {
  const res = await page.request.post("/api/family", {
    data: { name: options.name ?? "Família Souza" },
  });
  expect(res.status(), await res.text()).toBe(201);
  if (!options.keepStarterData) {
    const categories = (await (await page.request.get("/api/categories")).json()) as {
      id: string;
    }[];
    for (const category of categories) await page.request.delete(`/api/categories/${category.id}`);
    await page.request.delete("/api/expenses/examples/clear");
  }
  return (await res.json()) as { id: string };
}

/** Another person (or device) of the household, with a cookie jar of its own. */
export async function otherPerson(browser: Browser, testInfo: TestInfo) {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  return { context, page: await context.newPage() };
}

/** `member` (signed in, in no family) joins `owner`'s family with a fresh invite code. */
export async function joinFamilyViaApi(owner: Page, member: Page) {
  const invite = await owner.request.post("/api/family/invite");
  expect(invite.status(), await invite.text()).toBe(201);
  const { inviteCode } = (await invite.json()) as { inviteCode: string };
  const joined = await member.request.post("/api/family/join", { data: { inviteCode } });
  expect(joined.status(), await joined.text()).toBe(200);
}

const serverLog = join(process.cwd(), ".tmp", `e2e-server-${process.env.E2E_PORT ?? 3100}.log`);

export type ReceivedMail = { to: string; subject: string; links: string[]; text: string };

/**
 * The mails sent to `email`, oldest first: the e2e server's own SMTP server writes each one it
 * receives to the server's log (scripts/e2e-mail-sink.mjs).
 */
export async function mailsFor(email: string): Promise<ReceivedMail[]> {
  const mails: ReceivedMail[] = [];
  for (const line of (await readFile(serverLog, "utf8")).split("\n")) {
    if (!line.includes('"mail"')) continue;
    try {
      const entry = JSON.parse(line) as { mail?: ReceivedMail };
      if (entry.mail?.to === email) mails.push(entry.mail);
    } catch {
      // Not a JSON log line.
    }
  }
  return mails;
}

/** The links of the mails sent to `email`. */
export async function mailLinksFor(email: string): Promise<string[]> {
  return (await mailsFor(email)).flatMap((mail) => mail.links);
}

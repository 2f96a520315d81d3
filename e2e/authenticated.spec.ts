import { expect, test } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import {
  addSessionCookie,
  desktopOnly,
  expectNoHorizontalScroll,
  makeUser,
  phoneOnly,
  signInAs,
  storeLanguage,
  userMenuButton,
} from "./support";

test.use({ locale: "en-US", timezoneId: "Europe/London" });

const primaryColor = "rgb(4, 120, 87)";

test.describe("signed-in frame", () => {
  test(
    "header shows the logo, the title and the user's first name",
    desktopOnly,
    async ({ page }) => {
      await signInAs(page, makeUser({ firstName: "Ana", email: "ana.souza@example.com" }));
      await page.goto("/");
      const banner = page.getByRole("banner");
      await expect(banner.getByRole("button", { name: "Open the user menu: Ana" })).toBeVisible();
      await expect(banner.getByRole("link", { name: "Family Budget" })).toHaveAttribute(
        "href",
        "/",
      );
      await expect(page.getByTestId("user-menu-name")).toHaveText("Ana");
      await expect(banner.getByTestId("default-avatar")).toBeVisible();
      await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(
        "Monthly overview",
      );
      await expect(page.getByRole("contentinfo")).toContainText(/© \d{4} Family Budget/);
    },
  );

  test("header falls back to the e-mail, then to 'Profile'", desktopOnly, async ({ page }) => {
    let user = makeUser({ firstName: null, email: "bruno@example.com" });
    await addSessionCookie(page);
    await page.route("**/api/auth/user", (route) => route.fulfill({ json: user }));
    await page.goto("/");
    await expect(page.getByTestId("user-menu-name")).toHaveText("bruno@example.com");

    user = makeUser({ firstName: "   ", email: "" });
    await page.reload();
    await expect(page.getByTestId("user-menu-name")).toHaveText("Profile");

    await storeLanguage(page, "pt");
    await page.reload();
    await expect(page.getByTestId("user-menu-name")).toHaveText("Perfil");
  });

  test("header shows the profile image when there is one", desktopOnly, async ({ page }) => {
    const imageUrl = `data:image/svg+xml,${encodeURIComponent(
      '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8" fill="#c00"/></svg>',
    )}`;
    await signInAs(page, makeUser({ profileImageUrl: imageUrl }));
    await page.goto("/");
    const banner = page.getByRole("banner");
    await expect(banner.locator(`img[src="${imageUrl}"]`)).toBeVisible();
    await expect(banner.getByTestId("default-avatar")).toHaveCount(0);
  });

  test(
    "another site's profile image is never loaded: the default avatar shows",
    desktopOnly,
    async ({ page }) => {
      // The CSP's img-src is 'self' data: (http/security-headers.ts): an image host would learn
      // who opens the app, and when.
      const imageUrl = "https://images.example.com/ana.svg";
      const asked: string[] = [];
      await page.route(imageUrl, (route) => {
        asked.push(route.request().url());
        return route.fulfill({ contentType: "image/svg+xml", body: "<svg/>" });
      });
      await signInAs(page, makeUser({ profileImageUrl: imageUrl }));
      await page.goto("/");
      const banner = page.getByRole("banner");
      await expect(banner.getByTestId("default-avatar")).toBeVisible();
      await expect(banner.locator("img")).toHaveCount(0);
      expect(asked).toEqual([]);
    },
  );

  test(
    "tabs come in order, the active one is highlighted and they navigate",
    desktopOnly,
    async ({ page }) => {
      await signInAs(page);
      await storeLanguage(page, "pt");
      await page.goto("/");
      const nav = page.getByRole("navigation", { name: "Principal" });
      const tabs = nav.getByRole("link");
      await expect(tabs).toHaveText([
        "Dashboard",
        "Gastos",
        "Receitas",
        "Categorias",
        "Relatórios",
      ]);
      const hrefs = await tabs.evaluateAll((links) => links.map((l) => l.getAttribute("href")));
      expect(hrefs).toEqual(["/", "/expenses", "/incomes", "/categories", "/reports"]);

      const pages = [
        { tab: "Dashboard", path: "/", title: "Controle Mensal" },
        { tab: "Gastos", path: "/expenses", title: "Gastos" },
        { tab: "Receitas", path: "/incomes", title: "Receitas" },
        { tab: "Categorias", path: "/categories", title: "Gerenciar Categorias" },
        { tab: "Relatórios", path: "/reports", title: "Relatórios Mensais" },
      ];
      for (const { tab, path, title } of pages) {
        await nav.getByRole("link", { name: tab }).click();
        await expect(page).toHaveURL(new RegExp(`${path}$`));
        await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(title);
        const active = nav.getByRole("link", { name: tab });
        await expect(active).toHaveAttribute("aria-current", "page");
        await expect(active).toHaveCSS("color", primaryColor);
        await expect(active).toHaveCSS("border-bottom-color", primaryColor);
        await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
        for (const other of pages.filter((p) => p.tab !== tab)) {
          await expect(nav.getByRole("link", { name: other.tab })).not.toHaveCSS(
            "color",
            primaryColor,
          );
        }
      }
    },
  );

  test("tab labels are translated", desktopOnly, async ({ page }) => {
    await signInAs(page);
    await page.goto("/reports");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText([
      "Dashboard",
      "Expenses",
      "Income",
      "Categories",
      "Reports",
    ]);

    await page.evaluate(() => localStorage.setItem("language", "es"));
    await page.reload();
    await expect(page.getByRole("navigation", { name: "Principal" }).getByRole("link")).toHaveText([
      "Panel",
      "Gastos",
      "Ingresos",
      "Categorías",
      "Informes",
    ]);
  });

  test(
    "user menu shows the name and e-mail, and Profile opens /profile",
    desktopOnly,
    async ({ page }) => {
      await signInAs(page, makeUser({ firstName: "Ana", email: "ana.souza@example.com" }));
      await storeLanguage(page, "pt");
      await page.goto("/expenses");
      await userMenuButton(page).click();
      const menu = page.getByRole("menu");
      await expect(menu).toBeVisible();
      await expect(menu).toContainText("Ana");
      await expect(menu).toContainText("ana.souza@example.com");
      await expect(menu.getByRole("menuitem", { name: "Perfil" })).toBeVisible();
      await expect(menu.getByRole("menuitem", { name: "Sair" })).toBeVisible();
      await expectNoAxeViolations(page);

      await menu.getByRole("menuitem", { name: "Perfil" }).click();
      await expect(page).toHaveURL(/\/profile$/);
      await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText("Perfil");
      await expect(page.getByRole("menu")).toHaveCount(0);
    },
  );

  test(
    "a user menu whose code cannot be fetched leaves the screen standing, and a later tap opens it",
    desktopOnly,
    async ({ page }) => {
      // Offline before the service worker holds the app, the menu's chunk cannot come: the screen
      // must stay (a failed lazy component used to take the whole page down) and a later tap retry.
      // The dropdown's code is in the chunks of what only a tap needs (vite.config.ts: `ui`, which
      // holds Radix's too; once `radix`), none of which the dashboard waits for.
      let blocked = true;
      await page.route(/\/assets\/(?:ui|radix)-[^/]*\.js$/, (route) =>
        blocked ? route.abort("internetdisconnected") : route.fallback(),
      );
      await signInAs(page, makeUser({ firstName: "Ana", email: "ana.souza@example.com" }));
      await page.goto("/");
      const heading = page.getByRole("main").getByRole("heading", { level: 1 });
      await expect(heading).toHaveText("Monthly overview");
      await userMenuButton(page).click();
      await expect(page.getByRole("menu")).toHaveCount(0);
      await expect(heading).toHaveText("Monthly overview");
      await expect(userMenuButton(page)).toBeVisible();

      blocked = false;
      // A tap while the failed attempt is still settling shares it (lib/lazy-screen.ts loads a
      // chunk once at a time), as on a slow phone: the person taps again, and that tap opens it.
      const menu = page.getByRole("menu");
      await expect(async () => {
        await userMenuButton(page).click();
        await expect(menu).toBeVisible({ timeout: 2_000 });
      }).toPass();
      await expect(menu.getByRole("menuitem", { name: "Log out" })).toBeVisible();
    },
  );

  test("the user menu switches language", desktopOnly, async ({ page }) => {
    await signInAs(page);
    await page.goto("/");
    await userMenuButton(page).click();
    await page.getByRole("menuitemradio", { name: "Español" }).click();
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(
      "Control mensual",
    );
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    expect(await page.evaluate(() => localStorage.getItem("language"))).toBe("es");
  });

  test("Logout is a browser navigation to /api/logout", desktopOnly, async ({ page }) => {
    await signInAs(page);
    await page.route("**/api/logout", (route) =>
      route.fulfill({ contentType: "text/plain", body: "signed out" }),
    );
    await page.goto("/");
    await userMenuButton(page).click();
    const request = page.waitForRequest("**/api/logout");
    await page.getByRole("menuitem", { name: "Log out" }).click();
    expect((await request).isNavigationRequest()).toBe(true);
    await expect(page).toHaveURL(/\/api\/logout$/);
  });

  test("an unknown path shows the 404 page inside the frame", desktopOnly, async ({ page }) => {
    await signInAs(page);
    await page.goto("/no/such/page");
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(
      "404 Page Not Found",
    );
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(page.getByRole("navigation").locator('[aria-current="page"]')).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: "Back to the dashboard" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(
      "Monthly overview",
    );
  });

  const framePages = [
    { path: "/", title: "Monthly overview" },
    { path: "/expenses", title: "Expenses" },
    { path: "/categories", title: "Manage categories" },
    { path: "/reports", title: "Monthly reports" },
    { path: "/profile", title: "Profile" },
    { path: "/family", title: "Family" },
  ];

  // At 375 px, where the widest header could push a page wider than the screen; the desktop's
  // axe runs on these screens in the journeys that visit them (dashboard, expenses, categories...).
  for (const { path, title } of framePages) {
    test(
      `${path} has its title, fits the screen and has no axe violations`,
      phoneOnly,
      async ({ page }) => {
        // A long e-mail as the name is the widest the header gets.
        await signInAs(
          page,
          makeUser({ firstName: null, email: "maria.fernanda.oliveira.santos@example.com.br" }),
        );
        await page.goto(path);
        await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toHaveText(title);
        await expect(page).toHaveTitle(`${title} · Family Budget`);
        await expectNoHorizontalScroll(page);
        await expectNoAxeViolations(page);
      },
    );
  }

  test("the frame fits the screen in every language", phoneOnly, async ({ page }) => {
    await signInAs(page, makeUser({ firstName: "Maximiliano Alejandro" }));
    for (const language of ["pt", "es", "en"]) {
      await page.goto("/categories");
      await page.evaluate((value) => localStorage.setItem("language", value), language);
      await page.reload();
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      await expectNoHorizontalScroll(page);
    }
  });
});

import { expect, test } from "@playwright/test";
import { createFamilyViaApi, signUpViaApi } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { expectNoHorizontalScroll, phoneOnly, storeLanguage } from "./support";

/**
 * A bank's OFX into an account (docs/product.md#ofx-import), as Ana does it on her phone: Itaú's
 * export (OFX 1.x, windows-1252, Brasília's zone on its dates) with a purchase, her salary and
 * the card's bill paid from the account. The bill's payment is offered as the Nubank card's, the
 * family's one card, and recorded as its closed bill's payment, never as spending; the file's
 * balance is offered as the account's reconciliation; the same file again adds nothing. A purchase at Carrefour comes in as 'Casa', as the family's history says; Ana
 * corrects it to 'Mercado' and accepts "Sempre usar Mercado para CARREFOUR"
 * (docs/product.md#learned-rules): the next file's Carrefour line comes in as 'Mercado'.
 * Portuguese at 375 px.
 */

const pad = (value: number) => String(value).padStart(2, "0");

test(
  "pt: an Itaú OFX into 'Itaú conta': the bill's payment the card's, the balance to reconcile, never twice",
  phoneOnly,
  async ({ page }) => {
    await storeLanguage(page, "pt");
    await signUpViaApi(page, { language: "pt", name: "Ana Souza" });
    await createFamilyViaApi(page);
    const post = async (url: string, data: object) => {
      const res = await page.request.post(url, { data });
      expect(res.status(), await res.text()).toBe(201);
      return res.json();
    };
    const now = new Date();
    const [year, month] = [now.getFullYear(), now.getMonth() + 1];
    const ofxDay = (day: number) => `${year}${pad(month)}${pad(day)}`;
    await post("/api/categories", {
      name: "Mercado",
      icon: "shopping-cart",
      color: "#16a34a",
      weeklyBudget: "0",
      monthlyBudget: "0",
    });
    const home = await post("/api/categories", {
      name: "Casa",
      icon: "home",
      color: "#2563eb",
      weeklyBudget: "0",
      monthlyBudget: "0",
    });
    // Carrefour once in 'Casa' before: the history's suggestion for the file's Carrefour line.
    await post("/api/expenses", {
      description: "CARREFOUR LJ 45",
      amount: "12.00",
      categoryId: home.id,
      date: `${year}-${pad(month)}-01`,
    });
    // The Nubank card, its last month's bill closed on the 20th with R$ 1.200,00: the bill the
    // file's 'PAGTO FATURA NUBANK' pays (docs/product.md#card-bills).
    const nubank = await post("/api/payment-methods", {
      kind: "credit_card",
      name: "Nubank",
      closingDay: 20,
      dueDay: 27,
    });
    const lastMonth = new Date(year, month - 2, 10);
    await post("/api/expenses", {
      description: "Passagem aérea",
      amount: "1200.00",
      categoryId: home.id,
      paymentMethodId: nubank.id,
      date: `${lastMonth.getFullYear()}-${pad(lastMonth.getMonth() + 1)}-10`,
    });
    const itau = await post("/api/payment-methods", {
      kind: "checking",
      name: "Itaú conta",
      openingBalance: "2000.00",
      openingDate: `${year}-${pad(month)}-01`,
    });
    const transaction = (id: string, day: number, amount: string, memo: string) =>
      `<STMTTRN><TRNTYPE>OTHER<DTPOSTED>${ofxDay(day)}120000[-3:BRT]<TRNAMT>${amount}<FITID>${id}<MEMO>${memo}</STMTTRN>`;
    const file = Buffer.from(
      [
        "OFXHEADER:100",
        "DATA:OFXSGML",
        "VERSION:102",
        "ENCODING:USASCII",
        "CHARSET:1252",
        "",
        "<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL",
        "<BANKACCTFROM><BANKID>0341<ACCTID>12345-6</BANKACCTFROM><BANKTRANLIST>",
        transaction("F1", 1, "-387,65", "SUPERMERCADO PÃO DE AÇÚCAR"),
        transaction("F2", 1, "3000,00", "SALARIO EMPRESA"),
        transaction("F3", 1, "-1.200,00", "PAGTO FATURA NUBANK"),
        transaction("F4", 1, "-45,90", "PAG*CARREFOUR SAO PAULO"),
        "</BANKTRANLIST>",
        "<LEDGERBAL><BALAMT>3412,35<DTASOF>00000000</LEDGERBAL>",
        "</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>",
      ].join("\r\n"),
      "latin1",
    );

    const line = (number: number) =>
      page.locator(`[data-testid="import-line"][data-line="${number}"]`);
    const openFile = async (buffer = file, first = "SUPERMERCADO PÃO DE AÇÚCAR") => {
      await page.goto("/expenses/import");
      await page.getByLabel("Pago com").selectOption({ label: "Itaú conta" });
      await page.getByLabel("Arquivo CSV ou OFX").setInputFiles({
        name: "extrato-itau.ofx",
        mimeType: "application/x-ofx",
        buffer,
      });
      await expect(line(1)).toContainText(first);
    };

    await openFile();
    await expect(page.getByTestId("ofx-statement")).toHaveText(
      "Extrato OFX de conta: datas, valores e colunas vêm do próprio arquivo.",
    );
    await expect(line(1)).toContainText(`01/${pad(month)}/${year}`);
    await expect(line(1)).toContainText("R$ 387,65");
    await expect(line(2)).toContainText("Não é gasto (crédito)");
    // The card's bill paid from the account: offered as the payment of the family's one card.
    await expect(line(3)).toContainText("Pagamento da fatura do cartão");
    await expect(line(3).getByLabel("Cartão da linha 3")).toHaveValue(nubank.id);
    await expect(line(3).getByRole("checkbox", { name: "Importar a linha 3" })).toBeChecked();
    await page
      .getByLabel("Categoria para as linhas sem categoria")
      .selectOption({ label: "Mercado" });
    await page.getByRole("button", { name: "Aplicar" }).click();
    // Carrefour keeps the history's 'Casa': only the lines without a category took 'Mercado'.
    await expect(line(4).getByRole("combobox")).toHaveValue(home.id);
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    // Never spending: two expenses, and the bill's payment counted apart.
    await expect(page.getByTestId("import-summary")).toHaveText(
      "2 linhas serão importadas · R$ 433,55",
    );
    await expect(page.getByTestId("import-credits-summary")).toHaveText("+ 1 pagamento de fatura");
    await page.getByRole("button", { name: "Importar 3 lançamentos" }).click();
    await expect(
      page.getByText("2 gastos importados. 1 pagamento de fatura registrado."),
    ).toBeVisible();
    const [bill] = (await (
      await page.request.get(`/api/payment-methods/${nubank.id}/bills`)
    ).json()) as { paid: string; status: string }[];
    expect(bill).toMatchObject({ paid: "1200.00", status: "paid" });

    // The bank's balance in the file, offered as the account's reconciliation.
    const reconcile = page.getByRole("link", {
      name: /Conciliar Itaú conta com o saldo do extrato: R\$ 3\.412,35 em/,
    });
    await expect(reconcile).toBeVisible();
    await reconcile.click();
    await expect(page).toHaveURL(new RegExp(`/payment-methods/${itau.id}/reconcile\\?`));
    await expect(page.getByLabel("Saldo no banco")).toHaveValue("3412,35");

    // The same file again: the purchase is already there, and left out even if ticked.
    await openFile();
    await expect(line(1)).toContainText("Já registrado");
    await expect(line(1).getByRole("checkbox", { name: "Importar a linha 1" })).not.toBeChecked();
    // The bill's payment too: already registered, left unticked.
    await expect(line(3)).toContainText("Já registrado");
    await expect(line(3).getByRole("checkbox", { name: "Importar a linha 3" })).not.toBeChecked();
    await line(1).getByRole("checkbox", { name: "Importar a linha 1" }).click();
    await page.getByRole("button", { name: "Importar 1 gasto" }).click();
    await expect(page.getByText("1 já estava no app e ficou de fora.")).toBeVisible();
    const expenses = (await (await page.request.get("/api/expenses")).json()) as {
      description: string;
    }[];
    expect(expenses.map((expense) => expense.description).sort()).toEqual([
      "CARREFOUR LJ 45",
      "PAG*CARREFOUR SAO PAULO",
      // The card's purchase: its bill's payment is no expense.
      "Passagem aérea",
      "SUPERMERCADO PÃO DE AÇÚCAR",
    ]);

    // 'Casa' was wrong: Ana corrects it, and one tap makes it the rule for Carrefour.
    await page.goto("/expenses");
    await page
      .getByRole("main")
      .getByRole("button", { name: "Editar PAG*CARREFOUR SAO PAULO" })
      .filter({ visible: true })
      .click();
    const edit = page.getByRole("dialog", { name: "Editar Gasto" });
    await edit.getByLabel("Categoria").selectOption({ label: "Mercado" });
    await edit.getByRole("button", { name: "Salvar" }).click();
    await page.getByRole("button", { name: "Sempre usar Mercado para CARREFOUR" }).click();
    await expect(
      page.getByText("Regra criada: CARREFOUR vai para Mercado", { exact: true }),
    ).toBeVisible();

    // Next month's file: its Carrefour line comes in as 'Mercado', by the rule.
    await openFile(
      Buffer.from(
        [
          "OFXHEADER:100",
          "DATA:OFXSGML",
          "VERSION:102",
          "",
          "<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL<BANKTRANLIST>",
          transaction("G1", 1, "-88,10", "CARREFOUR EXPRESS 77"),
          "</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>",
        ].join("\r\n"),
        "latin1",
      ),
      "CARREFOUR EXPRESS 77",
    );
    await expect(line(1)).toContainText("Pela regra “CARREFOUR”");
    await expect(line(1).getByRole("combobox")).toHaveValue(
      (await (await page.request.get("/api/categories")).json()).find(
        (category: { name: string }) => category.name === "Mercado",
      ).id,
    );
  },
);

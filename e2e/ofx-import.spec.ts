import { expect, test } from "@playwright/test";
import { createFamilyViaApi, signUpViaApi } from "./accounts";
import { expectNoAxeViolations } from "./axe";
import { expectNoHorizontalScroll, phoneOnly, storeLanguage } from "./support";

/**
 * A bank's OFX into an account (docs/product.md#ofx-import), as Ana does it on her phone: Itaú's
 * export (OFX 1.x, windows-1252, Brasília's zone on its dates) with a purchase, her salary and
 * the card's bill paid from the account. The bill's payment shows as a transfer and cannot be
 * imported; the file's balance is offered as the account's reconciliation; the same file again
 * adds nothing. Portuguese at 375 px.
 */

const pad = (value: number) => String(value).padStart(2, "0");

test(
  "pt: an Itaú OFX into 'Itaú conta': the bill's payment a transfer, the balance to reconcile, never twice",
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
        "</BANKTRANLIST>",
        "<LEDGERBAL><BALAMT>3412,35<DTASOF>00000000</LEDGERBAL>",
        "</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>",
      ].join("\r\n"),
      "latin1",
    );

    const line = (number: number) =>
      page.locator(`[data-testid="import-line"][data-line="${number}"]`);
    const openFile = async () => {
      await page.goto("/expenses/import");
      await page.getByLabel("Pago com").selectOption({ label: "Itaú conta" });
      await page.getByLabel("Arquivo CSV ou OFX").setInputFiles({
        name: "extrato-itau.ofx",
        mimeType: "application/x-ofx",
        buffer: file,
      });
      await expect(line(1)).toContainText("SUPERMERCADO PÃO DE AÇÚCAR");
    };

    await openFile();
    await expect(page.getByTestId("ofx-statement")).toHaveText(
      "Extrato OFX de conta: datas, valores e colunas vêm do próprio arquivo.",
    );
    await expect(line(1)).toContainText(`01/${pad(month)}/${year}`);
    await expect(line(1)).toContainText("R$ 387,65");
    await expect(line(2)).toContainText("Não é gasto (crédito)");
    // The card's bill paid from the account: a transfer, which cannot be ticked.
    await expect(line(3)).toContainText("Pagamento de fatura");
    await expect(line(3)).toContainText("É uma transferência entre a conta e o cartão");
    await expect(line(3).getByRole("checkbox")).toBeDisabled();
    await page
      .getByLabel("Categoria para as linhas sem categoria")
      .selectOption({ label: "Mercado" });
    await page.getByRole("button", { name: "Aplicar" }).click();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Importar 1 gasto" }).click();
    await expect(page.getByText("1 gasto importado.")).toBeVisible();

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
    await line(1).getByRole("checkbox", { name: "Importar a linha 1" }).click();
    await page.getByRole("button", { name: "Importar 1 gasto" }).click();
    await expect(page.getByText("1 já estava no app e ficou de fora.")).toBeVisible();
    const expenses = (await (await page.request.get("/api/expenses")).json()) as {
      description: string;
    }[];
    expect(expenses.map((expense) => expense.description)).toEqual(["SUPERMERCADO PÃO DE AÇÚCAR"]);
  },
);

import { describe, expect, it } from "vitest";
import { IMPORT_MAX_BYTES, IMPORT_MAX_LINES } from "../../../contract/imports";
import { AppError } from "../../errors";
import {
  foldText,
  guessAmountFormat,
  guessColumns,
  guessDateFormat,
  guessSpendingSign,
  installmentMarker,
  looksLikeHeader,
  looksLikeTransfer,
  parseAmount,
  parseDate,
  parseLine,
} from "./detect";
import {
  assertLineCount,
  decodeBase64,
  decodeText,
  guessSeparator,
  readRecords,
  usualColumnCount,
} from "./read-file";

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { status: error.statusCode, key: error.messageKey };
    throw error;
  }
  throw new Error("not refused");
};

describe("dates", () => {
  it("read each format, with '/', '-' or '.' and a time dropped", () => {
    expect(parseDate("10/03/2026", "dd/mm/yyyy")).toBe("2026-03-10");
    expect(parseDate("1.3.2026", "dd/mm/yyyy")).toBe("2026-03-01");
    expect(parseDate("03/10/2026", "mm/dd/yyyy")).toBe("2026-03-10");
    expect(parseDate("2026-03-10", "yyyy-mm-dd")).toBe("2026-03-10");
    expect(parseDate("2026-03-10T14:02:00Z", "yyyy-mm-dd")).toBe("2026-03-10");
    expect(parseDate(" 10/03/2026 14:02 ", "dd/mm/yyyy")).toBe("2026-03-10");
  });

  it("refuse days a month does not have and other formats", () => {
    expect(parseDate("31/02/2026", "dd/mm/yyyy")).toBeNull();
    expect(parseDate("29/02/2025", "dd/mm/yyyy")).toBeNull();
    expect(parseDate("29/02/2024", "dd/mm/yyyy")).toBe("2024-02-29");
    expect(parseDate("13/13/2026", "mm/dd/yyyy")).toBeNull();
    expect(parseDate("2026-03-10", "dd/mm/yyyy")).toBeNull();
    expect(parseDate("ontem", "dd/mm/yyyy")).toBeNull();
    expect(parseDate(undefined, "yyyy-mm-dd")).toBeNull();
  });

  it("guess the format under which every value reads; dd/mm when both do, said ambiguous", () => {
    expect(guessDateFormat(["31/01/2026", "02/02/2026"])).toEqual({
      dateFormat: "dd/mm/yyyy",
      ambiguous: false,
    });
    expect(guessDateFormat(["01/31/2026", "02/02/2026"])).toEqual({
      dateFormat: "mm/dd/yyyy",
      ambiguous: false,
    });
    expect(guessDateFormat(["2026-01-31"])).toEqual({ dateFormat: "yyyy-mm-dd", ambiguous: false });
    expect(guessDateFormat(["01/02/2026", "03/04/2026"])).toEqual({
      dateFormat: "dd/mm/yyyy",
      ambiguous: true,
    });
  });
});

describe("amounts", () => {
  const cents = (value: string, format: "comma" | "dot") => {
    const parsed = parseAmount(value, format);
    return "cents" in parsed ? parsed.cents : parsed.error;
  };

  it("read the decimal comma, with or without thousands", () => {
    expect(cents("1.234,56", "comma")).toBe(123456);
    expect(cents("1234,56", "comma")).toBe(123456);
    expect(cents("-12,5", "comma")).toBe(-1250);
    expect(cents("R$ -12,50", "comma")).toBe(-1250);
    expect(cents("-R$ 1.000,00", "comma")).toBe(-100000);
    expect(cents("12,50-", "comma")).toBe(-1250);
    expect(cents("(12,50)", "comma")).toBe(-1250);
    expect(cents("1.234", "comma")).toBe(123400);
    expect(cents("12.50", "comma")).toBe("invalid");
  });

  it("read the decimal point, with or without thousands", () => {
    expect(cents("1234.56", "dot")).toBe(123456);
    expect(cents("1,234.56", "dot")).toBe(123456);
    expect(cents("$ -7.1", "dot")).toBe(-710);
    expect(cents("€12", "dot")).toBe(1200);
    expect(cents("12,50", "dot")).toBe("invalid");
    expect(cents("1.234", "dot")).toBe("invalid");
  });

  it("refuse what is not an amount, or one numeric(10,2) cannot hold", () => {
    expect(cents("abc", "comma")).toBe("invalid");
    expect(cents("", "comma")).toBe("invalid");
    expect(cents("12,345", "comma")).toBe("invalid");
    expect(cents("100.000.000,00", "comma")).toBe("tooBig");
    expect(cents("99.999.999,99", "comma")).toBe(9999999999);
  });

  it("guess the format most values read in; whole numbers only go to the comma", () => {
    expect(guessAmountFormat(["-1.234,56", "-12,50", "300"])).toBe("comma");
    expect(guessAmountFormat(["-1,234.56", "-12.50", "300"])).toBe("dot");
    expect(guessAmountFormat(["12", "300"])).toBe("comma");
  });

  it("read a bank statement's negatives as spending, and one sign only as all spending", () => {
    expect(guessSpendingSign([-100, 2000, -50])).toEqual({
      spendingSign: "negative",
      statementKind: "bank",
      reason: "bankStatement",
    });
    expect(guessSpendingSign([100, 2000])).toMatchObject({
      spendingSign: "positive",
      reason: "oneSign",
    });
    expect(guessSpendingSign([-100])).toMatchObject({
      spendingSign: "negative",
      reason: "oneSign",
    });
    // Many credits and debits alike: a bank statement.
    expect(guessSpendingSign([100, 200, 300, -10, -20, -30])).toMatchObject({
      statementKind: "bank",
    });
  });

  it("read a card statement as one: purchases positive, the bill's payment the odd one out", () => {
    // Nubank's export: purchases positive, "Pagamento recebido" negative.
    expect(guessSpendingSign([4590, 1200, 8990, -150_000])).toEqual({
      spendingSign: "positive",
      statementKind: "card",
      reason: "cardStatement",
    });
    expect(guessSpendingSign([100, 200, 300, 400, 500, 600, 700, 800, -1, -2])).toMatchObject({
      statementKind: "card",
    });
    // Imported into a card: a card statement, whatever its signs.
    expect(guessSpendingSign([-100, -200, 300], "card")).toEqual({
      spendingSign: "positive",
      statementKind: "card",
      reason: "chosen",
    });
  });

  it("find installment markers and read the description without them", () => {
    const cases: [string, ReturnType<typeof installmentMarker>][] = [
      ["Parcela 2/6 Geladeira", { number: 2, count: 6, base: "Geladeira" }],
      ["GELADEIRA PARC 02/06", { number: 2, count: 6, base: "GELADEIRA" }],
      ["Geladeira - Parcela 2 de 6", { number: 2, count: 6, base: "Geladeira" }],
      ["Parc. 1/12 Sofá", { number: 1, count: 12, base: "Sofá" }],
      ["NETFLIX 2/6", { number: 2, count: 6, base: "NETFLIX" }],
      ["Loja (03/10)", { number: 3, count: 10, base: "Loja" }],
      // Not installments: a day and month, one of one, nothing left to name, no marker.
      ["PIX 10/03", null],
      ["Uber 1/1", null],
      ["2/6", null],
      ["Pagamento recebido", null],
    ];
    for (const [description, expected] of cases) {
      expect(installmentMarker(description), description).toEqual(expected);
    }
  });
});

describe("the file", () => {
  it("is UTF-8 when it reads as UTF-8 (BOM dropped), else Latin-1 (windows-1252)", () => {
    const utf8 = Buffer.from("\uFEFFData;Descrição\n", "utf8");
    expect(decodeText(utf8)).toEqual({ text: "Data;Descrição\n", encoding: "utf-8" });
    const latin1 = Buffer.from("Data;Descrição;Padaria São João\n", "latin1");
    expect(decodeText(latin1)).toEqual({
      text: "Data;Descrição;Padaria São João\n",
      encoding: "windows-1252",
    });
    expect(refusal(() => decodeText(latin1, "utf-8")).key).toBe("validation.importNotUtf8");
  });

  it("refuses an empty, a binary, an oversized file, and too many lines", () => {
    expect(refusal(() => decodeText(Buffer.alloc(0)))).toEqual({
      status: 400,
      key: "validation.importEmpty",
    });
    expect(refusal(() => assertLineCount(" \n\n  \n")).key).toBe("validation.importEmpty");
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect(refusal(() => decodeText(png)).key).toBe("validation.importBinary");
    expect(refusal(() => decodeText(Buffer.alloc(IMPORT_MAX_BYTES + 1, 97)))).toEqual({
      status: 413,
      key: "validation.importFileTooLarge",
    });
    expect(() => assertLineCount("a;1\n".repeat(IMPORT_MAX_LINES))).not.toThrow();
    expect(refusal(() => assertLineCount("a;1\n".repeat(IMPORT_MAX_LINES + 1)))).toEqual({
      status: 413,
      key: "validation.importTooManyLines",
    });
    expect(refusal(() => decodeBase64("not base64!")).key).toBe("validation.importUnreadable");
  });

  it("guesses the separator whose columns are consistent", () => {
    expect(guessSeparator("Data;Valor\n10/03/2026;-1.234,56\n11/03/2026;-2,00\n")).toBe(";");
    expect(guessSeparator("Date,Amount\n2026-03-10,-12.50\n2026-03-11,3\n")).toBe(",");
    expect(guessSeparator("Date\tAmount\n2026-03-10\t-12.50\n")).toBe("\t");
    expect(guessSeparator("Date|Amount|Memo\n2026-03-10|-12.50|x\n")).toBe("|");
  });

  it("reads quotes (separators and doubled quotes inside) with physical line numbers", () => {
    const records = readRecords('Data;Descrição\n\n10/03/2026;"Bar ""do Zé""; centro"\n', ";");
    expect(records).toEqual([
      { lineNumber: 1, cells: ["Data", "Descrição"] },
      { lineNumber: 3, cells: ["10/03/2026", 'Bar "do Zé"; centro'] },
    ]);
    expect(usualColumnCount(records)).toBe(2);
  });

  it("refuses a file whose quote is never closed, whatever the separator guessed", () => {
    const text = 'Data;Descrição;Valor\n10/03/2026;"Padaria;-1,00\n11/03/2026;Posto;-2,00\n';
    expect(guessSeparator(text)).toBe(";");
    expect(refusal(() => readRecords(text, ";"))).toEqual({
      status: 400,
      key: "validation.importUnreadable",
    });
  });
});

describe("columns and lines", () => {
  const records = readRecords(
    [
      "Data Lançamento;Histórico;Valor (R$);Saldo",
      "10/03/2026;Padaria;-12,50;100,00",
      "11/03/2026;Salário;3.000,00;3.100,00",
      "32/03/2026;Mercado;-1,00;0",
      "12/03/2026;Farmácia;abc;0",
      "13/03/2026;Posto;-50,00;0;extra",
      "14/03/2026;Cinema;-20,00;0;",
    ].join("\n"),
    ";",
  );
  const [header, ...rows] = records;

  it("find a header and map pt, en and es column names", () => {
    expect(looksLikeHeader(header)).toBe(true);
    expect(looksLikeHeader(rows[0])).toBe(false);
    expect(guessColumns(header?.cells ?? [], rows)).toEqual({ date: 0, description: 1, amount: 2 });
    expect(guessColumns(["Fecha", "Importe", "Concepto"], [])).toEqual({
      date: 0,
      description: 2,
      amount: 1,
    });
    expect(guessColumns(["Amount", "Description", "Date"], [])).toEqual({
      date: 2,
      description: 1,
      amount: 0,
    });
  });

  it("map columns from the values when there is no header", () => {
    const plain = readRecords("Mercado Central;-12,50;10/03/2026\nPadaria;-3,00;11/03/2026\n", ";");
    expect(guessColumns(["1", "2", "3"], plain)).toEqual({ date: 2, description: 0, amount: 1 });
  });

  it("give each line its date, positive amount, sign and first error", () => {
    const settings = {
      columns: { date: 0, description: 1, amount: 2 },
      dateFormat: "dd/mm/yyyy",
      amountFormat: "comma",
      spendingSign: "negative",
      maxColumns: 4,
    } as const;
    const lines = rows.map((row) => parseLine(row, settings));
    expect(lines.map((l) => [l.lineNumber, l.date, l.amount, l.errorKey, l.notSpending])).toEqual([
      [2, "2026-03-10", "12.50", null, false],
      [3, "2026-03-11", "3000.00", null, true],
      [4, null, "1.00", "validation.importDateInvalid", false],
      [5, "2026-03-12", null, "validation.importAmountInvalid", false],
      [6, "2026-03-13", "50.00", "validation.importTooManyColumns", false],
      // A trailing separator leaves an empty last cell: not a column too many.
      [7, "2026-03-14", "20.00", null, false],
    ]);
  });

  it("check the description as the expense form does", () => {
    const settings = {
      columns: { date: 0, description: 1, amount: 2 },
      dateFormat: "yyyy-mm-dd",
      amountFormat: "dot",
      spendingSign: "positive",
      maxColumns: 3,
    } as const;
    const line = (description: string, amount = "5") =>
      parseLine({ lineNumber: 1, cells: ["2026-03-10", description, amount] }, settings);
    expect(line("  Padaria   do  Zé ").description).toBe("Padaria do Zé");
    expect(line(" ").errorKey).toBe("validation.descriptionRequired");
    expect(line("x".repeat(201)).errorKey).toBe("validation.descriptionMax");
    expect(line("a\u202eb").errorKey).toBe("validation.textCharacters");
    expect(line("Zero", "0").errorKey).toBe("validation.amountPositive");
    expect(line("Refund", "-5").notSpending).toBe(true);
  });

  it("fold descriptions for comparisons", () => {
    expect(foldText("  PADARIA  São   João ")).toBe("padaria sao joao");
  });
});

describe("looksLikeTransfer", () => {
  it.each([
    "TED ENVIADA 341 0001 JOAO",
    "DOC 237 MARIA",
    "PIX ENVIADO MARIA SILVA",
    "Pix recebido - João",
    "TRANSF ENTRE CONTAS",
    "Transferência recebida",
    "TEF CONTA POUPANCA",
  ])("reads '%s' as money sent between accounts", (description) => {
    expect(looksLikeTransfer(description)).toBe(true);
  });

  it.each(["SALARIO EMPRESA", "ESTORNO MERCADO", "PIX QR CODE PADARIA", "DOCERIA DA ANA", "TEDDY"])(
    "does not read '%s' so",
    (description) => {
      expect(looksLikeTransfer(description)).toBe(false);
    },
  );
});

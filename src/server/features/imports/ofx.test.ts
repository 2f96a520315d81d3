import { describe, expect, it } from "vitest";
import { looksLikeOfx, OfxReadError, readOfx } from "./ofx";

/** The rules under test are those of docs/product.md#ofx-import. */

const utf8 = (text: string) => new TextEncoder().encode(text);

/** windows-1252 bytes: ASCII as is, and the accented letters these fixtures use. */
const CP1252: Record<string, number> = { ç: 0xe7, ã: 0xe3, é: 0xe9, Ç: 0xc7, á: 0xe1, ó: 0xf3 };
function cp1252(text: string): Uint8Array {
  return Uint8Array.from([...text], (char) => {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x80) return code;
    const byte = CP1252[char];
    if (byte === undefined) throw new Error(`no windows-1252 byte for ${char} in this test`);
    return byte;
  });
}

const SGML_HEADER = `OFXHEADER:100
DATA:OFXSGML
VERSION:102
SECURITY:NONE
ENCODING:USASCII
CHARSET:1252
COMPRESSION:NONE
OLDFILEUID:NONE
NEWFILEUID:NONE
`;

/** An OFX 1.x bank statement around these STMTTRN rows, the way most Brazilian banks write it. */
function bankFile(rows: string, { header = SGML_HEADER, ledger = "" } = {}) {
  return `${header}
<OFX>
<SIGNONMSGSRSV1>
<SONRS>
<STATUS>
<CODE>0
<SEVERITY>INFO
</STATUS>
<DTSERVER>20261201120000[-3:BRT]
<LANGUAGE>POR
</SONRS>
</SIGNONMSGSRSV1>
<BANKMSGSRSV1>
<STMTTRNRS>
<TRNUID>1001
<STATUS>
<CODE>0
<SEVERITY>INFO
</STATUS>
<STMTRS>
<CURDEF>BRL
<BANKACCTFROM>
<BANKID>0341
<ACCTID>12345-6
<ACCTTYPE>CHECKING
</BANKACCTFROM>
<BANKTRANLIST>
<DTSTART>20261101
<DTEND>20261130
${rows}
</BANKTRANLIST>
${ledger}
</STMTRS>
</STMTTRNRS>
</BANKMSGSRSV1>
</OFX>
`;
}

const row = (date: string, amount: string, memo: string, fitId = `${date}${amount}`) => `<STMTTRN>
<TRNTYPE>${amount.startsWith("-") ? "DEBIT" : "CREDIT"}
<DTPOSTED>${date}
<TRNAMT>${amount}
<FITID>${fitId}
<MEMO>${memo}
</STMTTRN>`;

const failure = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof OfxReadError) return { key: error.messageKey, line: error.line };
    throw error;
  }
  throw new Error("expected an OfxReadError");
};

/** The 1-based line where `needle` starts in `text`. */
function lineOf(text: string, needle: string): number {
  const at = text.indexOf(needle);
  if (at === -1) throw new Error(`${needle} is not in the fixture`);
  return text.slice(0, at).split("\n").length;
}

describe("readOfx: charsets", () => {
  it("reads an Itaú-style 1.x file in windows-1252 bytes, accents included", () => {
    const file = bankFile(
      `<STMTTRN>
<TRNTYPE>DEBIT
<DTPOSTED>20261105100000[-3:BRT]
<TRNAMT>-45,90
<FITID>20261105001
<CHECKNUM>000123
<NAME>Padaria Conceição
<MEMO>Café da manhã
</STMTTRN>
<STMTTRN>
<TRNTYPE>CREDIT
<DTPOSTED>20261106
<TRNAMT>1500,00
<FITID>20261106002
<MEMO>PIX TRANSF MARIA 12/03
</STMTTRN>`,
      { ledger: "<LEDGERBAL>\n<BALAMT>3210,55\n<DTASOF>20261130\n</LEDGERBAL>" },
    );
    const statement = readOfx(cp1252(file));

    expect(statement.kind).toBe("bank");
    expect(statement.bankId).toBe("0341");
    expect(statement.accountId).toBe("12345-6");
    expect(statement.currency).toBe("BRL");
    expect(statement.ledgerBalance).toEqual({ amount: "3210.55", date: "2026-11-30" });
    expect(statement.transactions).toEqual([
      {
        fitId: "20261105001",
        type: "DEBIT",
        date: "2026-11-05",
        amount: "-45.90",
        name: "Padaria Conceição",
        memo: "Café da manhã",
        checkNumber: "000123",
      },
      {
        fitId: "20261106002",
        type: "CREDIT",
        date: "2026-11-06",
        amount: "1500.00",
        name: "",
        memo: "PIX TRANSF MARIA 12/03",
        checkNumber: null,
      },
    ]);
  });

  it("reads windows-1252 bytes mislabelled CHARSET:NONE as windows-1252", () => {
    const header = SGML_HEADER.replace("CHARSET:1252", "CHARSET:NONE");
    const file = bankFile(row("20261110", "-89,90", "Farmácia São João"), { header });
    expect(readOfx(cp1252(file)).transactions[0]?.memo).toBe("Farmácia São João");
  });

  it("keeps to UTF-8 when the header says so explicitly, even over invalid bytes", () => {
    const header = SGML_HEADER.replace("ENCODING:USASCII", "ENCODING:UTF-8");
    const file = bankFile(row("20261110", "-89,90", "Farmácia"), { header });
    expect(readOfx(cp1252(file)).transactions[0]?.memo).toBe("Farm\uFFFDcia");
  });

  it("reads CHARSET:ISO-8859-1 as latin-1", () => {
    const header = SGML_HEADER.replace("CHARSET:1252", "CHARSET:ISO-8859-1");
    const file = bankFile(row("20261110", "-12,00", "Açaí"), { header });
    const bytes = Uint8Array.from([...file], (char) => char.codePointAt(0) ?? 0);
    expect(readOfx(bytes).transactions[0]?.memo).toBe("Açaí");
  });

  it("reads an OFX 2.x XML file in UTF-8, closing tags and all", () => {
    const file = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
<OFX>
  <SIGNONMSGSRSV1><SONRS><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>
    <DTSERVER>20261201120000[-3:BRT]</DTSERVER><LANGUAGE>POR</LANGUAGE></SONRS></SIGNONMSGSRSV1>
  <BANKMSGSRSV1>
    <STMTTRNRS>
      <TRNUID>1</TRNUID>
      <STMTRS>
        <CURDEF>BRL</CURDEF>
        <BANKACCTFROM><BANKID>0260</BANKID><ACCTID>9876543-2</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>
        <BANKTRANLIST>
          <DTSTART>20261101000000[-3:BRT]</DTSTART>
          <DTEND>20261130000000[-3:BRT]</DTEND>
          <STMTTRN>
            <TRNTYPE>DEBIT</TRNTYPE>
            <DTPOSTED>20261112000000[-3:BRT]</DTPOSTED>
            <TRNAMT>-32.50</TRNAMT>
            <FITID>6543a1b2-0001</FITID>
            <MEMO>IFD*RESTAURANTE Pão de Açúcar</MEMO>
          </STMTTRN>
          <STMTTRN>
            <TRNTYPE>CREDIT</TRNTYPE>
            <DTPOSTED>20261113000000[-3:BRT]</DTPOSTED>
            <TRNAMT>250.00</TRNAMT>
            <FITID>6543a1b2-0002</FITID>
            <MEMO>Transferência recebida</MEMO>
          </STMTTRN>
        </BANKTRANLIST>
        <LEDGERBAL><BALAMT>1017.43</BALAMT><DTASOF>20261130000000[-3:BRT]</DTASOF></LEDGERBAL>
      </STMTRS>
    </STMTTRNRS>
  </BANKMSGSRSV1>
</OFX>
`;
    const statement = readOfx(utf8(file));
    expect(statement.bankId).toBe("0260");
    expect(statement.accountId).toBe("9876543-2");
    expect(statement.ledgerBalance).toEqual({ amount: "1017.43", date: "2026-11-30" });
    expect(statement.transactions.map((t) => [t.fitId, t.date, t.amount, t.memo])).toEqual([
      ["6543a1b2-0001", "2026-11-12", "-32.50", "IFD*RESTAURANTE Pão de Açúcar"],
      ["6543a1b2-0002", "2026-11-13", "250.00", "Transferência recebida"],
    ]);
  });
});

describe("readOfx: dates never move a day", () => {
  it.each([
    ["[-3:BRT]", "20261130[-3:BRT]"],
    ["[-3:BRT] with a time just before midnight", "20261130235959[-3:BRT]"],
    ["[-03:EST]", "20261130[-03:EST]"],
    ["[-03:EST] with a time and milliseconds", "20261130235959.999[-03:EST]"],
    ["no zone", "20261130"],
    ["no zone with a time", "20261130000000"],
  ])("keeps 20261130 as 2026-11-30 with %s", (_, dtPosted) => {
    const [transaction] = readOfx(
      utf8(bankFile(row(dtPosted, "-10,00", "UBER *TRIP"))),
    ).transactions;
    expect(transaction?.date).toBe("2026-11-30");
  });

  it("reads a leap day and returns future-dated rows as they are", () => {
    const rows = `${row("20280229", "-10,00", "PARC 03/10 MAGAZINE")}\n${row("20991231", "-5,00", "UBER *TRIP")}`;
    expect(readOfx(utf8(bankFile(rows))).transactions.map((t) => t.date)).toEqual([
      "2028-02-29",
      "2099-12-31",
    ]);
  });

  it("reads DTASOF 00000000 as a balance without a date", () => {
    const ledger = "<LEDGERBAL>\n<BALAMT>-150,00\n<DTASOF>00000000\n</LEDGERBAL>";
    expect(readOfx(utf8(bankFile("", { ledger }))).ledgerBalance).toEqual({
      amount: "-150.00",
      date: null,
    });
  });
});

describe("readOfx: amounts", () => {
  it.each([
    ["-123,45", "-123.45"],
    ["1.234,56", "1234.56"],
    ["-1.234.567,89", "-1234567.89"],
    ["1,234.56", "1234.56"],
    ["1234", "1234.00"],
    ["+10.5", "10.50"],
    ["-10.500", "-10.50"],
    ["0,5", "0.50"],
    ["-0,00", "0.00"],
    ["007,10", "7.10"],
  ])("reads TRNAMT %s as %s", (trnAmt, amount) => {
    const [transaction] = readOfx(
      utf8(bankFile(row("20261110", trnAmt, "PAG*JoseDaSilva"))),
    ).transactions;
    expect(transaction?.amount).toBe(amount);
  });

  it("reads a balance without a decimal point, and one with a comma", () => {
    const plain = "<LEDGERBAL>\n<BALAMT>1234\n<DTASOF>20261130\n</LEDGERBAL>";
    expect(readOfx(utf8(bankFile("", { ledger: plain }))).ledgerBalance?.amount).toBe("1234.00");
    const comma = "<LEDGERBAL>\n<BALAMT>1.234,5\n<DTASOF>20261130\n</LEDGERBAL>";
    expect(readOfx(utf8(bankFile("", { ledger: comma }))).ledgerBalance?.amount).toBe("1234.50");
  });

  it("leaves out a ledger balance the file does not have", () => {
    expect(readOfx(utf8(bankFile(""))).ledgerBalance).toBeNull();
  });
});

describe("readOfx: statements and rows", () => {
  it("keeps both rows of a duplicated FITID, in file order", () => {
    const rows = `${row("20261103", "-59,90", "SUPERMERCADO ZONA SUL", "ABC123")}
${row("20261104", "-59,90", "SUPERMERCADO ZONA SUL", "ABC123")}`;
    const { transactions } = readOfx(utf8(bankFile(rows)));
    expect(transactions.map((t) => [t.fitId, t.date])).toEqual([
      ["ABC123", "2026-11-03"],
      ["ABC123", "2026-11-04"],
    ]);
  });

  it("reads a credit card statement (CREDITCARDMSGSRSV1/CCSTMTRS) as a card", () => {
    const file = `${SGML_HEADER}
<OFX>
<CREDITCARDMSGSRSV1>
<CCSTMTTRNRS>
<TRNUID>1
<STATUS><CODE>0<SEVERITY>INFO</STATUS>
<CCSTMTRS>
<CURDEF>BRL
<CCACCTFROM>
<ACCTID>5502********1234
</CCACCTFROM>
<BANKTRANLIST>
<DTSTART>20261001
<DTEND>20261031
<STMTTRN>
<TRNTYPE>PAYMENT
<DTPOSTED>20261010
<TRNAMT>-89,90
<FITID>nu-0001
<NAME>PARC 03/10 MAGAZINE
</STMTTRN>
<STMTTRN>
<TRNTYPE>CREDIT
<DTPOSTED>20261015
<TRNAMT>1200,00
<FITID>nu-0002
<NAME>PAGAMENTO RECEBIDO
</STMTTRN>
</BANKTRANLIST>
<LEDGERBAL>
<BALAMT>-2345,67
<DTASOF>20261031
</LEDGERBAL>
</CCSTMTRS>
</CCSTMTTRNRS>
</CREDITCARDMSGSRSV1>
</OFX>`;
    const statement = readOfx(utf8(file));
    expect(statement.kind).toBe("card");
    expect(statement.bankId).toBeNull();
    expect(statement.accountId).toBe("5502********1234");
    expect(statement.ledgerBalance).toEqual({ amount: "-2345.67", date: "2026-10-31" });
    expect(statement.transactions.map((t) => [t.type, t.amount, t.name])).toEqual([
      ["PAYMENT", "-89.90", "PARC 03/10 MAGAZINE"],
      ["CREDIT", "1200.00", "PAGAMENTO RECEBIDO"],
    ]);
  });

  it("reads only the first statement of a file that holds two", () => {
    const first = bankFile(row("20261101", "-1,00", "PAGTO FATURA"));
    const second = bankFile(row("20261102", "-2,00", "UBER *TRIP")).replace("0341", "0237");
    const both = first.replace("</OFX>", second.slice(second.indexOf("<BANKMSGSRSV1>")));
    const statement = readOfx(utf8(both));
    expect(statement.bankId).toBe("0341");
    expect(statement.transactions.map((t) => t.memo)).toEqual(["PAGTO FATURA"]);
  });

  it("reads fields that are absent as null or empty", () => {
    const rows = `<STMTTRN>
<DTPOSTED>20261120
<TRNAMT>-5,00
</STMTTRN>`;
    expect(readOfx(utf8(bankFile(rows))).transactions).toEqual([
      {
        fitId: null,
        type: null,
        date: "2026-11-20",
        amount: "-5.00",
        name: "",
        memo: "",
        checkNumber: null,
      },
    ]);
  });

  it("does not let an empty unclosed field swallow the fields after it", () => {
    const rows = `<STMTTRN>
<TRNTYPE>DEBIT
<DTPOSTED>20261120
<NAME>
<TRNAMT>-5,00
<FITID>X1
<MEMO>UBER *TRIP
</STMTTRN>
${row("20261121", "-6,00", "IFD*RESTAURANTE")}`;
    const { transactions } = readOfx(utf8(bankFile(rows)));
    expect(transactions.map((t) => [t.fitId, t.name, t.memo, t.amount])).toEqual([
      ["X1", "", "UBER *TRIP", "-5.00"],
      ["20261121-6,00", "", "IFD*RESTAURANTE", "-6.00"],
    ]);
  });
});

describe("readOfx: layout quirks", () => {
  it("reads a file with everything on one line", () => {
    const oneLine = bankFile(
      `${row("20261105", "-19,90", "UBER *TRIP")}${row("20261106", "-42,00", "IFD*RESTAURANTE")}`,
      { header: SGML_HEADER.replace(/\n/g, " ") },
    ).replace(/\n/g, "");
    expect(oneLine).not.toContain("\n");
    expect(readOfx(utf8(oneLine)).transactions.map((t) => [t.memo, t.amount])).toEqual([
      ["UBER *TRIP", "-19.90"],
      ["IFD*RESTAURANTE", "-42.00"],
    ]);
  });

  it("reads lowercase tags", () => {
    const lower = bankFile(row("20261105", "-19,90", "UBER *TRIP")).replace(
      /<(\/?)([A-Z0-9.]+)>/g,
      (_, slash: string, name: string) => `<${slash}${name.toLowerCase()}>`,
    );
    expect(lower).toContain("<stmttrn>");
    const statement = readOfx(utf8(lower));
    expect(statement.bankId).toBe("0341");
    expect(statement.transactions[0]).toMatchObject({
      date: "2026-11-05",
      amount: "-19.90",
      memo: "UBER *TRIP",
    });
  });

  it("reads CRLF, tabs, closed leaf tags and a header without a blank line", () => {
    const file = `${SGML_HEADER}<OFX>
<BANKMSGSRSV1>\t<STMTTRNRS>
<STMTRS>
\t<CURDEF>BRL</CURDEF>
\t<BANKTRANLIST>
\t\t<STMTTRN>
\t\t\t<TRNTYPE>DEBIT</TRNTYPE>
\t\t\t<DTPOSTED>20261130</DTPOSTED>
\t\t\t<TRNAMT>-7,50
\t\t\t<MEMO>PAG*JoseDaSilva</MEMO>
\t\t</STMTTRN>
\t</BANKTRANLIST>
</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
`.replace(/\n/g, "\r\n");
    expect(file).toContain("NEWFILEUID:NONE\r\n<OFX>\r\n");
    const statement = readOfx(utf8(file));
    expect(statement.currency).toBe("BRL");
    expect(statement.transactions).toEqual([
      {
        fitId: null,
        type: "DEBIT",
        date: "2026-11-30",
        amount: "-7.50",
        name: "",
        memo: "PAG*JoseDaSilva",
        checkNumber: null,
      },
    ]);
  });

  it("decodes entities and collapses whitespace in names and memos", () => {
    const rows = `<STMTTRN>
<TRNTYPE>DEBIT
<DTPOSTED>20261120
<TRNAMT>-5,00
<FITID>A&amp;B
<NAME>  M&amp;M   &lt;LOJA&gt;
<MEMO>&quot;Casa&quot; &apos;Bela&apos; &#80;&#x49;X  caf&#233;
</STMTTRN>`;
    const [transaction] = readOfx(utf8(bankFile(rows))).transactions;
    expect(transaction?.fitId).toBe("A&B");
    expect(transaction?.name).toBe("M&M <LOJA>");
    expect(transaction?.memo).toBe(`"Casa" 'Bela' PIX café`);
  });
});

describe("readOfx: errors say what and where", () => {
  it("refuses a file with no OFX body", () => {
    const csv = "data;descricao;valor\n10/11/2026;UBER *TRIP;-19,90\n";
    expect(failure(() => readOfx(utf8(csv)))).toEqual({ key: "validation.ofxNotOfx", line: null });
    expect(failure(() => readOfx(utf8(SGML_HEADER)))).toEqual({
      key: "validation.ofxNotOfx",
      line: null,
    });
  });

  it("refuses a file with no statement", () => {
    const file = `${SGML_HEADER}\n<OFX>\n<SIGNONMSGSRSV1>\n<SONRS>\n<STATUS>\n<CODE>0\n</STATUS>\n</SONRS>\n</SIGNONMSGSRSV1>\n</OFX>\n`;
    expect(failure(() => readOfx(utf8(file)))).toEqual({
      key: "validation.ofxNoStatement",
      line: null,
    });
  });

  it.each(["2026113", "2026-11-30", "20260230", "20250229", "20261301", "00000000", ""])(
    "refuses DTPOSTED %j on its line",
    (dtPosted) => {
      const file = bankFile(
        `${row("20261101", "-1,00", "UBER *TRIP")}\n${row(dtPosted, "-2,00", "IFD*RESTAURANTE")}`,
      );
      const expected = lineOf(file, `<DTPOSTED>${dtPosted}\n<TRNAMT>-2,00`);
      expect(expected).toBeGreaterThan(30);
      expect(failure(() => readOfx(utf8(file)))).toEqual({
        key: "validation.ofxBadDate",
        line: expected,
      });
    },
  );

  it("refuses a row without DTPOSTED at the row's line", () => {
    const file = bankFile("<STMTTRN>\n<TRNAMT>-1,00\n</STMTTRN>");
    expect(failure(() => readOfx(utf8(file)))).toEqual({
      key: "validation.ofxBadDate",
      line: lineOf(file, "<STMTTRN>"),
    });
  });

  it.each(["abc", "-10,555", "1.234", "1,234,56", "12.34,56", "R$ 10,00", "10,00-", ",", ""])(
    "refuses TRNAMT %j on its line",
    (trnAmt) => {
      const file = bankFile(row("20261101", trnAmt, "PAGTO FATURA", "F1"));
      const expected = lineOf(file, `<TRNAMT>${trnAmt}\n`);
      expect(failure(() => readOfx(utf8(file)))).toEqual({
        key: "validation.ofxBadAmount",
        line: expected,
      });
    },
  );

  it("counts lines the same with CRLF line ends", () => {
    const file = bankFile(
      `${row("20261101", "-1,00", "UBER *TRIP")}\n${row("20261199", "-2,00", "UBER *TRIP")}`,
    );
    expect(failure(() => readOfx(utf8(file.replace(/\n/g, "\r\n"))))).toEqual({
      key: "validation.ofxBadDate",
      line: lineOf(file, "<DTPOSTED>20261199"),
    });
  });
});

describe("looksLikeOfx", () => {
  it.each([
    ["an OFX 1.x header", SGML_HEADER],
    ["a header after a BOM and blank lines", `\uFEFF\r\n\r\n${SGML_HEADER}`],
    [
      "an OFX 2.x file",
      `<?xml version="1.0" encoding="UTF-8"?>\n<?OFX OFXHEADER="200" VERSION="220"?>\n<OFX>`,
    ],
    ["a bare <OFX> body", "  <OFX>\n<BANKMSGSRSV1>"],
  ])("is true for %s", (_, text) => {
    expect(looksLikeOfx(utf8(text))).toBe(true);
  });

  it.each([
    ["a CSV", "data;descricao;valor\n10/11/2026;UBER *TRIP;-19,90\n"],
    ["a CSV that mentions OFX later", "data;descricao\n10/11/2026;<OFX> OFXHEADER:100\n"],
    ["an empty file", ""],
    ["another XML file", `<?xml version="1.0"?><html></html>`],
  ])("is false for %s", (_, text) => {
    expect(looksLikeOfx(utf8(text))).toBe(false);
  });
});

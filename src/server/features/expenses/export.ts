import type { Readable } from "node:stream";
import { type CastReturnObject, type Stringifier, stringify } from "csv-stringify";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Language } from "../../../contract/common";
import type { ExpenseFilterQuery } from "../../../contract/expenses";
import { displayNameOf } from "../../../domain/person-name";
import type { Db } from "../../db/client";
import { categories, expenses, familyMembers, paymentMethods, users } from "../../db/schema";
import { maskedRow, seenExpenses, seenMethods } from "../../db/seen-by";
import type { FamilyScope } from "../../http/family-scope";
import { translate } from "../../i18n";
import { afterKey, createdAtKey, expenseFilters, listOrder, type PageKey } from "./service";

/*
 * GET /api/expenses/export.csv (docs/product.md#exporting-to-csv): every expense the Expenses
 * screen's filters match, in its order, as a CSV file a spreadsheet in the person's language
 * opens as it is. Ten years of a household are 50,000 rows, so they never sit in memory at once:
 * keyset pages of EXPORT_BATCH rows on the list's index, written into csv-stringify only as fast
 * as the reply takes them (its write() answers false when the buffers are full; the next row
 * waits for 'drain').
 *
 * Each page is one short statement of its own, outside any transaction, on whichever pooled
 * connection is free: while the export waits for a slow or stalled reader it holds no connection
 * and no transaction (docs/internals/data.md#csv-export), so readers that never read cannot take
 * the pool from everybody else. The price is one snapshot per page instead of one per file:
 * pages follow the keyset (date, created_at, id) from where the last one ended, so an expense
 * that is there for the whole download is written exactly once, in order; one added or deleted
 * during it is in the file if its page is read after the change; one whose date is changed during
 * it may be missing or written twice (it moved across the page boundary); each row is as it was
 * when its page was read.
 */

const EXPORT_BATCH = 1000;

type CsvFormat = {
  delimiter: "," | ";";
  /** "1234.56" (numeric(10,2)'s text) as the spreadsheet reads a number. */
  amount: (value: string) => string;
  /** "YYYY-MM-DD" as the spreadsheet reads a date. */
  date: (value: string) => string;
};

const dayFirst = (value: string) =>
  `${value.slice(8, 10)}/${value.slice(5, 7)}/${value.slice(0, 4)}`;
const decimalComma = (value: string) => value.replace(".", ",");

/**
 * The list separator and decimal mark of a spreadsheet set to the language: in Portuguese and
 * Spanish locales the comma is the decimal mark, so fields are separated by semicolons; dates are
 * day first there, ISO in English (which every spreadsheet reads as a date). No thousands
 * separator: a spreadsheet would read "1.234,56" as text in some locales.
 */
const csvFormats: Record<Language, CsvFormat> = {
  en: { delimiter: ",", amount: (value) => value, date: (value) => value },
  pt: { delimiter: ";", amount: decimalComma, date: dayFirst },
  es: { delimiter: ";", amount: decimalComma, date: dayFirst },
};

// "Pago com" last, so the columns a spreadsheet already reads by position keep their places.
const columns = [
  "date",
  "description",
  "category",
  "amount",
  "paidBy",
  "addedBy",
  "paymentMethod",
] as const;

/** The file's name in the language, from the date filter: gastos-2026-11-01-a-2026-11-30.csv. */
export function exportFilename(
  language: Language,
  query: Pick<ExpenseFilterQuery, "from" | "to">,
): string {
  const key = query.from && query.to ? "range" : query.from ? "from" : query.to ? "to" : "all";
  return translate(language, `csvExport.filename.${key}`, { from: query.from, to: query.to });
}

/**
 * The names of the people `ids` point at, as the screens name them: a current member by name,
 * else first and last name, else e-mail; a former member by name only (their e-mail is not
 * shared, as in /api/family/people); nobody known, "former member".
 */
async function namesOf(
  db: Db,
  familyId: string,
  ids: string[],
): Promise<Map<string, string | null>> {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      firstName: users.firstName,
      lastName: users.lastName,
      email: sql<
        string | null
      >`case when ${familyMembers.userId} is not null then ${users.email} end`,
    })
    .from(users)
    .leftJoin(
      familyMembers,
      and(eq(familyMembers.userId, users.id), eq(familyMembers.familyId, familyId)),
    )
    .where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, displayNameOf(row)]));
}

/**
 * The export as a stream of CSV text (UTF-8, with a byte order mark, so spreadsheets read the
 * accents right): the header row in the language, then one row per expense. A failure after the
 * first bytes destroys the stream (the reply is cut short and the error logged, the process goes
 * on); a reader that goes away stops the pages.
 */
export function exportExpensesCsv(
  db: Db,
  scope: FamilyScope,
  query: ExpenseFilterQuery,
  language: Language,
  batchSize = EXPORT_BATCH,
): Readable {
  const format = csvFormats[language];
  const t = (key: string) => translate(language, key);
  const csv = stringify({
    bom: true,
    header: true,
    columns: columns.map((key) => ({ key, header: t(`csvExport.columns.${key}`) })),
    delimiter: format.delimiter,
    record_delimiter: "\r\n",
    // OWASP's CSV injection rule: a cell starting with = + - @ (or tab, CR) gets a leading
    // single quote, so no spreadsheet runs it as a formula.
    escape_formulas: true,
    cast: {
      // Except the amount: a number the database wrote (format.amount of a numeric), never text a
      // person typed, whose minus sign (a refund, docs/product.md#refunds) must stay a number the
      // spreadsheet reads, not "'-40,00" text. csv-stringify merges the options a cast returns.
      string: (value, context) =>
        context.column === "amount" && !context.header
          ? ({ value, escape_formulas: false } as CastReturnObject)
          : value,
    },
  });
  const uncategorised = t("csvExport.uncategorised");
  const formerMember = t("csvExport.formerMember");
  const privateExpense = t("csvExport.privateExpense");
  // Each person's name, looked up once per export when a batch first meets them (a household
  // has a handful): the rows carry ids only. A deleted account leaves a null id.
  const names = new Map<string, string | null>();
  const nameOf = (id: string | null) => (id ? names.get(id) : null) ?? formerMember;
  const filters = expenseFilters(scope, query);

  const write = async () => {
    let after: PageKey | undefined;
    for (;;) {
      const rows = await db
        .select({
          date: expenses.date,
          description: expenses.description,
          amount: expenses.amount,
          id: expenses.id,
          key: createdAtKey,
          category: categories.name,
          paidBy: expenses.paidByUserId,
          addedBy: expenses.addedByUserId,
          paymentMethod: paymentMethods.name,
          hidden: sql<boolean>`${maskedRow()}`,
        })
        .from(seenExpenses(scope))
        .leftJoin(categories, eq(categories.id, expenses.categoryId))
        .leftJoin(seenMethods(scope), eq(paymentMethods.id, expenses.paymentMethodId))
        .where(and(...filters, ...(after ? [afterKey(after)] : [])))
        .orderBy(...listOrder)
        .limit(batchSize);
      const unknown = new Set<string>();
      for (const row of rows) {
        if (row.hidden) continue;
        for (const id of [row.paidBy, row.addedBy]) if (id && !names.has(id)) unknown.add(id);
      }
      if (unknown.size > 0) {
        for (const [id, name] of await namesOf(db, scope.familyId, [...unknown]))
          names.set(id, name);
      }
      for (const row of rows) {
        if (csv.destroyed) return;
        // Another member's private expense: its date and amount, nothing of whose or what it is.
        const record = row.hidden
          ? {
              date: format.date(row.date),
              description: privateExpense,
              category: "",
              amount: format.amount(row.amount),
              paidBy: "",
              addedBy: "",
              paymentMethod: "",
            }
          : {
              date: format.date(row.date),
              description: row.description,
              category: row.category ?? uncategorised,
              amount: format.amount(row.amount),
              paidBy: nameOf(row.paidBy),
              addedBy: nameOf(row.addedBy),
              paymentMethod: row.paymentMethod ?? "",
            };
        if (!csv.write(record)) await drained(csv);
      }
      const last = rows.at(-1);
      if (rows.length < batchSize || !last) break;
      after = { date: last.date, createdAt: last.key, id: last.id };
    }
    if (!csv.destroyed) csv.end();
  };

  write().catch((error: unknown) =>
    csv.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return csv;
}

/** Until the stream takes more, or is gone (the reader left: the loop then stops). */
const drained = (stream: Stringifier) =>
  new Promise<void>((resolve) => {
    const done = () => {
      stream.off("drain", done);
      stream.off("close", done);
      resolve();
    };
    stream.once("drain", done);
    stream.once("close", done);
  });

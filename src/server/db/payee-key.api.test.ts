import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payeeKey } from "../../domain/payee";
import { PAYEE_CASES } from "../../domain/testing/payee-cases";
import { createTestDatabase } from "../testing/test-database";
import type { Database } from "./client";

/**
 * The SQL's payee_key() (src/server/db/functions/payees.sql) answers what the TypeScript's
 * payeeKey (src/domain/payee.ts) does: on every case of the rule's table, and on random lines
 * built from the words, numbers and marks statements write, where the two regular-expression
 * engines could part. One statement per batch.
 */

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function inSql(descriptions: readonly string[]): Promise<string[]> {
  const { rows } = await database.pool.query<{ key: string }>(
    `select payee_key(t.d) as key from unnest($1::text[]) with ordinality as t(d, i) order by t.i`,
    [descriptions],
  );
  return rows.map((row) => row.key);
}

/** Pieces of statement lines: names, prefixes, places, numbers, dates, marks, accents. */
const PIECES = [
  "PAG*",
  "MP *",
  "IFD*",
  "UBER",
  "*TRIP",
  "EATS",
  "99APP",
  "PIX",
  "TRANSF",
  "ENVIADO",
  "PARA",
  "MARIA",
  "JOSÉ",
  "Pão",
  "DE",
  "AÇÚCAR",
  "CARREFOUR",
  "LJ",
  "FL",
  "123",
  "0045",
  "12/03",
  "03/10",
  "PARC",
  "14:32",
  "SAO",
  "PAULO",
  "SP",
  "RJ",
  "BR",
  "BRA",
  "S/A",
  "S.A.",
  "LTDA",
  "RIO",
  "JANEIR",
  ".COM",
  ".COM.BR",
  "WWW.",
  "#",
  "-",
  "*",
  " ",
  "  ",
  "Ø",
  "ß",
  "K",
  "İ",
  "ﬁ",
];

describe("payee_key() in SQL (docs/product.md#csv-import)", () => {
  it("answers each case of the rule's table as payeeKey does", async () => {
    const descriptions = PAYEE_CASES.map(([description]) => description);
    expect(await inSql(descriptions)).toEqual(descriptions.map(payeeKey));
    expect(await inSql(descriptions)).toEqual(PAYEE_CASES.map(([, key]) => key));
  });

  it("answers random statement lines as payeeKey does", async () => {
    const lines = fc.sample(
      fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 8 }).chain((pieces) =>
        fc
          .array(fc.constantFrom(" ", "", "*"), {
            minLength: pieces.length,
            maxLength: pieces.length,
          })
          .map((glue) => pieces.map((piece, i) => `${piece}${glue[i]}`).join("")),
      ),
      { numRuns: 3000, seed: 20240312 },
    );
    const fromSql = await inSql(lines);
    const differing = lines.flatMap((line, i) =>
      fromSql[i] === payeeKey(line) ? [] : [{ line, sql: fromSql[i], ts: payeeKey(line) }],
    );
    expect(differing).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category } from "../../../contract/categories";
import type { ImportPreview } from "../../../contract/imports";
import type { SignedIn } from "../../testing/api-helpers";
import {
  createCategory,
  createExpense,
  joinFamilyOf,
  signUpWithFamily,
} from "../../testing/family-helpers";
import { createTestApp, type TestApp } from "../../testing/test-app";

/**
 * The category a preview suggests for a line (docs/product.md#csv-import): the one the family
 * used most for the line's payee (domain/payee.ts), whatever the spelling, the most recent of
 * those tied; never from another member's private expenses (docs/product.md#private-expenses).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const base64 = (text: string) => Buffer.from(text, "utf8").toString("base64");

/** Each line's suggestion for a statement of one line per description. */
const suggestions = async (who: SignedIn, descriptions: string[]) => {
  const csv = [
    "Data;Histórico;Valor",
    ...descriptions.map((description) => `20/04/2026;${description};-10,00`),
  ].join("\n");
  const res = await t.app.inject({
    method: "POST",
    url: "/api/imports/preview",
    headers: { cookie: who.cookie },
    payload: { contentBase64: base64(csv) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as ImportPreview).lines.map((line) => line.suggestedCategoryId);
};

describe("the suggested category", () => {
  let owner: SignedIn & { familyId: string };
  let partner: SignedIn & { familyId: string };
  let market: Category;
  let home: Category;
  let health: Category;
  let leisure: Category;
  beforeAll(async () => {
    owner = await signUpWithFamily(t.app, { language: "pt" });
    partner = await joinFamilyOf(t.app, owner);
    market = await createCategory(t.app, owner, { name: "Mercado" });
    home = await createCategory(t.app, owner, { name: "Casa" });
    health = await createCategory(t.app, owner, { name: "Saúde" });
    leisure = await createCategory(t.app, owner, { name: "Lazer" });
    const spend = (who: SignedIn, categoryId: string, description: string, date: string) =>
      createExpense(t.app, who, { categoryId, description, amount: "25.00", date });
    // Three times Mercado, once Casa (the latest): the payee's most used wins.
    await spend(owner, market.id, "CARREFOUR LJ 123 SAO PAULO", "2026-01-10");
    await spend(owner, market.id, "Carrefour Lj 45", "2026-02-10");
    await spend(partner, market.id, "CARREFOUR 045 RIO DE JANEIRO RJ", "2026-03-01");
    await spend(owner, home.id, "CARREFOUR LJ 123 SAO PAULO", "2026-03-20");
    // Tied once each: the more recent use wins.
    await spend(owner, health.id, "DROGASIL 1234", "2026-01-05");
    await spend(owner, leisure.id, "Drogasil 77 Campinas", "2026-02-05");
  });

  it("is the category used most for the payee, whatever its spelling", async () => {
    expect(await suggestions(owner, ["Carrefour Lj 987", "PAG*CARREFOUR", "Carrefour"])).toEqual([
      market.id,
      market.id,
      market.id,
    ]);
  });

  it("is the most recently used of those tied", async () => {
    expect(await suggestions(owner, ["DROGASIL 9999 SAO PAULO SP"])).toEqual([leisure.id]);
  });

  it("is none for a payee the family never paid", async () => {
    expect(await suggestions(owner, ["PADARIA REAL"])).toEqual([null]);
  });

  it("never comes from another member's private expenses", async () => {
    const hidden = (description: string, categoryId: string) =>
      createExpense(t.app, partner, {
        categoryId,
        description,
        amount: "50.00",
        date: "2026-04-01",
        private: true,
      });
    // Four private Casa purchases would outnumber the three Mercado ones; a payee only the
    // partner's private expenses paid is one the owner's family never paid.
    for (let i = 0; i < 4; i++) await hidden("CARREFOUR LJ 5", home.id);
    await hidden("LIVRARIA CULTURA", leisure.id);
    expect(await suggestions(owner, ["Carrefour Lj 987", "LIVRARIA CULTURA 12"])).toEqual([
      market.id,
      null,
    ]);
    // Their author's own preview learns from them.
    expect(await suggestions(partner, ["Carrefour Lj 987", "LIVRARIA CULTURA 12"])).toEqual([
      home.id,
      leisure.id,
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { payeeKey } from "./payee";
import { PAYEE_CASES } from "./testing/payee-cases";

describe("payeeKey (docs/product.md#csv-import)", () => {
  it.each(PAYEE_CASES)("%s -> %s", (description, key) => {
    expect(payeeKey(description)).toBe(key);
  });

  it("spellings of one store share a key", () => {
    const keys = new Set(
      ["CARREFOUR LJ 123 SAO PAULO BR", "Carrefour Lj 987", "carrefour 045 rio de janeiro rj"].map(
        payeeKey,
      ),
    );
    expect([...keys]).toEqual(["carrefour"]);
  });

  it("never answers empty for a description with letters or digits", () => {
    for (const description of ["SP", "BR", "LJ 12", "***1234", "-- 5 --"]) {
      expect(payeeKey(description)).not.toBe("");
    }
  });
});

import i18n from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import type { HistoryChange, HistoryEntry } from "../../../contract/history";
import { initI18n } from "../../i18n/init";
import { isRefundEntry, refundFieldsShown, refundSentence } from "./refund-text";
import { historyTexts } from "./texts";

const entry = (action: HistoryEntry["action"], changes: HistoryChange[]): HistoryEntry => ({
  id: "11111111-1111-4111-8111-111111111111",
  kind: "expense",
  action,
  actorUserId: "22222222-2222-4222-8222-222222222222",
  actorName: "Ana",
  subjectId: "33333333-3333-4333-8333-333333333333",
  subjectLabel: "Estorno: Mercado",
  changes,
  createdAt: "2026-03-15T15:00:00.000Z",
  restorable: false,
  restoredAt: null,
  private: false,
});

const created = entry("created", [
  { field: "description", before: null, after: "Estorno: Mercado" },
  { field: "amount", before: null, after: "-40.00" },
  { field: "refundOf", before: null, after: "Mercado" },
]);
const changed = entry("changed", [
  { field: "amount", before: "-40.00", after: "-30.00" },
  { field: "refundOf", before: "Mercado", after: "Mercado" },
]);
const deleted = entry("deleted", [
  { field: "amount", before: "-30.00", after: null },
  { field: "refundOf", before: "Mercado", after: null },
]);

const sentence = async (language: "pt" | "en" | "es", e: HistoryEntry) => {
  await i18n.changeLanguage(language);
  return refundSentence(e, { actor: "Ana" }, i18n.getFixedT(null, historyTexts), language).replace(
    /\u00a0/g,
    " ",
  );
};

beforeAll(async () => {
  await initI18n();
});

describe("a refund in the history", () => {
  it("says what came back of which purchase, in each language", async () => {
    expect(await sentence("pt", created)).toBe("Ana estornou R$ 40,00 de “Mercado”");
    expect(await sentence("en", created)).toBe("Ana refunded $40.00 of “Mercado”");
    expect(await sentence("es", created)).toBe("Ana reembolsó $40.00 de “Mercado”");
    expect(await sentence("pt", changed)).toBe("Ana alterou o estorno de “Mercado”");
    expect(await sentence("pt", deleted)).toBe("Ana excluiu o estorno de R$ 30,00 de “Mercado”");
    expect(await sentence("en", deleted)).toBe("Ana deleted the refund of $30.00 of “Mercado”");
  });

  it("is told from other expenses by its purchase, which the fields below it leave out", () => {
    expect(isRefundEntry(created)).toBe(true);
    expect(
      isRefundEntry(entry("created", [{ field: "amount", before: null, after: "1.00" }])),
    ).toBe(false);
    expect(refundFieldsShown(changed)).toEqual([
      { field: "amount", before: "-40.00", after: "-30.00" },
    ]);
  });
});

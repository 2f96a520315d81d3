import i18n from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import type { HistoryChange, HistoryEntry } from "../../../contract/history";
import { initI18n } from "../../i18n/init";
import { installmentsFieldsShown, installmentsSentence, paidOffToBill } from "./installments-text";
import { historyTexts } from "./texts";

const entry = (
  action: HistoryEntry["action"],
  changes: HistoryChange[],
  createdAt = "2026-11-20T15:00:00.000Z",
): HistoryEntry => ({
  id: "11111111-1111-4111-8111-111111111111",
  kind: "installments",
  action,
  actorUserId: "22222222-2222-4222-8222-222222222222",
  actorName: "Ana",
  subjectId: "33333333-3333-4333-8333-333333333333",
  subjectLabel: "Geladeira",
  changes,
  createdAt,
  restorable: false,
  restoredAt: null,
  private: false,
});

const set = (field: HistoryChange["field"], after: HistoryChange["after"]): HistoryChange => ({
  field,
  before: null,
  after,
});
const gone = (field: HistoryChange["field"], before: HistoryChange["before"]): HistoryChange => ({
  field,
  before,
  after: null,
});

const sentence = async (language: "pt" | "en" | "es", e: HistoryEntry) => {
  await i18n.changeLanguage(language);
  return installmentsSentence(
    e,
    { actor: "Ana", subject: "Geladeira" },
    i18n.getFixedT(null, historyTexts),
    language,
  ).replace(/\u00a0/g, " ");
};

const created = entry("created", [
  set("description", "Geladeira"),
  set("totalAmount", "3600.00"),
  set("installmentCount", 12),
  set("date", "2026-11-20"),
  set("category", "Casa"),
]);
const changedFrom3 = entry("changed", [
  set("fromInstallment", 3),
  { field: "amount", before: "300.00", after: "310.00" },
]);
const changedAll = entry("changed", [
  set("fromInstallment", 1),
  { field: "description", before: "Geladeira", after: "Geladeira Brastemp" },
]);
const deletedFrom5 = entry("deleted", [
  gone("fromInstallment", 5),
  gone("installmentCount", 8),
  gone("totalAmount", "2400.00"),
]);
const deletedAll = entry("deleted", [
  gone("fromInstallment", 1),
  gone("installmentCount", 1),
  gone("totalAmount", "300.00"),
]);
const paidOffToBillEntry = entry("changed", [
  set("fromInstallment", 2),
  set("paidOffTo", "2026-12-03"),
]);
const paidOffToDate = entry("changed", [set("fromInstallment", 4), set("paidOffTo", "2026-11-20")]);

describe("a purchase in installments in the history", () => {
  beforeAll(() => {
    initI18n("pt");
  });

  it("says it was made, changed from an installment on or all, in Portuguese", async () => {
    expect(await sentence("pt", created)).toBe("Ana adicionou a compra parcelada “Geladeira”");
    expect(await sentence("pt", changedFrom3)).toBe(
      "Ana alterou a compra parcelada “Geladeira” a partir da parcela 3",
    );
    expect(await sentence("pt", changedAll)).toBe(
      "Ana alterou todas as parcelas da compra “Geladeira”",
    );
  });

  it("says how many were deleted from which installment, and their sum", async () => {
    expect(await sentence("pt", deletedFrom5)).toBe(
      "Ana excluiu 8 parcelas da compra “Geladeira” a partir da parcela 5, somando R$ 2.400,00",
    );
    expect(await sentence("pt", deletedAll)).toBe(
      "Ana excluiu a compra parcelada “Geladeira”: 1 parcela, R$ 300,00",
    );
    expect(await sentence("en", deletedFrom5)).toBe(
      "Ana deleted 8 installments of “Geladeira” from installment 5 on, adding up to $2,400.00",
    );
  });

  it("says where a pay-off moved them: a bill by its month, or a date", async () => {
    expect(await sentence("pt", paidOffToBillEntry)).toBe(
      "Ana antecipou as parcelas da compra “Geladeira” a partir da parcela 2 para a fatura de dezembro de 2026",
    );
    expect(await sentence("pt", paidOffToDate)).toBe(
      "Ana antecipou as parcelas da compra “Geladeira” a partir da parcela 4 para 20/11/2026",
    );
    expect(await sentence("en", paidOffToBillEntry)).toBe(
      "Ana paid off “Geladeira” early from installment 2 on, to the December 2026 bill",
    );
    expect(await sentence("es", paidOffToDate)).toBe(
      "Ana adelantó las cuotas de “Geladeira” desde la cuota 4 al 20/11/2026",
    );
  });

  it("reads a closing date after the entry's day as a bill, the day itself as a date", () => {
    expect(paidOffToBill("2026-12-03", "2026-11-20T15:00:00.000Z")).toBe(true);
    expect(paidOffToBill("2026-11-20", "2026-11-20T15:00:00.000Z")).toBe(false);
    // Late in the evening in Brazil it is already the next day in UTC: still the day itself.
    expect(paidOffToBill("2026-11-21", "2026-11-21T01:30:00.000Z")).toBe(false);
  });

  it("leaves out of the field list what the sentence says", () => {
    expect(installmentsFieldsShown(changedFrom3).map((c) => c.field)).toEqual(["amount"]);
    expect(installmentsFieldsShown(deletedFrom5)).toEqual([]);
    expect(installmentsFieldsShown(paidOffToBillEntry)).toEqual([]);
    expect(installmentsFieldsShown(created).map((c) => c.field)).toEqual([
      "description",
      "totalAmount",
      "installmentCount",
      "date",
      "category",
    ]);
  });
});

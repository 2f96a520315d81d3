import i18n from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import type { CardBill } from "../../../contract/card-bills";
import { initI18n } from "../../i18n/init";
import { billTexts, defaultBill } from "./bill-text";
import { cardBillsTexts } from "./texts";

const bill = (id: string, closesOn: string, status: CardBill["status"]): CardBill => ({
  id,
  familyId: "22222222-2222-4222-8222-222222222222",
  paymentMethodId: "11111111-1111-4111-8111-111111111111",
  closesOn,
  dueOn: closesOn,
  status,
  total: "100.00",
  paid: "0.00",
  leftToPay: "100.00",
  lineCount: 1,
});

describe("billTexts", () => {
  beforeAll(() => {
    initI18n("pt");
  });

  const texts = async (language: "pt" | "en" | "es", closesOn: string, dueOn: string) => {
    await i18n.changeLanguage(language);
    return billTexts({ closesOn, dueOn }, i18n.getFixedT(null, cardBillsTexts), language);
  };

  it("names the bill after the month it closes in, its days beside it (pt)", async () => {
    expect(await texts("pt", "2026-12-03", "2026-12-10")).toEqual({
      name: "Fatura de dezembro de 2026",
      days: "fecha 3 dez · vence 10 dez",
    });
  });

  it("in English and Spanish", async () => {
    expect(await texts("en", "2026-12-03", "2026-12-10")).toEqual({
      name: "December 2026 bill",
      days: "closes Dec 3 · due Dec 10",
    });
    expect(await texts("es", "2026-12-03", "2026-12-10")).toEqual({
      name: "Resumen de diciembre de 2026",
      days: "cierra 3 dic · vence 10 dic",
    });
  });

  it("reads the days from the dates alone: the 1st stays in its month, a due date in the next year", async () => {
    expect(await texts("pt", "2027-01-01", "2027-01-08")).toEqual({
      name: "Fatura de janeiro de 2027",
      days: "fecha 1 jan · vence 8 jan",
    });
    expect((await texts("pt", "2026-12-28", "2027-01-05")).days).toBe("fecha 28 dez · vence 5 jan");
  });
});

describe("defaultBill", () => {
  const feb = bill("feb", "2027-02-03", "open");
  const jan = bill("jan", "2027-01-03", "open");
  const dec = bill("dec", "2026-12-03", "closed");
  const nov = bill("nov", "2026-11-03", "paid");

  it("picks the open bill purchases go into today, not a later one holding a purchase moved ahead", () => {
    expect(defaultBill([feb, jan, dec, nov])?.id).toBe("jan");
    expect(defaultBill([jan, dec])?.id).toBe("jan");
  });

  it("without an open bill, the newest", () => {
    expect(defaultBill([dec, nov])?.id).toBe("dec");
  });

  it("nothing for a card without bills", () => {
    expect(defaultBill([])).toBeUndefined();
  });
});

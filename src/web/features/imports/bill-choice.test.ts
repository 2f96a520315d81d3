import i18n from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { initI18n } from "../../i18n/init";
import { billChoiceTexts } from "./bill-choice";
import { importsTexts } from "./texts";

describe("a bill as 'Fatura' offers it", () => {
  beforeAll(() => {
    initI18n("pt");
  });

  const label = async (language: "pt" | "en" | "es", closesOn: string, dueOn: string) => {
    await i18n.changeLanguage(language);
    return billChoiceTexts({ closesOn, dueOn }, i18n.getFixedT(null, importsTexts), language).label;
  };

  it("names it after the month it closes in, with its days, as the bills screen does", async () => {
    expect(await label("pt", "2026-12-03", "2026-12-10")).toBe(
      "Fatura de dezembro de 2026 · fecha 3 dez · vence 10 dez",
    );
    expect(await label("en", "2026-12-03", "2026-12-10")).toBe(
      "December 2026 bill · closes Dec 3 · due Dec 10",
    );
    expect(await label("es", "2026-12-03", "2026-12-10")).toBe(
      "Resumen de diciembre de 2026 · cierra 3 dic · vence 10 dic",
    );
  });

  it("gives the days alone, for the hint under the select", async () => {
    await i18n.changeLanguage("pt");
    expect(
      billChoiceTexts(
        { closesOn: "2026-12-03", dueOn: "2026-12-10" },
        i18n.getFixedT(null, importsTexts),
        "pt",
      ).days,
    ).toBe("fecha 3 dez · vence 10 dez");
  });

  it("reads the days from the dates alone: a due date in the next year", async () => {
    expect(await label("pt", "2026-12-28", "2027-01-05")).toBe(
      "Fatura de dezembro de 2026 · fecha 28 dez · vence 5 jan",
    );
  });
});

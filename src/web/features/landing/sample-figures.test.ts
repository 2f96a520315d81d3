import { describe, expect, it } from "vitest";
import { languages } from "../../../contract/languages";
import { formatMoney, monthName } from "../../lib/format";
import { sampleFigures } from "./sample-figures";

describe("the sample card's written-out figures", () => {
  it.each(languages)("are what the app's formatters write in %s", (language) => {
    const figures = sampleFigures[language];
    expect(figures.month).toBe(monthName(3, language));
    for (const [amount, written] of Object.entries(figures.money)) {
      expect(written, amount).toBe(formatMoney(amount, language));
    }
  });

  it("have the same amounts in every language", () => {
    const amounts = Object.keys(sampleFigures.en.money).sort();
    for (const language of languages) {
      expect(Object.keys(sampleFigures[language].money).sort()).toEqual(amounts);
    }
  });
});

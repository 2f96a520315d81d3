import { describe, expect, it } from "vitest";
import { toCents } from "../../../contract/cents";
import { createExpenseInputSchema } from "../../../contract/expenses";
import { splitSchema } from "../../../contract/shares";
import { sharesOf } from "../../../domain/shares";
import {
  draftOf,
  FAMILY_DRAFT,
  missingOf,
  previewShares,
  type SplitDraft,
  sameSplit,
  sharesText,
  splitOfDraft,
  typedFor,
} from "./split-draft";
import { shortNamesOf } from "./split-label";

const ana = "11111111-1111-4111-8111-111111111111";
const leo = "22222222-2222-4222-8222-222222222222";
const bia = "33333333-3333-4333-8333-333333333333";

const custom = (by: SplitDraft["by"], ...values: string[]): SplitDraft => ({
  choice: "custom",
  by,
  typed: [ana, leo, bia].slice(0, values.length).map((userId, i) => ({
    userId,
    value: values[i] as string,
  })),
});

const family = { rules: [], memberIds: [ana, leo], date: "2026-11-20" };

describe("the request's split", () => {
  it("is the family's, one member's, or the typed shares read in the person's language", () => {
    expect(splitOfDraft(FAMILY_DRAFT, "pt")).toEqual({ mode: "family" });
    expect(splitOfDraft({ ...FAMILY_DRAFT, choice: leo }, "pt")).toEqual({
      mode: "one",
      userId: leo,
    });
    expect(splitOfDraft(custom("percent", "33,33", " 66.67% "), "pt")).toEqual({
      mode: "percent",
      shares: [
        { userId: ana, percent: "33.33" },
        { userId: leo, percent: "66.67" },
      ],
    });
    expect(splitOfDraft(custom("amounts", "1.234,50", "", "0,5"), "pt")).toEqual({
      mode: "amounts",
      shares: [
        { userId: ana, amount: "1234.50" },
        { userId: bia, amount: "0.5" },
      ],
    });
  });

  it("leaves what cannot be read as typed, for the contract to refuse in the person's language", () => {
    const split = splitOfDraft(custom("percent", "sessenta", "40"), "pt");
    const parsed = splitSchema.safeParse(split);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe("validation.percentInvalid");
  });

  it("comes back from the expense's split as the edit dialog opens it", () => {
    const percent = { mode: "percent" as const, shares: [{ userId: ana, percent: "60.5" }] };
    expect(draftOf(percent, "pt").typed).toEqual([{ userId: ana, value: "60,5" }]);
    expect(draftOf(percent, "en").typed).toEqual([{ userId: ana, value: "60.5" }]);
    const amounts = { mode: "amounts" as const, shares: [{ userId: leo, amount: "80.00" }] };
    expect(splitOfDraft(draftOf(amounts, "pt"), "pt")).toEqual(amounts);
    expect(draftOf({ mode: "one", userId: leo }, "es").choice).toBe(leo);
  });

  it("keeps an input per member in the members' order, and for a former member a split names", () => {
    const typed = typedFor(
      {
        choice: "custom",
        by: "percent",
        typed: [
          { userId: bia, value: "10" },
          { userId: leo, value: "90" },
        ],
      },
      [ana, leo],
    );
    expect(typed).toEqual([
      { userId: ana, value: "" },
      { userId: leo, value: "90" },
      { userId: bia, value: "10" },
    ]);
  });
});

describe("whether a split adds up", () => {
  it("counts the percent still missing or over, in hundredths", () => {
    expect(missingOf(custom("percent", "60", ""), 20_000, "pt")).toBe(4_000);
    expect(missingOf(custom("percent", "60", "40"), 20_000, "pt")).toBe(0);
    expect(missingOf(custom("percent", "60,5", "40"), null, "pt")).toBe(-50);
  });

  it("counts the cents still missing or over against the amount", () => {
    expect(missingOf(custom("amounts", "120", "60"), 20_000, "pt")).toBe(2_000);
    expect(missingOf(custom("amounts", "120", "85,00"), 20_000, "pt")).toBe(-500);
    expect(missingOf(custom("amounts", "120", "80"), 20_000, "pt")).toBe(0);
    // No amount to add up to yet.
    expect(missingOf(custom("amounts", "120", "80"), null, "pt")).toBeNull();
  });

  it("says nothing while a value cannot be read, nor for a split that always adds up", () => {
    expect(missingOf(custom("percent", "abc", "40"), 100, "pt")).toBeNull();
    expect(missingOf(FAMILY_DRAFT, 100, "pt")).toBeNull();
    expect(missingOf({ ...FAMILY_DRAFT, choice: ana }, 100, "pt")).toBeNull();
  });

  it("agrees with the contract: what adds up here, the server takes", () => {
    const cases: [SplitDraft, string][] = [
      [custom("percent", "33,33", "33,33", "33,34"), "100.00"],
      [custom("percent", "33,33", "33,33", "33,33"), "100.00"],
      [custom("percent", "100", "0"), "100.00"],
      [custom("amounts", "0,01", "99,99"), "100.00"],
      [custom("amounts", "0,01", "99,98"), "100.00"],
      [custom("amounts", "100,01"), "100.00"],
    ];
    for (const [draft, amount] of cases) {
      const taken = createExpenseInputSchema.safeParse({
        description: "Mercado",
        amount,
        categoryId: bia,
        date: "2026-11-20",
        split: splitOfDraft(draft, "pt"),
      }).success;
      expect(missingOf(draft, toCents(amount), "pt") === 0, JSON.stringify(draft)).toBe(taken);
    }
  });
});

describe("the preview", () => {
  it("is exactly what the database stores: src/domain/shares.ts's sharesOf", () => {
    const rules = [
      {
        validFrom: "2026-11-01",
        weights: [
          { userId: ana, weight: 5000 },
          { userId: leo, weight: 3000 },
        ],
      },
    ];
    const options = { rules, memberIds: [ana, leo], date: "2026-11-20" };
    for (const cents of [1, 10_000, 33_333, 99_999]) {
      expect(previewShares(FAMILY_DRAFT, cents, options, "pt")).toEqual(
        sharesOf(cents, { mode: "family" }, options),
      );
      const draft = custom("percent", "33,33", "66,67");
      expect(previewShares(draft, cents, options, "pt")).toEqual(
        sharesOf(cents, splitSchema.parse(splitOfDraft(draft, "pt")), options),
      );
    }
    // R$ 100,00 by 5000/3000: R$ 62,50 and R$ 37,50; before the rule, equal.
    expect(previewShares(FAMILY_DRAFT, 10_000, options, "pt")).toEqual([
      { userId: ana, cents: 6250 },
      { userId: leo, cents: 3750 },
    ]);
    expect(previewShares(FAMILY_DRAFT, 10_001, { ...options, date: "2026-10-31" }, "pt")).toEqual([
      { userId: ana, cents: 5001 },
      { userId: leo, cents: 5000 },
    ]);
  });

  it("waits for an amount, and for a custom split that adds up", () => {
    expect(previewShares(FAMILY_DRAFT, null, family, "pt")).toBeNull();
    expect(previewShares(FAMILY_DRAFT, 0, family, "pt")).toBeNull();
    expect(previewShares(custom("percent", "60"), 20_000, family, "pt")).toBeNull();
    expect(previewShares(custom("percent", "60", "40"), 20_000, family, "pt")).toEqual([
      { userId: ana, cents: 12_000 },
      { userId: leo, cents: 8_000 },
    ]);
  });

  it("reads as one line of first names and amounts", () => {
    const names = new Map([
      [ana, "Ana"],
      [leo, "Léo"],
    ]);
    const text = sharesText(
      [
        { userId: ana, cents: 6000 },
        { userId: leo, cents: 4000 },
      ],
      (id) => names.get(id) ?? "?",
      "pt",
    );
    expect(text.replace(/\s/g, " ")).toBe("Ana R$ 60,00 · Léo R$ 40,00");
  });
});

describe("an edit's split", () => {
  it("is the expense's when only the way it is written differs", () => {
    const saved = {
      mode: "percent" as const,
      shares: [
        { userId: ana, percent: "60" },
        { userId: leo, percent: "40" },
      ],
    };
    expect(sameSplit(splitSchema.parse(splitOfDraft(draftOf(saved, "pt"), "pt")), saved)).toBe(
      true,
    );
    const written = [
      { userId: ana, percent: "60.00" },
      { userId: leo, percent: "40" },
    ];
    expect(sameSplit(saved, { ...saved, shares: written })).toBe(true);
    expect(sameSplit(saved, { ...saved, shares: [...saved.shares].reverse() })).toBe(false);
    expect(sameSplit({ mode: "one", userId: ana }, { mode: "one", userId: leo })).toBe(false);
    expect(sameSplit({ mode: "family" }, { mode: "one", userId: ana })).toBe(false);
    expect(sameSplit({ mode: "family" }, { mode: "family" })).toBe(true);
  });
});

describe("short names", () => {
  const person = (userId: string, name: string | null, isMember = true) => ({
    userId,
    name,
    firstName: null,
    lastName: null,
    email: null,
    profileImageUrl: null,
    isMember,
  });
  it("are first names, whole names where two people share one", () => {
    const names = shortNamesOf([
      person(ana, "Ana Souza"),
      person(leo, "Léo Souza"),
      person(bia, "Ana Lima", false),
    ]);
    expect(names.get(leo)).toBe("Léo");
    expect(names.get(ana)).toBe("Ana Souza");
    expect(names.get(bia)).toBe("Ana Lima");
    expect(shortNamesOf([person(ana, null)]).has(ana)).toBe(false);
  });
});

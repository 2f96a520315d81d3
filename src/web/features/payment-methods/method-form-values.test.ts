import { describe, expect, it } from "vitest";
import {
  createPaymentMethodInputSchema,
  type PaymentMethod,
} from "../../../contract/payment-methods";
import { type MethodValues, methodChanges, methodInputOf } from "./method-form-values";

const ANA = "55555555-5555-4555-8555-555555555555";
const BRUNO = "66666666-6666-4666-8666-666666666666";

const values = (patch: Partial<MethodValues>): MethodValues => ({
  kind: "credit_card",
  name: "Nubank",
  ownerUserId: ANA,
  closingDay: "3",
  dueDay: "10",
  creditLimit: "5000.00",
  openingBalance: "",
  openingDate: "",
  isPrivate: false,
  ...patch,
});

const card: PaymentMethod = {
  id: "11111111-1111-4111-8111-111111111111",
  familyId: "22222222-2222-4222-8222-222222222222",
  kind: "credit_card",
  name: "Nubank",
  ownerUserId: ANA,
  closingDay: 3,
  dueDay: 10,
  creditLimit: "5000.00",
  limitUsed: "0.00",
  openingBalance: null,
  openingDate: null,
  isPrivate: false,
  hidden: false,
  balance: null,
  isActive: true,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

const issues = (input: unknown) =>
  createPaymentMethodInputSchema
    .safeParse(input)
    .error?.issues.map((issue) => [issue.path.join("."), issue.message]) ?? [];

describe("methodInputOf", () => {
  it("sends a card's days as numbers and its limit", () => {
    expect(methodInputOf(values({}))).toEqual({
      kind: "credit_card",
      name: "Nubank",
      ownerUserId: ANA,
      closingDay: 3,
      dueDay: 10,
      creditLimit: "5000.00",
    });
  });

  it("leaves a card's fields out of an account, whatever the hidden fields still hold", () => {
    const input = methodInputOf(values({ kind: "checking", name: "Conta Itaú" }));
    expect(input).toEqual({ kind: "checking", name: "Conta Itaú", ownerUserId: ANA });
    expect(issues(input)).toEqual([]);
  });

  it("sends an account's opening balance with its date, never a card's", () => {
    const account = values({
      kind: "checking",
      openingBalance: "-80.00",
      openingDate: "2026-12-01",
    });
    expect(methodInputOf(account)).toEqual({
      kind: "checking",
      name: "Nubank",
      ownerUserId: ANA,
      openingBalance: "-80.00",
      openingDate: "2026-12-01",
    });
    expect(issues(methodInputOf(account))).toEqual([]);
    expect(
      methodInputOf(values({ openingBalance: "10.00", openingDate: "2026-12-01" })),
    ).not.toHaveProperty("openingBalance");
  });

  it("lets the contract name the half of an opening balance that is missing", () => {
    expect(issues(methodInputOf(values({ kind: "cash", openingBalance: "10.00" })))).toEqual([
      ["openingDate", "validation.openingDateRequired"],
    ]);
    expect(issues(methodInputOf(values({ kind: "cash", openingDate: "2026-12-01" })))).toEqual([
      ["openingBalance", "validation.openingBalanceRequired"],
    ]);
  });

  it("leaves out an empty limit and an unchosen owner", () => {
    expect(methodInputOf(values({ creditLimit: " ", ownerUserId: "" }))).toEqual({
      kind: "credit_card",
      name: "Nubank",
      closingDay: 3,
      dueDay: 10,
    });
  });

  it("lets the contract refuse a card without days, or with a day out of the month", () => {
    expect(issues(methodInputOf(values({ closingDay: "", dueDay: "32" })))).toEqual([
      ["dueDay", "validation.dueDayInvalid"],
      ["closingDay", "validation.closingDayInvalid"],
    ]);
    expect(issues(methodInputOf(values({ closingDay: "abc" })))).toEqual([
      ["closingDay", "validation.closingDayInvalid"],
    ]);
  });
});

describe("methodChanges", () => {
  it("is empty when nothing changed", () => {
    expect(methodChanges(card, methodInputOf(values({})))).toEqual({});
  });

  it("holds only what changed, and a cleared limit as null", () => {
    expect(
      methodChanges(
        card,
        methodInputOf(values({ dueDay: "12", creditLimit: "", ownerUserId: BRUNO })),
      ),
    ).toEqual({ dueDay: 12, creditLimit: null, ownerUserId: BRUNO });
  });

  it("sends an account's opening balance and date together when either changed, both null when emptied", () => {
    const itau: PaymentMethod = {
      ...card,
      kind: "checking",
      closingDay: null,
      dueDay: null,
      creditLimit: null,
      limitUsed: null,
      openingBalance: "2000.00",
      openingDate: "2026-11-01",
      balance: "2000.00",
    };
    const edit = (patch: Partial<MethodValues>) =>
      methodChanges(
        itau,
        methodInputOf(
          values({
            kind: "checking",
            openingBalance: "2000.00",
            openingDate: "2026-11-01",
            ...patch,
          }),
        ),
      );
    expect(edit({})).toEqual({});
    expect(edit({ openingDate: "2026-11-02" })).toEqual({
      openingBalance: "2000.00",
      openingDate: "2026-11-02",
    });
    expect(edit({ openingBalance: "", openingDate: "" })).toEqual({
      openingBalance: null,
      openingDate: null,
    });
  });

  it("sends 'Só meu' on an account only, and its change both ways", () => {
    expect(methodInputOf(values({ kind: "checking", isPrivate: true }))).toMatchObject({
      isPrivate: true,
    });
    // A card is the family's: the box a card never shows is not sent for it.
    expect(methodInputOf(values({ isPrivate: true }))).not.toHaveProperty("isPrivate");
    expect(methodInputOf(values({ kind: "savings" }))).not.toHaveProperty("isPrivate");
    const savings: PaymentMethod = {
      ...card,
      kind: "savings",
      closingDay: null,
      dueDay: null,
      creditLimit: null,
      limitUsed: null,
    };
    const edit = (method: PaymentMethod, isPrivate: boolean) =>
      methodChanges(method, methodInputOf(values({ kind: "savings", isPrivate })));
    expect(edit(savings, true)).toEqual({ isPrivate: true });
    expect(edit({ ...savings, isPrivate: true }, false)).toEqual({ isPrivate: false });
    expect(edit({ ...savings, isPrivate: true }, true)).toEqual({});
  });
});

import { fromCents, toCents } from "../../../contract/cents";
import type { Language } from "../../../contract/languages";
import type { Split, SplitInput } from "../../../contract/shares";
import { type Share, type SplitRule, sharesOf } from "../../../domain/shares";
import { formatAmountInput, parseAmountInput } from "../../lib/amount-input";
import { formatMoney, localeOf } from "../../lib/format";

/**
 * "Para quem" as the expense forms hold it (docs/decisions/012-yours-mine-ours.md): the choice
 * and what was typed, turned into the contract's split when sent; the preview and the live sum
 * use src/domain/shares.ts, the database's own rule, so the screen shows the cents it will store.
 */

export type SplitBy = "percent" | "amounts";

export type SplitDraft = {
  /** "family", "custom" ("Dividir"), or the id of the one member it is for. */
  choice: string;
  by: SplitBy;
  /** What was typed for each member, in the editor's order (the members', owner first). */
  typed: { userId: string; value: string }[];
};

export const FAMILY_DRAFT: SplitDraft = { choice: "family", by: "percent", typed: [] };

/** A percent as typed ("33,33" or "33.33") in the contract's form; what cannot be read, as typed. */
const readPercent = (typed: string) => {
  const text = typed.trim().replace(",", ".").replace(/%$/, "").trim();
  return /^\d{1,3}(\.\d{1,2})?$/.test(text) ? text : typed.trim();
};

/** The draft of an expense's split as the API answers it, in the person's decimal sign. */
export function draftOf(split: Split | { mode: "private" }, language: Language): SplitDraft {
  // Another member's private expense is never edited here; its own reads as its split.
  if (split.mode === "family" || split.mode === "private") return FAMILY_DRAFT;
  if (split.mode === "one") return { ...FAMILY_DRAFT, choice: split.userId };
  return {
    choice: "custom",
    by: split.mode,
    typed: split.shares.map((share) => ({
      userId: share.userId,
      value: formatAmountInput("percent" in share ? share.percent : share.amount, language),
    })),
  };
}

/**
 * The draft as a purchase in installments takes it (docs/product.md#for-whom): each installment's
 * amount is its own, so a "Dividir" by amounts reads as one by percentages with nothing typed yet.
 * The form keeps what was typed as amounts, back if "Parcelado" is turned off.
 */
export function percentOnly(draft: SplitDraft): SplitDraft {
  return draft.choice === "custom" && draft.by === "amounts"
    ? { ...draft, by: "percent", typed: draft.typed.map((t) => ({ ...t, value: "" })) }
    : draft;
}

/** The typed values for `memberIds`, in their order: what was typed kept, the others empty. */
export function typedFor(draft: SplitDraft, memberIds: readonly string[]): SplitDraft["typed"] {
  const ids = [...new Set([...memberIds, ...draft.typed.map((t) => t.userId)])];
  return ids.map((userId) => ({
    userId,
    value: draft.typed.find((t) => t.userId === userId)?.value ?? "",
  }));
}

/** The request's split; left empty, a member has no share. */
export function splitOfDraft(draft: SplitDraft, language: Language): SplitInput {
  if (draft.choice === "family") return { mode: "family" };
  if (draft.choice !== "custom") return { mode: "one", userId: draft.choice };
  const typed = draft.typed.filter((t) => t.value.trim() !== "");
  return draft.by === "percent"
    ? {
        mode: "percent",
        shares: typed.map((t) => ({ userId: t.userId, percent: readPercent(t.value) })),
      }
    : {
        mode: "amounts",
        shares: typed.map((t) => ({
          userId: t.userId,
          amount: parseAmountInput(t.value, language),
        })),
      };
}

const hundredthsOf = (value: string) =>
  /^\d{1,8}(\.\d{1,2})?$/.test(value) ? toCents(value) : null;

/**
 * How far a "Dividir" is from adding up: the hundredths of a percent or the cents still missing
 * (negative: over). Null while a value cannot be read, or, for amounts, the expense's amount.
 */
export function missingOf(
  draft: SplitDraft,
  amountCents: number | null,
  language: Language,
): number | null {
  const split = splitOfDraft(draft, language);
  if (split.mode !== "percent" && split.mode !== "amounts") return null;
  let sum = 0;
  for (const share of split.shares) {
    const value = hundredthsOf("percent" in share ? share.percent : share.amount);
    if (value === null) return null;
    sum += value;
  }
  if (split.mode === "percent") return 10_000 - sum;
  return amountCents === null ? null : amountCents - sum;
}

/** The shares the server will store for the draft, or null until it is one the server takes. */
export function previewShares(
  draft: SplitDraft,
  amountCents: number | null,
  family: { rules: readonly SplitRule[]; memberIds: readonly string[]; date: string },
  language: Language,
): Share[] | null {
  if (amountCents === null || amountCents <= 0) return null;
  if (draft.choice === "custom" && missingOf(draft, amountCents, language) !== 0) return null;
  return sharesOf(amountCents, splitOfDraft(draft, language) as Split, family);
}

/** "Ana R$ 60,00 · Léo R$ 40,00". */
export const sharesText = (
  shares: readonly Share[],
  nameOf: (userId: string) => string,
  language: Language,
) =>
  shares
    .map((share) => `${nameOf(share.userId)} ${formatMoney(fromCents(share.cents), language)}`)
    .join(" · ");

/** "10%", "33,33%". */
export const formatPercent = (hundredths: number, language: Language) =>
  new Intl.NumberFormat(localeOf(language), { style: "percent", maximumFractionDigits: 4 }).format(
    hundredths / 10_000,
  );

/** Whether a split the form holds is the expense's (the edit sends only what changed). */
export function sameSplit(a: Split, b: Split | { mode: "private" }): boolean {
  if (b.mode === "private") return a.mode === "family";
  if (a.mode !== b.mode) return false;
  if (a.mode === "one" && b.mode === "one") return a.userId === b.userId;
  if (a.mode === "family" || b.mode === "family" || a.mode === "one" || b.mode === "one") {
    return true;
  }
  const values = (split: typeof a) =>
    split.shares.map((s) => `${s.userId}:${toCents("percent" in s ? s.percent : s.amount)}`);
  return values(a).join() === values(b).join();
}

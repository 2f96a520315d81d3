import type { TFunction } from "i18next";
import { fromCents, toCents } from "../../../contract/cents";
import type { ExpenseListItem } from "../../../contract/expenses";
import {
  type CreateInstallmentsInput,
  INSTALLMENTS_MAX,
  INSTALLMENTS_MIN,
  type UpdateInstallmentsInput,
} from "../../../contract/installments";
import type { Language } from "../../../contract/languages";
import { amountSchema } from "../../../contract/money";
import { installmentDates, splitInstallments } from "../../../domain/installments";
import { parseAmountInput } from "../../lib/amount-input";
import { formatDate, formatMoney } from "../../lib/format";
import { percentOnly, type SplitDraft, splitOfDraft } from "./split-draft";

/**
 * What the web decides about purchases in installments (docs/product.md#installments): the request
 * the form sends, the split it previews before saving (the domain's own rule, so the preview is
 * what the server writes), and which call a change or a deletion of one installment makes.
 */

/** The form's installment fields, as typed. */
export type InstallmentFieldValues = {
  /** "Parcelado": the amount is the total and the date the first installment's. */
  installments: boolean;
  /** "Número de parcelas", as typed. */
  count: string;
  /** "Primeira parcela", optional: "" lets the split decide it. */
  firstAmount: string;
};

type SharedFieldValues = {
  description: string;
  amount: string;
  categoryId: string;
  date: string;
  paidByUserId?: string;
  paymentMethodId?: string;
  /** "Para quem": with "Parcelado", the family's, one member's or percentages, every installment alike. */
  split?: SplitDraft;
  /** "Privado": with "Parcelado", the whole purchase is private, each installment too. */
  private?: boolean;
};

/** The add form's values: an expense's fields (ExpenseFieldValues), and "Parcelado" with its own. */
export type ExpenseFormValues = SharedFieldValues & InstallmentFieldValues;

/**
 * POST /api/installments's body from the form, before the contract checks it: the amount field is
 * the total, the date the first installment's; "Não informado", an empty first amount and the
 * family's split (the default) are left out, a private purchase sends neither payer nor split,
 * and a split by amounts reads as one by percentages
 * (docs/product.md#for-whom). A count that is not a number stays one the contract refuses ("Escolha de 2 a 48 parcelas").
 */
export function installmentsRequest(
  values: ExpenseFormValues,
  language: Language,
): Record<keyof CreateInstallmentsInput, unknown> {
  const first = values.firstAmount.trim();
  const count = values.count.trim();
  return {
    description: values.description,
    total: parseAmountInput(values.amount, language),
    count: count === "" ? Number.NaN : Number(count),
    firstDate: values.date,
    firstAmount: first === "" ? undefined : parseAmountInput(first, language),
    categoryId: values.categoryId,
    paymentMethodId: values.paymentMethodId || undefined,
    // Private: paid by and for whoever adds it, so neither payer nor split is sent
    // (docs/product.md#private-expenses).
    ...(values.private
      ? { private: true, paidByUserId: undefined, split: undefined }
      : {
          private: undefined,
          paidByUserId: values.paidByUserId || undefined,
          split:
            values.split && values.split.choice !== "family"
              ? splitOfDraft(percentOnly(values.split), language)
              : undefined,
        }),
  };
}

/** The request's fields that the form shows under another name. */
export const installmentsFieldOf: Record<string, string> = {
  total: "amount",
  firstDate: "date",
};

export type SplitPreview = {
  /** Runs of equal installments, in order: 1x R$ 50,00 + 2x R$ 25,00. */
  parts: { count: number; cents: number }[];
  firstDate: string | null;
  lastDate: string | null;
};

const amountCents = (typed: string, language: Language): number | null => {
  const parsed = amountSchema.safeParse(parseAmountInput(typed, language));
  return parsed.success ? toCents(parsed.data) : null;
};

/**
 * The split the form previews as the person types, or null until the total and the count can be
 * read (and a typed first amount leaves at least a cent for each other installment).
 */
export function splitPreview(
  values: Pick<SharedFieldValues, "amount" | "date"> & Omit<InstallmentFieldValues, "installments">,
  language: Language,
): SplitPreview | null {
  const total = amountCents(values.amount, language);
  const count = Number(values.count.trim() || Number.NaN);
  if (total === null || !Number.isInteger(count)) return null;
  if (count < INSTALLMENTS_MIN || count > INSTALLMENTS_MAX) return null;
  let first: number | undefined;
  if (values.firstAmount.trim() !== "") {
    const typed = amountCents(values.firstAmount, language);
    if (typed === null || total - typed < count - 1) return null;
    first = typed;
  }
  if (first === undefined && total < count) return null;
  const parts: SplitPreview["parts"] = [];
  for (const cents of splitInstallments(total, count, first)) {
    const last = parts.at(-1);
    if (last && last.cents === cents) last.count += 1;
    else parts.push({ count: 1, cents });
  }
  const dates = /^\d{4}-\d{2}-\d{2}$/.test(values.date) ? installmentDates(values.date, count) : [];
  return { parts, firstDate: dates[0] ?? null, lastDate: dates.at(-1) ?? null };
}

/** "12x de R$ 300,00", or "1x de R$ 50,00 + 2x de R$ 25,00"; then the first and last dates. */
export function previewTexts(preview: SplitPreview, t: TFunction, language: Language) {
  const split = preview.parts
    .map(({ count, cents }) =>
      t("expenses.installments.part", { count, amount: formatMoney(fromCents(cents), language) }),
    )
    .join(" + ");
  const dates =
    preview.firstDate && preview.lastDate
      ? t("expenses.installments.dates", {
          first: formatDate(preview.firstDate, language),
          last: formatDate(preview.lastDate, language),
        })
      : null;
  return { split, dates };
}

/** Which installments a change or a deletion of one installment reaches. */
export type InstallmentScope = "only" | "following" | "all";

export const installmentScopes: readonly InstallmentScope[] = ["only", "following", "all"];

/** The installment a series call starts at: this one for "Esta e as próximas", 1 for "Todas". */
export const scopeFrom = (
  expense: Pick<ExpenseListItem, "installment">,
  scope: InstallmentScope,
) => (scope === "all" ? 1 : (expense.installment ?? 1));

/** What "Esta e as próximas" or "Todas" sets on every installment: never the date. */
type SeriesFields = Omit<UpdateInstallmentsInput, "from">;

/**
 * The call a change of an installment makes: "Só esta parcela" the ordinary PATCH of the expense
 * with every changed field; the others PATCH /api/installments/:seriesId from this installment or
 * from 1, with the changed fields among description, amount, category, payer and method (each
 * installment's date stays its own). None when nothing the scope reaches changed.
 */
export function installmentChange<Changes extends SeriesFields & { date?: string }>(
  expense: Pick<ExpenseListItem, "id" | "seriesId" | "installment">,
  scope: InstallmentScope,
  changes: Changes,
):
  | { kind: "expense"; id: string; input: Changes }
  | { kind: "series"; seriesId: string; input: UpdateInstallmentsInput }
  | null {
  if (scope === "only" || expense.seriesId === null) {
    return Object.keys(changes).length === 0
      ? null
      : { kind: "expense", id: expense.id, input: changes };
  }
  const { date: _date, ...fields } = changes;
  if (Object.keys(fields).length === 0) return null;
  return {
    kind: "series",
    seriesId: expense.seriesId,
    input: { from: scopeFrom(expense, scope), ...fields },
  };
}

/** The call a deletion of an installment makes: the expense alone, or the series from an installment on. */
export function installmentDeletion(
  expense: Pick<ExpenseListItem, "id" | "seriesId" | "installment">,
  scope: InstallmentScope,
): { kind: "expense"; id: string } | { kind: "series"; seriesId: string; from: number } {
  if (scope === "only" || expense.seriesId === null) return { kind: "expense", id: expense.id };
  return { kind: "series", seriesId: expense.seriesId, from: scopeFrom(expense, scope) };
}

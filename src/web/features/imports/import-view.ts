import type { Language } from "../../../contract/common";
import type { ImportPreview, ImportPreviewLine, ImportResult } from "../../../contract/imports";
import type { PaymentMethod } from "../../../contract/payment-methods";
import { ApiRequestError } from "../../lib/api-client";
import { localeOf, parseIsoDate } from "../../lib/format";
import { errorDescription } from "../../lib/toast-error";
import type { CreditChoice, Selection, selectionSummary } from "./import-selection";

// What the import screen shows, computed from the preview, the selection and the answers: the
// drawing (import-page.tsx and the files it draws with) only lays it out. How the file is read
// is import-reading.ts; which lines are sent, import-selection.ts.

type Translate = (key: string, options?: Record<string, unknown>) => string;
type Summary = ReturnType<typeof selectionSummary>;

/**
 * A refused import in the person's words: what was wrong with "Pago com" or "Fatura" (a method
 * archived meanwhile, a bill not of the card) when that is why; a credit's error (a refund past
 * what is left of its purchase) with its line's number; else the server's message.
 */
export function commitErrorText(
  error: unknown,
  lineOf: (path: string) => number | null,
  t: Translate,
): string {
  if (error instanceof ApiRequestError) {
    const fieldErrors = error.apiError?.errors ?? [];
    const paidWith = fieldErrors.find(
      (fieldError) => fieldError.path === "paymentMethodId" || fieldError.path === "billId",
    );
    if (paidWith) return paidWith.message;
    for (const fieldError of fieldErrors) {
      const number = lineOf(fieldError.path);
      if (number !== null) {
        return t("imports.credit.lineError", { number, message: fieldError.message });
      }
    }
  }
  return errorDescription(error);
}

/** A purchase's day and month as the person writes them ('12/03', '03/12'). */
export function dayAndMonth(iso: string, language: Language): string {
  const { year, month, day } = parseIsoDate(iso);
  return new Intl.DateTimeFormat(localeOf(language), {
    day: "2-digit",
    month: "2-digit",
    timeZone: "UTC",
  }).format(Date.UTC(year, month - 1, day));
}

/** Lines shown at a time: 10,000 rows of selects would make the page slow to draw. */
const PAGE_SIZE = 100;

/** The page of lines on screen (`page` from 0), where it starts, and how many pages there are. */
export function pageOfLines(lines: readonly ImportPreviewLine[], page: number) {
  const first = page * PAGE_SIZE;
  return {
    pages: Math.ceil(lines.length / PAGE_SIZE),
    first,
    shown: lines.slice(first, first + PAGE_SIZE),
  };
}

/** What the person changed on one line: its tick, its category, its credit's choice or its card. */
export type LineChoice = {
  ticked?: boolean;
  category?: string;
  credit?: CreditChoice;
  card?: string;
};

/** The selection with one line's choice changed, the other lines' as they were. */
export function withLineChoice(selection: Selection, index: number, patch: LineChoice): Selection {
  const at = <Value>(values: Value[], value: Value | undefined) =>
    value === undefined ? values : values.map((current, i) => (i === index ? value : current));
  return {
    credits: at(selection.credits, patch.credit),
    ticked: at(selection.ticked, patch.ticked),
    categories: at(selection.categories, patch.category),
    cards: at(selection.cards, patch.card),
  };
}

/**
 * "Pago com"'s choices: the family's active methods, and the chosen one though archived or
 * deleted meanwhile (it stays chosen, and the import is refused saying so), marked as such.
 */
export function paidWithChoices(
  active: readonly PaymentMethod[],
  chosen: PaymentMethod | undefined,
): { method: PaymentMethod; archived: boolean }[] {
  const choices =
    chosen && !active.some((method) => method.id === chosen.id) ? [...active, chosen] : active;
  return choices.map((method) => ({ method, archived: !active.includes(method) }));
}

/** The columns to choose from: their header's name, else "Coluna 1", "Coluna 2"… */
export function columnOptions(preview: ImportPreview, t: Translate) {
  return preview.columnNames.map((name, index) => ({
    value: String(index),
    label: preview.settings.hasHeader && name ? name : t("imports.column", { number: index + 1 }),
  }));
}

/** What an import records besides spending, in the order the screen says them. */
const besides = ["incomes", "refunds", "billPayments", "transfers"] as const;

/**
 * What the import records besides spending, each kind with its count: "+ 2 receitas · + 1
 * estorno · + 1 pagamento de fatura" (docs/product.md#credits, #ofx-import); "" when none.
 */
export function creditsSummaryText(summary: Summary, t: Translate): string {
  return besides
    .map((kind) => (summary[kind] > 0 ? t(`imports.credit.${kind}`, { count: summary[kind] }) : ""))
    .filter(Boolean)
    .join(" · ");
}

/** The import button: what it would record, or that it is recording. */
export function importButton(summary: Summary, pending: boolean, t: Translate) {
  const credits = besides.reduce((sum, kind) => sum + summary[kind], 0);
  return {
    disabled:
      summary.count + credits === 0 || summary.missingCategory + summary.missingCard > 0 || pending,
    label: pending
      ? t("imports.importing")
      : credits > 0
        ? t("imports.credit.import", { count: summary.count + credits })
        : t("imports.import", { count: summary.count }),
  };
}

/** 'Conciliar' with an OFX's ledger balance, after its lines went into an account. */
export type ReconcileLink = { href: string; account: string; amount: string; date: string };

/**
 * The reconciliation an OFX offers once imported into an account (docs/product.md#ofx-import):
 * its ledger balance on its day, brought to the account's reconcile screen; none for a CSV, an
 * OFX without one, a card (its bill is its statement) or no account.
 */
export function reconcileLinkOf(
  preview: Pick<ImportPreview, "statementBalance">,
  method: Pick<PaymentMethod, "id" | "kind" | "name"> | undefined,
): ReconcileLink | null {
  const balance = preview.statementBalance;
  if (!balance || !method || method.kind === "credit_card") return null;
  const search = new URLSearchParams({ date: balance.date, bankBalance: balance.amount });
  return {
    href: `/payment-methods/${method.id}/reconcile?${search}`,
    account: method.name,
    amount: balance.amount,
    date: balance.date,
  };
}

/**
 * What an import recorded, in a sentence: its expenses, then its incomes, refunds, bill payments
 * and transfers, as the answer counts them (those already in the app left out).
 */
export function importDoneText(result: ImportResult, t: Translate): string {
  const done = {
    incomes: result.incomeCount,
    refunds: result.refundCount,
    billPayments: result.billPaymentCount,
    transfers: result.transferCount,
  };
  const spending = besides.reduce((left, kind) => left - done[kind], result.importedCount);
  return [
    t("imports.done", { count: Math.max(0, spending) }),
    ...besides.map((kind) =>
      done[kind] > 0 ? ` ${t(`imports.credit.${kind}Done`, { count: done[kind] })}` : "",
    ),
    // Already in the app by the bank's id (docs/product.md#ofx-import).
    result.skippedCount > 0 ? ` ${t("imports.skipped", { count: result.skippedCount })}` : "",
  ].join("");
}

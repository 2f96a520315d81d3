import type { ImportOptions, ImportPreview } from "../../../contract/imports";
import type { PaymentMethod } from "../../../contract/payment-methods";

type Settings = ImportPreview["settings"];

/**
 * The options a file is read with: what the person chose in "Como ler o arquivo" and, when the
 * lines go into a card ("Pago com"), `statementKind: "card"`: a file imported into a card is a
 * card statement by definition (docs/product.md#reading-the-file). An account adds nothing.
 */
export function readingOptions(
  chosen: ImportOptions,
  method: Pick<PaymentMethod, "kind"> | undefined,
): ImportOptions {
  const { statementKind: _fromTheMethod, ...rest } = chosen;
  return method?.kind === "credit_card" ? { ...rest, statementKind: "card" } : rest;
}

/** Whether a new "Pago com" reads the file again: only when it makes it a card's or no longer. */
export const readsAnotherKind = (
  before: Pick<PaymentMethod, "kind"> | undefined,
  after: Pick<PaymentMethod, "kind"> | undefined,
) => (before?.kind === "credit_card") !== (after?.kind === "credit_card");

/**
 * Every setting as shown, so a new reading changes only what the person changed. The sign is
 * kept only when the person chose it: a guessed sign stays a guess (and its reason stays named)
 * when the file is read again with another column or format.
 */
export function shownOptions(settings: Settings, signChosen: boolean): ImportOptions {
  const options: ImportOptions = {
    encoding: settings.encoding,
    separator: settings.separator,
    hasHeader: settings.hasHeader,
    dateFormat: settings.dateFormat,
    amountFormat: settings.amountFormat,
    columns: settings.columns,
  };
  if (signChosen) options.spendingSign = settings.spendingSign;
  return options;
}

/**
 * The sentence beside "Gastos são os valores" saying why the signs are read so
 * (`spendingSignReason`, docs/product.md#reading-the-file): a card statement by its signs, a bank
 * statement, one sign only, or chosen: by the person, or because the lines go into a card.
 */
export function signGuessKey(settings: Settings, signChosen: boolean): string {
  switch (settings.spendingSignReason) {
    case "cardStatement":
      return "imports.signGuess.cardStatement";
    case "bankStatement":
      return "imports.signGuess.bankStatement";
    case "oneSign":
      return "imports.signGuess.oneSign";
    case "chosen":
      return !signChosen && settings.statementKind === "card"
        ? "imports.signGuess.intoCard"
        : "imports.signGuess.chosen";
  }
}

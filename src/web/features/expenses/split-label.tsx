import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { toCents } from "../../../contract/cents";
import type { ExpenseListItem } from "../../../contract/expenses";
import type { FamilyPerson } from "../../../contract/family";
import { useFamilyPeople } from "../../api/family/get-family-people";
import { useLanguage } from "../../i18n/use-language";
import { formatMoney } from "../../lib/format";
import { displayNameOf } from "../../lib/member-name";
import { formatPercent } from "./split-draft";
import { expensesTexts } from "./texts";

/**
 * Each person by their first name ("Ana"), or by their whole name when another person of the
 * family has the same first name: short enough for a phone's line of shares, never ambiguous.
 */
export function shortNamesOf(people: readonly FamilyPerson[]): Map<string, string> {
  const full = people.map((person) => [person.userId, displayNameOf(person)] as const);
  const first = (name: string) => name.split(" ")[0] as string;
  const count = new Map<string, number>();
  for (const [, name] of full) if (name) count.set(first(name), (count.get(first(name)) ?? 0) + 1);
  const names = new Map<string, string>();
  for (const [id, name] of full) {
    if (name) names.set(id, count.get(first(name)) === 1 ? first(name) : name);
  }
  return names;
}

/** Short names by id; "Ex-membro" for one the family does not know by name. */
export function useShortNames(): (userId: string) => string {
  const { t } = useTranslation(expensesTexts);
  const people = useFamilyPeople();
  const names = useMemo(() => shortNamesOf(people.data ?? []), [people.data]);
  return useCallback((userId) => names.get(userId) ?? t("payer.unnamed"), [names, t]);
}

/**
 * Who an expense is for, short, in the lists (docs/decisions/012-yours-mine-ours.md): "Só Ana",
 * "Ana 60% · Léo 40%", "Ana R$ 120,00 · Léo R$ 80,00"; nothing for the family's split.
 */
export function SplitLabel({
  split,
  nameOf,
}: {
  split: ExpenseListItem["split"];
  nameOf: (userId: string) => string;
}) {
  const { t } = useTranslation(expensesTexts);
  const language = useLanguage();
  // The family's split says nothing; another member's private expense says "Gasto privado" itself.
  if (split.mode === "family" || split.mode === "private") return null;
  const text =
    split.mode === "one"
      ? t("expenses.forWhom.onlyShort", { name: nameOf(split.userId) })
      : split.shares
          .map(
            (share) =>
              `${nameOf(share.userId)} ${
                "percent" in share
                  ? formatPercent(toCents(share.percent), language)
                  : formatMoney(share.amount, language)
              }`,
          )
          .join(" · ");
  return (
    <span className="block font-normal text-muted-foreground text-xs" data-testid="split-label">
      {text}
    </span>
  );
}

import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { FamilyPerson } from "../../../contract/family";
import { displayNameOf } from "../../lib/member-name";
import { useFamilyPeople } from "./get-family-people";

/**
 * The name shown for a payer: theirs when the family knows it (members and former members alike),
 * else null (a deleted account, or a former member without a name).
 */
export function payerNameIn(
  people: ReadonlyMap<string, FamilyPerson>,
  userId: string | null,
): string | null {
  const person = userId ? people.get(userId) : undefined;
  return person ? displayNameOf(person) : null;
}

export const peopleById = (people: readonly FamilyPerson[]) =>
  new Map(people.map((person) => [person.userId, person]));

/**
 * Resolves payer ids to names for the lists and reports: "" while the people are loading (blank
 * rather than a wrong name), "Ex-membro" for one the family no longer knows by name.
 */
export function usePayerName(): (userId: string | null) => string {
  const { t } = useTranslation();
  const people = useFamilyPeople();
  const byId = useMemo(() => (people.data ? peopleById(people.data) : null), [people.data]);
  return useCallback(
    (userId: string | null) => {
      if (!byId) return "";
      return payerNameIn(byId, userId) ?? t("payer.unnamed");
    },
    [byId, t],
  );
}

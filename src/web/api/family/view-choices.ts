import { useTranslation } from "react-i18next";
import type { FamilyPerson } from "../../../contract/family";
import { displayNameOf } from "../../lib/member-name";
import { useViewParam } from "../../lib/view-param";
import { useCurrentUser } from "../auth/get-current-user";
import type { SummaryView } from "../summary/get-month-summary";
import { useFamilyPeople } from "./get-family-people";

/** The member whose shares a screen shows; `me` when it is the signed-in user. */
export type ViewedMember = { userId: string; name: string; me: boolean };

export type ViewChoice = { value: string; label: string };

/**
 * 'Ver como': the family (value ""), me, then every other current member by name, in the family's
 * order (the owner, then by joining). Nothing to choose in a family of one: an empty list.
 */
export function viewChoices(
  signedInId: string | null,
  people: readonly FamilyPerson[] | undefined,
  texts: { family: string; me: string; unnamed: string },
): ViewChoice[] {
  const members = (people ?? []).filter((person) => person.isMember);
  if (!signedInId || members.length < 2) return [];
  return [
    { value: "", label: texts.family },
    { value: signedInId, label: texts.me },
    ...members
      .filter((person) => person.userId !== signedInId)
      .map((person) => ({
        value: person.userId,
        label: displayNameOf(person) ?? texts.unnamed,
      })),
  ];
}

/**
 * Whom the address's view names, among the choices: null (the family's) for an id that is no
 * current member's, or in a family of one. While the people load, the signed-in user is known
 * (their name is not needed: 'Minha parte') and another id is taken as it is, with no name yet, so
 * the month's call need not wait for the people's (both are among the early calls).
 */
export function viewedMemberOf(
  param: string | null,
  signedInId: string | null,
  people: readonly FamilyPerson[] | undefined,
  choices: readonly ViewChoice[],
): ViewedMember | null {
  if (!param) return null;
  if (!people) return { userId: param, name: "", me: param === signedInId };
  const choice = choices.find((candidate) => candidate.value === param);
  return choice ? { userId: param, name: choice.label, me: param === signedInId } : null;
}

/**
 * The dashboard's and the reports' view (docs/product.md#viewing-as-a-member): the `view` to ask
 * GET /api/summary and the trend for, who that is, the control's choices, and the choice's setter,
 * which writes the address (lib/view-param.ts).
 */
export function useViewAs(): {
  view: SummaryView;
  viewed: ViewedMember | null;
  choices: ViewChoice[];
  select: (value: string) => void;
} {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const people = useFamilyPeople();
  const [param, setParam] = useViewParam();
  const signedInId = user?.id ?? null;
  const choices = viewChoices(signedInId, people.data, {
    family: t("viewAs.family"),
    me: t("viewAs.me"),
    unnamed: t("payer.unnamed"),
  });
  const viewed = viewedMemberOf(param, signedInId, people.data, choices);
  return {
    view: viewed?.userId ?? null,
    viewed,
    choices,
    select: (value) => setParam(value || null),
  };
}

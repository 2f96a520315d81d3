import { useTranslation } from "react-i18next";
import type { FamilyPerson } from "../../../contract/family";
import { displayNameOf } from "../../lib/member-name";
import { useCurrentUser } from "../auth/get-current-user";
import { useFamilyPeople } from "./get-family-people";

export type PayerChoice = { value: string; label: string };

/**
 * The choices, the signed-in user first: their option exists from the first render (the user is
 * known before any signed-in screen shows), so a form whose default payer is the signed-in user
 * shows them selected even while the other members load. A payer the record already has who is
 * no longer a member stays a choice, so editing another field does not change who paid.
 */
export function payerChoices(
  signedIn: { id: string; label: string } | null,
  people: readonly FamilyPerson[] | undefined,
  currentPayerId: string | null | undefined,
  texts: { you: (name: string) => string; former: (name: string) => string; unnamed: string },
): PayerChoice[] {
  const choices: PayerChoice[] = [];
  if (signedIn) choices.push({ value: signedIn.id, label: texts.you(signedIn.label) });
  for (const person of people ?? []) {
    if (!person.isMember || person.userId === signedIn?.id) continue;
    choices.push({ value: person.userId, label: displayNameOf(person) ?? texts.unnamed });
  }
  if (currentPayerId === null) {
    choices.push({ value: "", label: texts.unnamed });
  } else if (currentPayerId && !choices.some((choice) => choice.value === currentPayerId)) {
    const former = people?.find((person) => person.userId === currentPayerId);
    const name = former ? displayNameOf(former) : null;
    choices.push({ value: currentPayerId, label: name ? texts.former(name) : texts.unnamed });
  }
  return choices;
}

/**
 * "Pago por"'s choices from the signed-in user and the family's people, for
 * components/payer-select.tsx. `currentPayerId`, when editing: the payer the record has now (null
 * when their account is gone), kept as a choice if they are no longer a member.
 */
export function usePayerChoices(currentPayerId?: string | null): PayerChoice[] {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const people = useFamilyPeople();
  const signedIn = user ? { id: user.id, label: displayNameOf(user) ?? user.email } : null;
  return payerChoices(signedIn, people.data, currentPayerId, {
    you: (name) => t("payer.you", { name }),
    former: (name) => t("payer.formerMember", { name }),
    unnamed: t("payer.unnamed"),
  });
}

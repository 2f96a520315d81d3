import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import type { FamilyPerson } from "../../contract/family";
import { useCurrentUser } from "../api/auth/get-current-user";
import { useFamilyPeople } from "../api/family/get-family-people";
import { displayNameOf } from "../lib/member-name";
import { FormField } from "./ui/form-field";
import { NativeSelect } from "./ui/native-select";

type Choice = { value: string; label: string };

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
): Choice[] {
  const choices: Choice[] = [];
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
 * "Pago por": a native select of the family's current members, labelled, for react-hook-form's
 * `register` (or value/onChange). The form's default value should be the signed-in user's id,
 * which is the first choice. Props other than those below go to the <select>.
 */
export function PayerSelect({
  label,
  error,
  currentPayerId,
  className,
  ...selectProps
}: Omit<ComponentProps<"select">, "children"> & {
  /** The field's label; "Pago por" when not given. */
  label?: string;
  /** A translated error text, shown under the field. */
  error?: string;
  /**
   * When editing: the payer the record has now (null when their account is gone), kept as a
   * choice if they are no longer a member.
   */
  currentPayerId?: string | null;
}) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const people = useFamilyPeople();
  const signedIn = user ? { id: user.id, label: displayNameOf(user) ?? user.email } : null;
  const choices = payerChoices(signedIn, people.data, currentPayerId, {
    you: (name) => t("payer.you", { name }),
    former: (name) => t("payer.formerMember", { name }),
    unnamed: t("payer.unnamed"),
  });
  return (
    <FormField label={label ?? t("payer.label")} error={error} className={className}>
      <NativeSelect {...selectProps}>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
}

/** The fields a name is made of; a former member's e-mail is not shared (null). */
export type NamedPerson = {
  name: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
};

/**
 * How a person is named wherever a payer or an author shows (the screens and the CSV export):
 * their name, else first and last name, else the e-mail; null when none is known (a former
 * member without a name), for the caller to say so in the reader's language.
 */
export function displayNameOf(user: NamedPerson): string | null {
  const name = user.name?.trim();
  if (name) return name;
  const fullName = [user.firstName?.trim(), user.lastName?.trim()].filter(Boolean).join(" ");
  return fullName || user.email || null;
}

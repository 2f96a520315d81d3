import type { FamilyMember } from "../../contract/family";

/** The fields a name is made of; a former member's e-mail is not known (null). */
type NamedUser = Pick<FamilyMember["user"], "name" | "firstName" | "lastName"> & {
  email: string | null;
};

/**
 * How a person is named: their name, else first and last name, else the e-mail; null when none
 * is known (a former member without a name), for the caller to say so in the reader's language.
 */
export function displayNameOf(user: NamedUser): string | null {
  const name = user.name?.trim();
  if (name) return name;
  const fullName = [user.firstName?.trim(), user.lastName?.trim()].filter(Boolean).join(" ");
  return fullName || user.email || null;
}

/** How a member is named in the list: their name, else first and last name, else the e-mail. */
export function memberDisplayName(user: FamilyMember["user"]): string {
  return displayNameOf(user) ?? user.email;
}

/** The owner first, then members in the order they joined. */
export function sortMembers(members: readonly FamilyMember[]): FamilyMember[] {
  return [...members].sort((a, b) => {
    if (a.role !== b.role) return a.role === "owner" ? -1 : 1;
    return a.joinedAt.localeCompare(b.joinedAt);
  });
}

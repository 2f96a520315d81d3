import type { FamilyMember } from "../../../contract/family";

/** How a member is named in the list: their name, else first and last name, else the e-mail. */
export function memberDisplayName(user: FamilyMember["user"]): string {
  const name = user.name?.trim();
  if (name) return name;
  const fullName = [user.firstName?.trim(), user.lastName?.trim()].filter(Boolean).join(" ");
  return fullName || user.email;
}

/** The owner first, then members in the order they joined. */
export function sortMembers(members: readonly FamilyMember[]): FamilyMember[] {
  return [...members].sort((a, b) => {
    if (a.role !== b.role) return a.role === "owner" ? -1 : 1;
    return a.joinedAt.localeCompare(b.joinedAt);
  });
}

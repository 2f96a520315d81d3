import type { FamilyMember } from "../../contract/family";
import { displayNameOf } from "../../domain/person-name";

// One rule for the screens and the server's CSV export (src/domain/person-name.ts).
export { displayNameOf };

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

/**
 * The Profile page's family tab. Owned by the families feature; replaced by its real content
 * (family name, members, invites, removal, or create/join) in the families work.
 */
export function FamilyTab() {
  return null;
}

import { UserMinus } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FamilyMember } from "../../../contract/family";
import { useCurrentUser } from "../../api/auth/get-current-user";
import { useFamilyMembers } from "../../api/family/get-family-members";
import { UserAvatar } from "../../components/ui/avatar";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { memberDisplayName, sortMembers } from "../../lib/member-name";
import { RemoveMemberDialog } from "./remove-member-dialog";
import { familyTexts } from "./texts";

export function MembersList({ isOwner }: { isOwner: boolean }) {
  const { t } = useTranslation(familyTexts);
  const headingId = useId();
  const { user } = useCurrentUser();
  const { data: members = [], isLoading, error } = useFamilyMembers();
  const [removing, setRemoving] = useState<FamilyMember | null>(null);

  return (
    <section aria-labelledby={headingId} className="grid grid-cols-1 gap-3">
      <h3 id={headingId} className="font-semibold text-base">
        {t("family.members.title")}
      </h3>
      {isLoading ? (
        <p className="text-muted-foreground text-sm">{t("family.members.loading")}</p>
      ) : error ? (
        <p className="text-destructive text-sm">{t("family.members.error")}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-2">
          {sortMembers(members).map((member) => {
            const name = memberDisplayName(member.user);
            const isMe = member.userId === user?.id;
            return (
              <li
                key={member.id}
                className="flex items-center gap-3 rounded-xl border border-border p-3"
                data-testid="family-member"
              >
                <UserAvatar imageUrl={member.user.profileImageUrl} className="size-10" />
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <p className="min-w-0 truncate font-medium">{name}</p>
                    <Badge variant={member.role === "owner" ? "default" : "secondary"}>
                      {t(`family.roles.${member.role}`)}
                    </Badge>
                  </div>
                  <p className="truncate text-muted-foreground text-sm">
                    {isMe ? t("family.members.you") : t("family.members.member")}
                    {name !== member.user.email ? ` · ${member.user.email}` : null}
                  </p>
                </div>
                {isOwner && member.role !== "owner" ? (
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="text-destructive hover:bg-destructive/10 hover:text-destructive"
                    aria-label={t("family.remove.open", { name })}
                    onClick={() => setRemoving(member)}
                  >
                    <UserMinus aria-hidden="true" />
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      <RemoveMemberDialog member={removing} onClose={() => setRemoving(null)} />
    </section>
  );
}

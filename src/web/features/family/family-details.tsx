import { Crown, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Family } from "../../../contract/family";
import { Card, CardContent, CardDescription, CardHeader } from "../../components/ui/card";
import { InviteSection } from "./invite-section";
import { MembersList } from "./members-list";
import { familyTexts } from "./texts";

/** The family of a member: who is in it, and how to bring someone else in. */
export function FamilyDetails({ family }: { family: Family }) {
  const { t } = useTranslation(familyTexts);
  const isOwner = family.role === "owner";
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
            <Users aria-hidden="true" className="size-5" />
          </span>
          <div className="min-w-0">
            <h2 className="break-words font-semibold text-lg leading-tight">{family.name}</h2>
            <CardDescription className="flex items-center gap-1">
              {isOwner ? <Crown aria-hidden="true" className="size-3.5" /> : null}
              {isOwner ? t("family.details.ownerNote") : t("family.details.memberNote")}
            </CardDescription>
          </div>
        </div>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-8">
        <MembersList isOwner={isOwner} />
        <InviteSection />
      </CardContent>
    </Card>
  );
}

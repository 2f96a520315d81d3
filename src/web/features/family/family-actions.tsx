import { LogOut, Trash2, UserCog } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Family, FamilyMember } from "../../../contract/family";
import { useCurrentUser } from "../../api/auth/get-current-user";
import { useFamilyMembers } from "../../api/family/get-family-members";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../../components/ui/card";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { memberDisplayName, sortMembers } from "../../lib/member-name";
import { DeleteFamilyDialog } from "./delete-family-dialog";
import { LeaveFamilyDialog } from "./leave-family-dialog";
import { familyTexts } from "./texts";
import { TransferOwnershipDialog } from "./transfer-ownership-dialog";

/**
 * Leaving the family, handing it over, deleting it (docs/product.md#leaving-a-family). A member may leave; the
 * owner may not while anyone else remains (the family would have nobody to run it), so the owner
 * first hands it to a member or, alone, deletes it. Buttons the caller cannot use stay visible,
 * disabled, with the reason next to them.
 */
export function FamilyActions({ family }: { family: Family }) {
  const { t } = useTranslation(familyTexts);
  const { user } = useCurrentUser();
  const { data: members = [] } = useFamilyMembers();
  const isOwner = family.role === "owner";
  const others = sortMembers(members).filter((member) => member.userId !== user?.id);
  const alone = others.length === 0;

  return (
    <Card>
      <CardHeader>
        <h2 className="font-semibold text-lg leading-tight">{t("family.actions.title")}</h2>
        <CardDescription>
          {isOwner ? t("family.actions.ownerDescription") : t("family.actions.memberDescription")}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-6">
        {isOwner ? <TransferSection others={others} /> : null}
        <LeaveSection family={family} blockedHint={ownerLeaveHint(isOwner, alone, t)} />
        {isOwner ? <DeleteSection family={family} alone={alone} /> : null}
      </CardContent>
    </Card>
  );
}

function ownerLeaveHint(
  isOwner: boolean,
  alone: boolean,
  t: (key: string) => string,
): string | undefined {
  if (!isOwner) return undefined;
  return alone ? t("family.leave.ownerAloneHint") : t("family.leave.ownerHint");
}

function ActionSection({
  title,
  hint,
  hintId,
  children,
}: {
  title: string;
  hint: string;
  hintId: string;
  children: ReactNode;
}) {
  return (
    <section className="grid gap-3 border-border border-t pt-5 first:border-t-0 first:pt-0">
      <div className="grid gap-1">
        <h3 className="font-semibold text-base">{title}</h3>
        <p id={hintId} className="text-muted-foreground text-sm">
          {hint}
        </p>
      </div>
      {children}
    </section>
  );
}

function TransferSection({ others }: { others: FamilyMember[] }) {
  const { t } = useTranslation(familyTexts);
  const hintId = useId();
  const selectId = useId();
  const [selectedId, setSelectedId] = useState("");
  const [confirming, setConfirming] = useState<FamilyMember | null>(null);
  const selected = others.find((member) => member.userId === selectedId) ?? others[0];

  return (
    <ActionSection
      title={t("family.transfer.title")}
      hint={others.length > 0 ? t("family.transfer.description") : t("family.transfer.noMembers")}
      hintId={hintId}
    >
      {others.length > 0 ? (
        <div className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end sm:gap-3">
          <div className="grid gap-2">
            <Label htmlFor={selectId}>{t("family.transfer.memberLabel")}</Label>
            <NativeSelect
              id={selectId}
              value={selected?.userId ?? ""}
              onChange={(event) => setSelectedId(event.target.value)}
            >
              {others.map((member) => (
                <option key={member.userId} value={member.userId}>
                  {memberDisplayName(member.user)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button
            type="button"
            variant="outline"
            aria-describedby={hintId}
            onClick={() => setConfirming(selected ?? null)}
          >
            <UserCog aria-hidden="true" />
            {t("family.transfer.open")}
          </Button>
        </div>
      ) : null}
      <TransferOwnershipDialog member={confirming} onClose={() => setConfirming(null)} />
    </ActionSection>
  );
}

function LeaveSection({ family, blockedHint }: { family: Family; blockedHint?: string }) {
  const { t } = useTranslation(familyTexts);
  const hintId = useId();
  const [open, setOpen] = useState(false);
  return (
    <ActionSection
      title={t("family.leave.title")}
      hint={blockedHint ?? t("family.leave.memberHint")}
      hintId={hintId}
    >
      <Button
        type="button"
        variant="outline"
        className="w-full text-destructive hover:text-destructive sm:w-fit"
        disabled={blockedHint !== undefined}
        aria-describedby={hintId}
        onClick={() => setOpen(true)}
      >
        <LogOut aria-hidden="true" />
        {t("family.leave.open")}
      </Button>
      <LeaveFamilyDialog family={family} open={open} onClose={() => setOpen(false)} />
    </ActionSection>
  );
}

function DeleteSection({ family, alone }: { family: Family; alone: boolean }) {
  const { t } = useTranslation(familyTexts);
  const hintId = useId();
  const [open, setOpen] = useState(false);
  return (
    <ActionSection
      title={t("family.deleteFamily.title")}
      hint={alone ? t("family.deleteFamily.description") : t("family.deleteFamily.hasMembers")}
      hintId={hintId}
    >
      <Button
        type="button"
        variant="destructive"
        className="w-full sm:w-fit"
        disabled={!alone}
        aria-describedby={hintId}
        onClick={() => setOpen(true)}
      >
        <Trash2 aria-hidden="true" />
        {t("family.deleteFamily.open")}
      </Button>
      <DeleteFamilyDialog family={family} open={open} onClose={() => setOpen(false)} />
    </ActionSection>
  );
}

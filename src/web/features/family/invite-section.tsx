import { Check, Copy, Link2, RefreshCw } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Invite } from "../../../contract/family";
import { useCreateInvite } from "../../api/family/create-invite";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { useLanguage } from "../../i18n/use-language";
import { localeOf } from "../../lib/format";
import { toastError } from "../../lib/toast-error";
import { toast } from "../../lib/use-toast";
import { familyTexts } from "./texts";
import { useCopiedFlag } from "./use-copied-flag";

type CopyTarget = "code" | "link";

function CopyRow({
  label,
  value,
  copyLabel,
  isCopied,
  onCopy,
  mono,
}: {
  label: string;
  value: string;
  copyLabel: string;
  isCopied: boolean;
  onCopy: () => void;
  mono?: boolean;
}) {
  const { t } = useTranslation(familyTexts);
  const id = useId();
  return (
    <div className="grid grid-cols-1 gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          readOnly
          value={value}
          className={mono ? "font-mono font-semibold text-base tracking-widest" : undefined}
          onFocus={(event) => event.target.select()}
        />
        <Button
          type="button"
          variant="outline"
          onClick={onCopy}
          aria-label={isCopied ? t("family.invite.copied") : copyLabel}
          className="min-w-28"
        >
          {isCopied ? (
            <Check aria-hidden="true" className="text-primary" />
          ) : (
            <Copy aria-hidden="true" />
          )}
          {isCopied ? t("family.invite.copied") : t("family.invite.copy")}
        </Button>
      </div>
    </div>
  );
}

/** Any member can invite: a code to type, and the same invite as a link that joins in one tap. */
export function InviteSection() {
  const { t } = useTranslation(familyTexts);
  const language = useLanguage();
  const headingId = useId();
  const [invite, setInvite] = useState<Invite | null>(null);
  const { copied, markCopied } = useCopiedFlag<CopyTarget>();
  const mutation = useCreateInvite({
    onSuccess: setInvite,
    onError: (error) => toastError(error, t("family.invite.error")),
  });

  async function copy(target: CopyTarget, text: string) {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      toast({
        variant: "destructive",
        title: t("common.error"),
        description: t("family.invite.copyFailed"),
      });
      return;
    }
    markCopied(target);
    toast({
      title: t(target === "code" ? "family.invite.codeCopied" : "family.invite.linkCopied"),
    });
  }

  const expiresAt = invite
    ? new Intl.DateTimeFormat(localeOf(language), {
        dateStyle: "short",
        timeStyle: "short",
      }).format(new Date(invite.expiresAt))
    : null;

  return (
    <section aria-labelledby={headingId} className="grid grid-cols-1 gap-4">
      <div className="grid gap-1">
        <h3 id={headingId} className="font-semibold text-base">
          {t("family.invite.title")}
        </h3>
        <p className="text-muted-foreground text-sm">{t("family.invite.description")}</p>
      </div>
      {invite ? (
        <div className="grid grid-cols-1 gap-4 rounded-xl border border-border bg-muted/40 p-4">
          <CopyRow
            label={t("family.invite.codeLabel")}
            value={invite.inviteCode}
            copyLabel={t("family.invite.copyCode")}
            isCopied={copied === "code"}
            onCopy={() => void copy("code", invite.inviteCode)}
            mono
          />
          <CopyRow
            label={t("family.invite.linkLabel")}
            value={invite.url}
            copyLabel={t("family.invite.copyLink")}
            isCopied={copied === "link"}
            onCopy={() => void copy("link", invite.url)}
          />
          <p className="text-muted-foreground text-xs">
            {t("family.invite.expires", { date: expiresAt })}
          </p>
        </div>
      ) : null}
      <Button
        type="button"
        variant={invite ? "outline" : "default"}
        disabled={mutation.isPending}
        onClick={() => mutation.mutate()}
        className="w-full sm:w-fit"
      >
        {invite ? <RefreshCw aria-hidden="true" /> : <Link2 aria-hidden="true" />}
        {mutation.isPending
          ? t("family.invite.generating")
          : invite
            ? t("family.invite.regenerate")
            : t("family.invite.generate")}
      </Button>
    </section>
  );
}

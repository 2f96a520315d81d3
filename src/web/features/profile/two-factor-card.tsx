import { Copy, Download, ShieldCheck } from "lucide-react";
import { type FormEvent, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TwoFactorProofInput, TwoFactorSetupResponse } from "../../../contract/two-factor";
import type { User } from "../../../contract/user";
import { useConfirmTwoFactor } from "../../api/two-factor-setup/confirm-two-factor";
import { useDisableTwoFactor } from "../../api/two-factor-setup/disable-two-factor";
import { useRenewRecoveryCodes } from "../../api/two-factor-setup/renew-recovery-codes";
import { useStartTwoFactorSetup } from "../../api/two-factor-setup/start-two-factor-setup";
import { Button } from "../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../components/ui/card";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { ApiRequestError } from "../../lib/api-client";
import { toastError } from "../../lib/toast-error";
import { toast } from "../../lib/use-toast";
import { profileTexts } from "./texts";

/**
 * 'Verificação em duas etapas' (docs/product.md#two-factor-sign-in): off, setting up
 * (the QR code, the manual key, a code), the recovery codes shown once, and on (turn off, new
 * recovery codes; both with the password and a code). Signing in with it is the auth feature's
 * step (features/auth/two-factor-step.tsx).
 */
export function TwoFactorCard({ user }: { user: User }) {
  const { t } = useTranslation(profileTexts);
  const [setup, setSetup] = useState<TwoFactorSetupResponse | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  let body: ReactNode;
  if (recoveryCodes) {
    body = <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  } else if (setup) {
    body = (
      <SetupStep
        setup={setup}
        onCancel={() => setSetup(null)}
        onConfirmed={(codes) => {
          setSetup(null);
          setRecoveryCodes(codes);
          toast({ title: t("profile.twoFactor.enabledToast") });
        }}
      />
    );
  } else if (user.twoFactorEnabled) {
    body = <EnabledState onNewCodes={setRecoveryCodes} />;
  } else {
    body = <StartSetup onStarted={setSetup} />;
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t("profile.twoFactor.title")}</h2>
        </CardTitle>
        <CardDescription>
          {t("profile.twoFactor.description")}{" "}
          <strong>
            {user.twoFactorEnabled
              ? t("profile.twoFactor.statusOn")
              : t("profile.twoFactor.statusOff")}
          </strong>
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">{body}</CardContent>
    </Card>
  );
}

/** The server's translated error for one field, if it named that field; else a toast. */
function fieldErrorsOf(error: Error, fields: string[], fallback: string) {
  const onFields =
    error instanceof ApiRequestError
      ? error.apiError?.errors?.filter((field) => fields.includes(field.path))
      : undefined;
  if (!onFields?.length) {
    toastError(error, fallback);
    return {};
  }
  return Object.fromEntries(onFields.map((field) => [field.path, field.message]));
}

async function copy(text: string, done: string) {
  await navigator.clipboard?.writeText(text).catch(() => undefined);
  toast({ title: done });
}

/**
 * Turning it on starts with the account's password (docs/product.md#two-factor-sign-in): a
 * session alone, perhaps a stolen one, cannot add a second factor that locks the owner out.
 */
function StartSetup({ onStarted }: { onStarted: (setup: TwoFactorSetupResponse) => void }) {
  const { t } = useTranslation(profileTexts);
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const start = useStartTwoFactorSetup({
    onSuccess: onStarted,
    onError: (error) => setErrors(fieldErrorsOf(error, ["password"], t("profile.twoFactor.error"))),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    start.mutate({ password });
  };
  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      <p className="text-muted-foreground text-sm">{t("profile.twoFactor.setupPasswordHelp")}</p>
      <FormField label={t("profile.twoFactor.password")} error={errors.password}>
        <Input
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </FormField>
      <div>
        <Button type="submit" disabled={start.isPending}>
          <ShieldCheck className="size-4" aria-hidden="true" />
          {start.isPending ? t("profile.twoFactor.starting") : t("profile.twoFactor.turnOn")}
        </Button>
      </div>
    </form>
  );
}

function SetupStep({
  setup,
  onCancel,
  onConfirmed,
}: {
  setup: TwoFactorSetupResponse;
  onCancel: () => void;
  onConfirmed: (codes: string[]) => void;
}) {
  const { t } = useTranslation(profileTexts);
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const confirm = useConfirmTwoFactor({
    onSuccess: (response) => onConfirmed(response.recoveryCodes),
    onError: (error) => setErrors(fieldErrorsOf(error, ["code"], t("profile.twoFactor.error"))),
  });
  // Groups of four, as the apps show keys: easier to read and type by hand.
  const groupedKey = setup.secret.match(/.{1,4}/g)?.join(" ") ?? setup.secret;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    confirm.mutate({ code });
  };

  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <h3 className="font-medium">{t("profile.twoFactor.scanTitle")}</h3>
        <p className="text-muted-foreground text-sm">{t("profile.twoFactor.scanHelp")}</p>
        <img
          src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrCodeSvg)}`}
          alt={t("profile.twoFactor.qrAlt")}
          width={192}
          height={192}
          className="size-48 rounded-md bg-white"
        />
      </div>
      <div className="grid gap-2">
        <p className="text-sm">{t("profile.twoFactor.manualKey")}</p>
        <div className="flex flex-wrap items-center gap-2">
          <code
            data-testid="two-factor-key"
            className="rounded-md bg-muted px-2 py-1 font-mono text-sm"
          >
            {groupedKey}
          </code>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => copy(setup.secret, t("profile.twoFactor.copied"))}
          >
            <Copy className="size-4" aria-hidden="true" />
            {t("profile.twoFactor.copyKey")}
          </Button>
        </div>
      </div>
      <form noValidate className="grid gap-4" onSubmit={submit}>
        <h3 className="font-medium">{t("profile.twoFactor.codeTitle")}</h3>
        <FormField label={t("profile.twoFactor.code")} error={errors.code}>
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={32}
            placeholder={t("profile.twoFactor.codePlaceholder")}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        </FormField>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={confirm.isPending}>
            {confirm.isPending ? t("profile.twoFactor.confirming") : t("profile.twoFactor.confirm")}
          </Button>
          <Button type="button" variant="outline" onClick={onCancel}>
            {t("profile.twoFactor.cancel")}
          </Button>
        </div>
      </form>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation(profileTexts);
  const asText = `${codes.join("\n")}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([asText], { type: "text/plain" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = t("profile.twoFactor.fileName");
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="grid gap-4">
      <h3 className="font-medium">{t("profile.twoFactor.recoveryTitle")}</h3>
      <p className="text-muted-foreground text-sm">{t("profile.twoFactor.recoveryHelp")}</p>
      <ul
        aria-label={t("profile.twoFactor.recoveryListLabel")}
        className="grid grid-cols-2 gap-2 rounded-md bg-muted p-3 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={() => copy(asText, t("profile.twoFactor.copied"))}
        >
          <Copy className="size-4" aria-hidden="true" />
          {t("profile.twoFactor.copyCodes")}
        </Button>
        <Button type="button" variant="outline" onClick={download}>
          <Download className="size-4" aria-hidden="true" />
          {t("profile.twoFactor.download")}
        </Button>
        <Button type="button" onClick={onDone}>
          {t("profile.twoFactor.saved")}
        </Button>
      </div>
    </div>
  );
}

function EnabledState({ onNewCodes }: { onNewCodes: (codes: string[]) => void }) {
  const { t } = useTranslation(profileTexts);
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const onError = (error: Error) =>
    setErrors(fieldErrorsOf(error, ["password", "code"], t("profile.twoFactor.error")));
  const disable = useDisableTwoFactor({
    onSuccess: (response) => toast({ title: response.message }),
    onError,
  });
  const renew = useRenewRecoveryCodes({
    onSuccess: (response) => onNewCodes(response.recoveryCodes),
    onError,
  });
  const run = (action: (input: TwoFactorProofInput) => void) => (event?: FormEvent) => {
    event?.preventDefault();
    setErrors({});
    action({ password, code });
  };
  const busy = disable.isPending || renew.isPending;

  return (
    <form noValidate className="grid gap-4" onSubmit={run(disable.mutate)}>
      <p className="text-sm">{t("profile.twoFactor.onHelp")}</p>
      <p className="text-muted-foreground text-sm">{t("profile.twoFactor.proofHelp")}</p>
      <FormField label={t("profile.twoFactor.password")} error={errors.password}>
        <Input
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </FormField>
      <FormField label={t("profile.twoFactor.code")} error={errors.code}>
        <Input
          autoComplete="one-time-code"
          maxLength={32}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="destructive" disabled={busy}>
          {disable.isPending ? t("profile.twoFactor.turningOff") : t("profile.twoFactor.turnOff")}
        </Button>
        <Button type="button" variant="outline" disabled={busy} onClick={run(renew.mutate)}>
          {renew.isPending ? t("profile.twoFactor.renewing") : t("profile.twoFactor.renew")}
        </Button>
      </div>
    </form>
  );
}

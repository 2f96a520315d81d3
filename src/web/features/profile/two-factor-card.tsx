import { Copy, Download, ShieldCheck } from "lucide-react";
import { type FormEvent, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TwoFactorProofInput, TwoFactorSetupResponse } from "../../../contract/two-factor";
import type { User } from "../../../contract/user";
import { useConfirmTwoFactor } from "../../api/two-factor/confirm-two-factor";
import { useDisableTwoFactor } from "../../api/two-factor/disable-two-factor";
import { useRenewRecoveryCodes } from "../../api/two-factor/renew-recovery-codes";
import { useStartTwoFactorSetup } from "../../api/two-factor/start-two-factor-setup";
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
import { toast } from "../../components/ui/use-toast";
import { ApiRequestError } from "../../lib/api-client";
import { toastError } from "../../lib/toast-error";

/**
 * 'Verificação em duas etapas' (issue 18, docs/product.md#two-factor-sign-in): off, setting up
 * (the QR code, the manual key, a code), the recovery codes shown once, and on (turn off, new
 * recovery codes; both with the password and a code). The texts are in features/two-factor/locales.
 */
export function TwoFactorCard({ user }: { user: User }) {
  const { t } = useTranslation();
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
          toast({ title: t("twoFactor.enabledToast") });
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
          <h2>{t("twoFactor.title")}</h2>
        </CardTitle>
        <CardDescription>
          {t("twoFactor.description")}{" "}
          <strong>
            {user.twoFactorEnabled ? t("twoFactor.statusOn") : t("twoFactor.statusOff")}
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
  const { t } = useTranslation();
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const start = useStartTwoFactorSetup({
    onSuccess: onStarted,
    onError: (error) => setErrors(fieldErrorsOf(error, ["password"], t("twoFactor.error"))),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    start.mutate({ password });
  };
  return (
    <form noValidate className="grid gap-4" onSubmit={submit}>
      <p className="text-muted-foreground text-sm">{t("twoFactor.setupPasswordHelp")}</p>
      <FormField label={t("twoFactor.password")} error={errors.password}>
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
          {start.isPending ? t("twoFactor.starting") : t("twoFactor.turnOn")}
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
  const { t } = useTranslation();
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const confirm = useConfirmTwoFactor({
    onSuccess: (response) => onConfirmed(response.recoveryCodes),
    onError: (error) => setErrors(fieldErrorsOf(error, ["code"], t("twoFactor.error"))),
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
        <h3 className="font-medium">{t("twoFactor.scanTitle")}</h3>
        <p className="text-muted-foreground text-sm">{t("twoFactor.scanHelp")}</p>
        <img
          src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrCodeSvg)}`}
          alt={t("twoFactor.qrAlt")}
          width={192}
          height={192}
          className="size-48 rounded-md bg-white"
        />
      </div>
      <div className="grid gap-2">
        <p className="text-sm">{t("twoFactor.manualKey")}</p>
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
            onClick={() => copy(setup.secret, t("twoFactor.copied"))}
          >
            <Copy className="size-4" aria-hidden="true" />
            {t("twoFactor.copyKey")}
          </Button>
        </div>
      </div>
      <form noValidate className="grid gap-4" onSubmit={submit}>
        <h3 className="font-medium">{t("twoFactor.codeTitle")}</h3>
        <FormField label={t("twoFactor.code")} error={errors.code}>
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={32}
            placeholder={t("twoFactor.codePlaceholder")}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        </FormField>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={confirm.isPending}>
            {confirm.isPending ? t("twoFactor.confirming") : t("twoFactor.confirm")}
          </Button>
          <Button type="button" variant="outline" onClick={onCancel}>
            {t("twoFactor.cancel")}
          </Button>
        </div>
      </form>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const asText = `${codes.join("\n")}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([asText], { type: "text/plain" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = t("twoFactor.fileName");
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="grid gap-4">
      <h3 className="font-medium">{t("twoFactor.recoveryTitle")}</h3>
      <p className="text-muted-foreground text-sm">{t("twoFactor.recoveryHelp")}</p>
      <ul
        aria-label={t("twoFactor.recoveryListLabel")}
        className="grid grid-cols-2 gap-2 rounded-md bg-muted p-3 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => copy(asText, t("twoFactor.copied"))}>
          <Copy className="size-4" aria-hidden="true" />
          {t("twoFactor.copyCodes")}
        </Button>
        <Button type="button" variant="outline" onClick={download}>
          <Download className="size-4" aria-hidden="true" />
          {t("twoFactor.download")}
        </Button>
        <Button type="button" onClick={onDone}>
          {t("twoFactor.saved")}
        </Button>
      </div>
    </div>
  );
}

function EnabledState({ onNewCodes }: { onNewCodes: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const onError = (error: Error) =>
    setErrors(fieldErrorsOf(error, ["password", "code"], t("twoFactor.error")));
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
      <p className="text-sm">{t("twoFactor.onHelp")}</p>
      <p className="text-muted-foreground text-sm">{t("twoFactor.proofHelp")}</p>
      <FormField label={t("twoFactor.password")} error={errors.password}>
        <Input
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </FormField>
      <FormField label={t("twoFactor.code")} error={errors.code}>
        <Input
          autoComplete="one-time-code"
          maxLength={32}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="destructive" disabled={busy}>
          {disable.isPending ? t("twoFactor.turningOff") : t("twoFactor.turnOff")}
        </Button>
        <Button type="button" variant="outline" disabled={busy} onClick={run(renew.mutate)}>
          {renew.isPending ? t("twoFactor.renewing") : t("twoFactor.renew")}
        </Button>
      </div>
    </form>
  );
}

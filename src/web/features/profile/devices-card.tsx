import { HelpCircle, Monitor, Smartphone, Tablet } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { DeviceType, SignedInDevice } from "../../../contract/sessions";
import { useEndOtherSessions } from "../../api/sessions/end-other-sessions";
import { useEndSession } from "../../api/sessions/end-session";
import { useSignedInDevices } from "../../api/sessions/get-signed-in-devices";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "../../components/ui/alert-dialog";
import { Badge } from "../../components/ui/badge";
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
import { Skeleton } from "../../components/ui/skeleton";
import { useLanguage } from "../../i18n/use-language";
import { ApiRequestError } from "../../lib/api-client";
import { toastError } from "../../lib/toast-error";
import { toast } from "../../lib/use-toast";
import { deviceName, lastSeenText } from "./device-label";
import { profileTexts } from "./texts";

const icons: Record<DeviceType, typeof Monitor> = {
  phone: Smartphone,
  tablet: Tablet,
  desktop: Monitor,
  unknown: HelpCircle,
};

/**
 * 'Dispositivos conectados' (docs/product.md#signed-in-devices): every login of the
 * account, this one first and marked; any other can be ended, or all of them at once, with the
 * account's password (a stolen session alone must not sign the owner out everywhere). This
 * device has no end button: signing out here is the menu's 'Sair'.
 */
export function DevicesCard() {
  const { t } = useTranslation(profileTexts);
  const language = useLanguage();
  const { data: devices, isPending, isError } = useSignedInDevices();
  // Which confirmation is open: one login, or all the others.
  const [ending, setEnding] = useState<SignedInDevice | "others" | null>(null);
  const [password, setPassword] = useState("");
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const open = (target: SignedInDevice | "others") => {
    setPassword("");
    setPasswordError(undefined);
    setEnding(target);
  };
  const close = () => setEnding(null);
  /**
   * A wrong or missing password is shown under the field and the dialog stays open; anything
   * else (the login already ended, too many tries) is a toast.
   */
  const failed = (error: Error, closeOnToast: boolean) => {
    const onPassword =
      error instanceof ApiRequestError
        ? error.apiError?.errors?.find((field) => field.path === "password")
        : undefined;
    if (onPassword) {
      setPasswordError(onPassword.message);
      return;
    }
    toastError(error, t("profile.devices.error"));
    if (closeOnToast) close();
  };

  const endOne = useEndSession({
    onSuccess: () => {
      toast({ title: t("profile.devices.ended") });
      close();
    },
    onError: (error) => failed(error, true),
  });
  const endOthers = useEndOtherSessions({
    onSuccess: ({ ended }) => {
      toast({ title: t("profile.devices.othersEnded", { count: ended }) });
      close();
    },
    onError: (error) => failed(error, false),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPasswordError(undefined);
    if (ending === "others") endOthers.mutate({ password });
    else if (ending) endOne.mutate({ id: ending.id, password });
  };
  const pending = endOne.isPending || endOthers.isPending;
  const now = new Date();
  const others = devices?.filter((device) => !device.current).length ?? 0;
  const endingName = ending && ending !== "others" ? deviceName(ending.device, t) : "";

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t("profile.devices.title")}</h2>
        </CardTitle>
        <CardDescription>{t("profile.devices.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : isError ? (
          <p className="text-destructive text-sm" role="alert">
            {t("profile.devices.loadError")}
          </p>
        ) : (
          <>
            <ul className="grid divide-y divide-border rounded-lg border border-border">
              {devices.map((device) => {
                const Icon = icons[device.device.type];
                const name = deviceName(device.device, t);
                return (
                  <li
                    key={device.id}
                    className="flex items-center gap-3 p-3"
                    data-testid="signed-in-device"
                  >
                    <Icon className="size-6 shrink-0 text-muted-foreground" aria-hidden="true" />
                    <div className="grid min-w-0 flex-1 gap-0.5">
                      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium text-sm">
                        <span className="sr-only">
                          {t(`profile.devices.types.${device.device.type}`)}:{" "}
                        </span>
                        <span className="break-words">{name}</span>
                        {device.current ? (
                          <Badge variant="secondary">{t("profile.devices.thisDevice")}</Badge>
                        ) : null}
                      </p>
                      <p className="text-muted-foreground text-xs">
                        {device.current
                          ? t("profile.devices.activeNow")
                          : lastSeenText(device.lastSeenAt, now, language, t)}
                      </p>
                    </div>
                    {device.current ? null : (
                      <Button
                        type="button"
                        variant="outline"
                        size="sm"
                        aria-label={t("profile.devices.endLabel", { name })}
                        disabled={pending}
                        onClick={() => open(device)}
                      >
                        {t("profile.devices.end")}
                      </Button>
                    )}
                  </li>
                );
              })}
            </ul>
            {others > 0 ? (
              <div className="flex justify-end">
                <Button
                  type="button"
                  variant="outline"
                  className="w-full text-destructive sm:w-auto"
                  disabled={pending}
                  onClick={() => open("others")}
                >
                  {t("profile.devices.endOthers")}
                </Button>
              </div>
            ) : (
              <p className="text-muted-foreground text-sm">{t("profile.devices.onlyThis")}</p>
            )}
          </>
        )}
      </CardContent>
      <AlertDialog
        open={ending !== null}
        onOpenChange={(open) => {
          if (!open && !pending) close();
        }}
      >
        <AlertDialogContent>
          <form noValidate className="grid gap-4" onSubmit={submit}>
            <AlertDialogHeader>
              <AlertDialogTitle>
                {ending === "others"
                  ? t("profile.devices.confirmOthers.title")
                  : t("profile.devices.confirm.title")}
              </AlertDialogTitle>
              <AlertDialogDescription>
                {ending === "others"
                  ? t("profile.devices.confirmOthers.description")
                  : t("profile.devices.confirm.description", { name: endingName })}
              </AlertDialogDescription>
            </AlertDialogHeader>
            <FormField label={t("profile.devices.confirm.password")} error={passwordError}>
              <Input
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            </FormField>
            <AlertDialogFooter>
              <AlertDialogCancel disabled={pending}>
                {t("profile.devices.confirm.cancel")}
              </AlertDialogCancel>
              <Button type="submit" variant="destructive" disabled={pending}>
                {pending
                  ? t("profile.devices.confirm.submitting")
                  : ending === "others"
                    ? t("profile.devices.confirmOthers.submit")
                    : t("profile.devices.confirm.submit")}
              </Button>
            </AlertDialogFooter>
          </form>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}

import { CircleAlert, Users } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useParams } from "wouter";
import { JOIN_SUCCESS, joinErrorCodeOf } from "../../../contract/family-join";
import { useInvitePreview } from "../../api/family/get-invite-preview";
import { useJoinFamily } from "../../api/family/join-family";
import { PageTitle } from "../../components/layout/page-title";
import { Alert, AlertDescription, AlertTitle } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
} from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { ApiRequestError } from "../../lib/api-client";
import { errorDescription, toastError } from "../../lib/toast-error";
import { useDocumentTitle } from "../../lib/use-document-title";
import { familyTexts } from "./texts";

/** The code as it appears in the address (wouter decodes it with decodeURI only). */
function codeOf(raw: string | undefined): string {
  try {
    return decodeURIComponent(raw ?? "");
  } catch {
    return raw ?? "";
  }
}

/** The join feedback an error of the preview or of the join maps to, if it is one of the link's. */
const joinErrorOf = (error: unknown) =>
  joinErrorCodeOf(error instanceof ApiRequestError ? error.code : undefined);

/**
 * /join/:code: where an invite link opened from another site leads (docs/product.md#joining-by-link).
 * Nothing joins until the person presses 'Entrar na família', which posts the code as JSON; the
 * outcome then shows as the link's own feedback on the dashboard (docs/product.md#join-feedback).
 */
export function JoinConfirmPage() {
  const { t } = useTranslation(familyTexts);
  const title = t("family.joinConfirm.title");
  useDocumentTitle(title);
  const [, navigate] = useLocation();
  const code = codeOf(useParams<{ code: string }>().code);
  const preview = useInvitePreview(code);

  // A code that would not join ends here with the same toast the link gives.
  const previewJoinError = joinErrorOf(preview.error);
  useEffect(() => {
    if (previewJoinError) navigate(`/?error=${previewJoinError}`, { replace: true });
  }, [previewJoinError, navigate]);

  const join = useJoinFamily({
    onSuccess: () => navigate(`/?success=${JOIN_SUCCESS}`, { replace: true }),
    onError: (error) => {
      const joinError = joinErrorOf(error);
      if (joinError) navigate(`/?error=${joinError}`, { replace: true });
      else toastError(error, t("family.joinFeedback.errors.other"));
    },
  });

  const invite = preview.data;
  return (
    <div className="mx-auto grid w-full max-w-lg grid-cols-1 gap-6">
      <PageTitle>{title}</PageTitle>
      {invite ? (
        <Card>
          <CardHeader>
            <div className="flex items-center gap-3">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-primary">
                <Users className="size-5" aria-hidden="true" />
              </span>
              <h2 className="min-w-0 break-words font-semibold text-lg leading-tight">
                {invite.familyName}
              </h2>
            </div>
            <CardDescription>
              {invite.invitedByName
                ? t("family.joinConfirm.invitedBy", { name: invite.invitedByName })
                : t("family.joinConfirm.invited")}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <p className="text-sm">{t("family.joinConfirm.whatJoiningMeans")}</p>
          </CardContent>
          <CardFooter className="flex-col-reverse items-stretch gap-3 sm:flex-row sm:justify-end">
            <Button asChild variant="outline">
              <Link href="/">{t("family.joinConfirm.cancel")}</Link>
            </Button>
            <Button
              type="button"
              disabled={join.isPending}
              onClick={() => join.mutate({ inviteCode: code })}
            >
              {join.isPending ? t("family.joinConfirm.submitting") : t("family.joinConfirm.submit")}
            </Button>
          </CardFooter>
        </Card>
      ) : preview.isError && !previewJoinError ? (
        <Alert variant="destructive">
          <AlertTitle className="flex items-center gap-2">
            <CircleAlert className="size-4 shrink-0" aria-hidden="true" />
            {t("common.error")}
          </AlertTitle>
          <AlertDescription>
            {errorDescription(preview.error, t("family.joinFeedback.errors.other"))}
          </AlertDescription>
        </Alert>
      ) : (
        <Spinner label={t("family.joinConfirm.loading")} />
      )}
    </div>
  );
}

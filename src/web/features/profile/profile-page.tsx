import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowLeft, UserRound, Users } from "lucide-react";
import type { ReactNode } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useLocation, useSearch } from "wouter";
import { profileUpdateInputSchema } from "../../../contract/auth";
import type { User } from "../../../contract/user";
import { useCurrentUser } from "../../api/auth/get-current-user";
import { useUpdateProfile } from "../../api/profile/update-profile";
import { PageTitle } from "../../components/layout/page-title";
import { UserAvatar } from "../../components/ui/avatar";
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
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { toastError } from "../../lib/toast-error";
import { useDocumentTitle } from "../../lib/use-document-title";
import { toast } from "../../lib/use-toast";
import { AlertEmailsCard } from "./alert-emails-card";
import { ChangePasswordCard } from "./change-password-card";
import { DevicesCard } from "./devices-card";
import { profileTexts } from "./texts";
import { TwoFactorCard } from "./two-factor-card";

const tabs = ["personal", "family"] as const;
type ProfileTab = (typeof tabs)[number];

function isProfileTab(value: string | null): value is ProfileTab {
  return tabs.some((tab) => tab === value);
}

/** `familyTab` is the family feature's tab (members, invites), given by the app's routes. */
export function ProfilePage({ familyTab }: { familyTab: ReactNode }) {
  const { t } = useTranslation(profileTexts);
  const [, navigate] = useLocation();
  const { user } = useCurrentUser();
  const requestedTab = new URLSearchParams(useSearch()).get("tab");
  const title = t("pages.profile.title");
  useDocumentTitle(title);

  const goBack = () => {
    // Opened directly (a new tab, a bookmark) there is nothing to go back to in this app.
    if (window.history.length > 1) window.history.back();
    else navigate("/");
  };

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <div className="flex items-center gap-2">
        <Button
          variant="ghost"
          size="icon"
          className="-ml-2 shrink-0"
          onClick={goBack}
          aria-label={t("profile.back")}
        >
          <ArrowLeft className="size-5!" aria-hidden="true" />
        </Button>
        <PageTitle>{title}</PageTitle>
      </div>
      <Tabs defaultValue={isProfileTab(requestedTab) ? requestedTab : "personal"}>
        <TabsList className="sm:max-w-md">
          <TabsTrigger value="personal">
            <UserRound className="size-4" aria-hidden="true" />
            {t("profile.tabs.personal")}
          </TabsTrigger>
          <TabsTrigger value="family">
            <Users className="size-4" aria-hidden="true" />
            {t("profile.tabs.family")}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="personal">
          {user ? (
            <div className="grid gap-6">
              <PersonalInfo user={user} />
              <AlertEmailsCard user={user} />
              <ChangePasswordCard />
              <TwoFactorCard user={user} />
              <DevicesCard />
            </div>
          ) : null}
        </TabsContent>
        <TabsContent value="family">{familyTab}</TabsContent>
      </Tabs>
    </div>
  );
}

function PersonalInfo({ user }: { user: User }) {
  const { t } = useTranslation(profileTexts);
  const form = useForm({
    resolver: zodResolver(profileUpdateInputSchema),
    defaultValues: { firstName: user.firstName ?? "", lastName: user.lastName ?? "" },
  });
  const { errors } = form.formState;
  const fieldError = (message?: string) => (message ? t(message) : undefined);

  const save = useUpdateProfile({
    onSuccess: (updated) => {
      form.reset({ firstName: updated.firstName ?? "", lastName: updated.lastName ?? "" });
      toast({ title: t("profile.personal.success") });
    },
    onError: (error) => toastError(error, t("profile.personal.error")),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{t("profile.personal.title")}</h2>
        </CardTitle>
        <CardDescription>{t("profile.personal.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {user.profileImageUrl ? (
          <div className="flex items-center gap-4">
            <UserAvatar imageUrl={user.profileImageUrl} className="size-16" />
            <div className="grid gap-0.5">
              <p className="font-medium text-sm">{t("profile.personal.photo")}</p>
              <p className="text-muted-foreground text-xs">{t("profile.personal.photoNote")}</p>
            </div>
          </div>
        ) : null}
        <form
          noValidate
          className="grid gap-4"
          onSubmit={form.handleSubmit((input) => save.mutate(input))}
        >
          <FormField label={t("profile.personal.email")} hint={t("profile.personal.emailHint")}>
            <Input type="email" value={user.email} readOnly />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label={t("profile.personal.firstName")}
              error={fieldError(errors.firstName?.message)}
            >
              <Input autoComplete="given-name" {...form.register("firstName")} />
            </FormField>
            <FormField
              label={t("profile.personal.lastName")}
              error={fieldError(errors.lastName?.message)}
            >
              <Input autoComplete="family-name" {...form.register("lastName")} />
            </FormField>
          </div>
          <div className="flex justify-end">
            <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
              {save.isPending ? t("profile.personal.saving") : t("profile.personal.save")}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

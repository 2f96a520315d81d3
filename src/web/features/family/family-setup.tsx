import { KeyRound, UserPlus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardDescription, CardHeader } from "../../components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { CreateFamilyForm } from "./create-family-form";
import { JoinFamilyForm } from "./join-family-form";
import { familyTexts } from "./texts";

/** For someone without a family: create one, or join one with an invite code. */
export function FamilySetup() {
  const { t } = useTranslation(familyTexts);
  return (
    <Tabs defaultValue="create">
      <TabsList aria-label={t("family.setup.tabsLabel")}>
        <TabsTrigger value="create">
          <UserPlus aria-hidden="true" className="hidden size-4 sm:block" />
          {t("family.setup.createTab")}
        </TabsTrigger>
        <TabsTrigger value="join">
          <KeyRound aria-hidden="true" className="hidden size-4 sm:block" />
          {t("family.setup.joinTab")}
        </TabsTrigger>
      </TabsList>
      <TabsContent value="create">
        <Card>
          <CardHeader>
            <h2 className="font-semibold text-lg leading-tight">{t("family.create.title")}</h2>
            <CardDescription>{t("family.create.description")}</CardDescription>
          </CardHeader>
          <CardContent>
            <CreateFamilyForm />
          </CardContent>
        </Card>
      </TabsContent>
      <TabsContent value="join">
        <Card>
          <CardHeader>
            <h2 className="font-semibold text-lg leading-tight">{t("family.join.title")}</h2>
            <CardDescription>{t("family.join.description")}</CardDescription>
          </CardHeader>
          <CardContent>
            <JoinFamilyForm />
          </CardContent>
        </Card>
      </TabsContent>
    </Tabs>
  );
}

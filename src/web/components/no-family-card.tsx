import { Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Button } from "./ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "./ui/card";

/**
 * What the budget screens show instead of their content while the user has no family yet: every
 * category, expense and report belongs to a family, so there is nothing to show before one exists.
 */
export function NoFamilyCard() {
  const { t } = useTranslation();
  return (
    <Card className="mx-auto max-w-lg text-center">
      <CardHeader className="items-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
          <Users aria-hidden="true" className="size-6" />
        </span>
        <h2 className="font-semibold text-lg leading-tight">{t("noFamily.title")}</h2>
        <CardDescription>{t("noFamily.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild>
          <Link href="/family">{t("noFamily.action")}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

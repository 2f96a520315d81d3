import { SearchX } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { useDocumentTitle } from "../../lib/use-document-title";

export function NotFoundPage() {
  const { t } = useTranslation();
  const title = t("notFound.title");
  useDocumentTitle(title);
  return (
    <div className="flex justify-center py-6 sm:py-12">
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col items-center gap-4 pt-8 text-center sm:pt-10">
          <span className="flex size-14 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
            <SearchX className="size-7" aria-hidden="true" />
          </span>
          <h1 className="font-bold text-2xl tracking-tight">{title}</h1>
          <p className="text-muted-foreground">{t("notFound.description")}</p>
          <Button asChild>
            <Link href="/">{t("notFound.back")}</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}

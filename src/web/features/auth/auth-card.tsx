import type { ReactNode } from "react";
import { PublicLayout } from "../../components/layout/public-layout";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
} from "../../components/ui/card";
import { useDocumentTitle } from "../../lib/use-document-title";

/** The frame every sign-in screen shares: public header, one centred card, footer. */
export function AuthCard({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description?: string;
  children?: ReactNode;
  footer?: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <PublicLayout>
      <div className="mx-auto flex w-full max-w-md px-4 py-8 sm:py-16">
        <Card className="w-full">
          <CardHeader>
            <h1 className="font-bold text-2xl tracking-tight">{title}</h1>
            {description ? <CardDescription>{description}</CardDescription> : null}
          </CardHeader>
          {children ? <CardContent className="grid gap-5">{children}</CardContent> : null}
          {footer ? (
            <CardFooter className="flex-col items-stretch gap-2 border-border border-t pt-5 text-center text-muted-foreground text-sm sm:pt-6">
              {footer}
            </CardFooter>
          ) : null}
        </Card>
      </div>
    </PublicLayout>
  );
}

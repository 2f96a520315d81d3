import { PublicLayout } from "../../components/layout/public-layout";
import { Card, CardHeader } from "../../components/ui/card";
import { useDocumentTitle } from "../../lib/use-document-title";

/** The card the sign-in screens share; their forms arrive with the authentication issues. */
export function AuthCard({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <PublicLayout>
      <div className="mx-auto flex w-full max-w-md px-4 py-10 sm:py-16">
        <Card className="w-full">
          <CardHeader>
            <h1 className="font-bold text-2xl tracking-tight">{title}</h1>
          </CardHeader>
        </Card>
      </div>
    </PublicLayout>
  );
}

import {
  ArrowRight,
  CalendarRange,
  ChartNoAxesCombined,
  type LucideIcon,
  Sparkles,
  Tags,
  UserPlus,
  Users,
} from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Footer } from "../../components/layout/footer";
import { PublicHeader } from "../../components/layout/public-layout";
import { mainContentId, SkipLink } from "../../components/layout/skip-link";
import { Button } from "../../components/ui/button";
import { useDocumentTitle } from "../../lib/use-document-title";
import { SampleCard } from "./sample-card";

const features: { key: string; icon: LucideIcon }[] = [
  { key: "weekly", icon: CalendarRange },
  { key: "family", icon: Users },
  { key: "vision", icon: ChartNoAxesCombined },
];

const steps: { key: string; icon: LucideIcon }[] = [
  { key: "create", icon: Tags },
  { key: "invite", icon: UserPlus },
  { key: "track", icon: ChartNoAxesCombined },
];

export function LandingPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("app.name"));

  return (
    <div className="flex min-h-dvh flex-col bg-linear-to-b from-secondary/70 via-background to-background">
      <SkipLink />
      <PublicHeader />
      <main id={mainContentId} tabIndex={-1} className="flex-1 outline-none">
        <section className="mx-auto grid max-w-6xl items-center gap-10 px-4 pt-10 pb-14 sm:pt-16 md:grid-cols-2 lg:gap-16 lg:pt-20 lg:pb-20">
          <div className="flex flex-col items-start gap-6">
            <p className="inline-flex items-center gap-2 rounded-full border border-primary/20 bg-card px-3 py-1 font-medium text-secondary-foreground text-sm shadow-xs">
              <Sparkles className="size-4 text-primary" aria-hidden="true" />
              {t("landing.badge")}
            </p>
            <h1 className="text-balance font-extrabold text-4xl tracking-tight sm:text-5xl">
              {t("landing.headline")}
            </h1>
            <p className="text-lg text-muted-foreground leading-relaxed">
              {t("landing.description")}
            </p>
            <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
              <Button asChild size="lg">
                <Link href="/register">
                  {t("landing.register")}
                  <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link href="/login">{t("landing.login")}</Link>
              </Button>
            </div>
          </div>
          <div className="hidden md:block" data-testid="sample-card">
            <SampleCard />
          </div>
        </section>

        <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 pb-14 lg:pb-20">
          <h2 id="features-title" className="font-bold text-2xl tracking-tight sm:text-3xl">
            {t("landing.featuresTitle")}
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-3">
            {features.map(({ key, icon: Icon }) => (
              <li key={key} className="rounded-2xl border border-border bg-card p-5 shadow-sm">
                <span className="flex size-10 items-center justify-center rounded-xl bg-secondary text-secondary-foreground">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <h3 className="mt-4 font-semibold text-lg">{t(`landing.features.${key}.title`)}</h3>
                <p className="mt-1.5 text-muted-foreground">
                  {t(`landing.features.${key}.description`)}
                </p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="how-title" className="border-border border-y bg-card">
          <div className="mx-auto max-w-6xl px-4 py-14 lg:py-20">
            <h2 id="how-title" className="font-bold text-2xl tracking-tight sm:text-3xl">
              {t("landing.howTitle")}
            </h2>
            <p className="mt-2 text-muted-foreground">{t("landing.howSubtitle")}</p>
            <ol className="mt-8 grid gap-6 sm:grid-cols-3">
              {steps.map(({ key, icon: Icon }, index) => (
                <li key={key} className="flex gap-4 sm:flex-col">
                  <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary font-bold text-lg text-primary-foreground">
                    {index + 1}
                  </span>
                  <div>
                    <h3 className="flex items-center gap-2 font-semibold text-lg">
                      <Icon className="size-5 text-primary" aria-hidden="true" />
                      {t(`landing.steps.${key}.title`)}
                    </h3>
                    <p className="mt-1.5 text-muted-foreground">
                      {t(`landing.steps.${key}.description`)}
                    </p>
                  </div>
                </li>
              ))}
            </ol>
          </div>
        </section>
      </main>
      <Footer />
    </div>
  );
}

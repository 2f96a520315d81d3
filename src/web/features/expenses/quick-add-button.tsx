import { Plus } from "lucide-react";
import { type ComponentProps, lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";

const loadDialog = () => import("./quick-add-dialog");
const QuickAddDialog = lazy(() => loadDialog().then((m) => ({ default: m.QuickAddDialog })));

/** After the screen has shown, the form is fetched in the background: a tap then opens it at once. */
const BACKGROUND_LOAD_MS = 2_000;

/**
 * The round '+' fixed at the bottom right: 'Adicionar Gasto Rápido'. It is the expense form, so it
 * lives here; the app hands it to the dashboard (features/dashboard never imports this folder).
 * The form (zod, react-hook-form, the dialog) is a chunk of its own, fetched a moment after the
 * dashboard shows or at the first tap, so it is never part of what the dashboard downloads before
 * its numbers paint (scripts/bundle-budget.mjs). Until then the button is this plain one, and a tap
 * on it opens the dialog as soon as the chunk is in.
 */
export function QuickAddButton() {
  const [wanted, setWanted] = useState<"later" | "loaded" | "open">("later");
  useEffect(() => {
    const timer = setTimeout(
      () => setWanted((now) => (now === "later" ? "loaded" : now)),
      BACKGROUND_LOAD_MS,
    );
    return () => clearTimeout(timer);
  }, []);
  const open = () => setWanted("open");
  if (wanted === "later") return <QuickAddTrigger onClick={open} />;
  return (
    <Suspense fallback={<QuickAddTrigger onClick={open} />}>
      <QuickAddDialog initiallyOpen={wanted === "open"} />
    </Suspense>
  );
}

/** The '+' itself: the dialog's trigger once loaded (quick-add-dialog.tsx), this before. */
export function QuickAddTrigger(props: ComponentProps<typeof Button>) {
  const { t } = useTranslation();
  return (
    <Button
      type="button"
      aria-label={t("expenses.quickAdd.open")}
      // The signed-in frame leaves room for it below the footer (authenticated-layout.tsx).
      data-quick-add=""
      className="fixed right-4 bottom-4 z-30 size-14 rounded-full shadow-lg sm:right-6 sm:bottom-6 [&_svg]:size-6"
      {...props}
    >
      <Plus aria-hidden="true" />
    </Button>
  );
}

import { Plus } from "lucide-react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import { afterNextPaint } from "../../lib/after-paint";
import { expensesTexts } from "./texts";

const loadDialog = () => import("./quick-add-dialog");
const QuickAddDialog = lazy(() => loadDialog().then((m) => ({ default: m.QuickAddDialog })));

/**
 * The round '+' fixed at the bottom right: 'Adicionar Gasto Rápido'. It is the expense form, so it
 * lives here; the app hands it to the dashboard (features/dashboard never imports this folder).
 * The form (zod, react-hook-form, Radix's dialog) is a chunk of its own, fetched once the frame
 * that shows the button has been painted, or at the first tap, so it is never part of what the
 * dashboard downloads before its numbers paint (scripts/bundle-budget.mjs). The fetch goes on if
 * the person leaves the dashboard meanwhile: the quick add must open when they come back offline
 * (docs/product.md#offline-expense-queue). The button is the same element throughout; a tap before
 * the chunk is in opens the dialog as soon as it is.
 */
export function QuickAddButton() {
  const { t } = useTranslation(expensesTexts);
  const button = useRef<HTMLButtonElement>(null);
  const [load, setLoad] = useState(false);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    let mounted = true;
    // Not cancelled when the dashboard unmounts: the chunk is wanted for the next visit too.
    afterNextPaint(() => {
      void loadDialog().then(() => {
        if (mounted) setLoad(true);
      });
    });
    return () => {
      mounted = false;
    };
  }, []);
  return (
    <>
      <Button
        ref={button}
        type="button"
        aria-label={t("expenses.quickAdd.open")}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setLoad(true);
          setOpen(true);
        }}
        // The signed-in frame leaves room for it below the footer (authenticated-layout.tsx).
        data-quick-add=""
        className="fixed right-4 bottom-4 z-30 size-14 rounded-full shadow-lg sm:right-6 sm:bottom-6 [&_svg]:size-6"
      >
        <Plus aria-hidden="true" />
      </Button>
      {load ? (
        <Suspense fallback={null}>
          <QuickAddDialog open={open} onOpenChange={setOpen} trigger={button} />
        </Suspense>
      ) : null}
    </>
  );
}

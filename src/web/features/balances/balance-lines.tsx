import { Undo2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { BalanceLine } from "../../../contract/balances";
import { useDeleteSettlement } from "../../api/balances/delete-settlement";
import { type BalancePair, useBalanceLines } from "../../api/balances/get-balance-lines";
import { usePayerName } from "../../api/family/payer-names";
import { ConfirmDeleteDialog } from "../../components/confirm-delete-dialog";
import { Button } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { useLanguage } from "../../i18n/use-language";
import { formatDate, formatMoney } from "../../lib/format";
import { toastError } from "../../lib/toast-error";
import { useReturnFocus } from "../../lib/use-return-focus";
import { toast } from "../../lib/use-toast";
import { balancesTexts } from "./texts";

type SettlementLine = Extract<BalanceLine, { kind: "settlement" }>;

/**
 * What is behind two people's balance, newest first (GET /api/balances/lines): each expense one
 * paid with a share of the other's, and each settlement between them, which can be undone.
 */
export function BalanceLines({ pair, label }: { pair: BalancePair; label: string }) {
  const { t } = useTranslation(balancesTexts);
  const language = useLanguage();
  const nameOf = usePayerName();
  const lines = useBalanceLines(pair);
  const [undoing, setUndoing] = useState<SettlementLine | null>(null);
  const money = (amount: string) => formatMoney(amount, language);
  if (lines.isError) {
    return <p className="text-destructive text-sm">{t("balances.loadError")}</p>;
  }
  if (!lines.data) return <Skeleton className="h-24 w-full rounded-xl" />;
  const all = lines.data.pages.flatMap((page) => page.lines);
  if (all.length === 0) {
    return <p className="text-muted-foreground text-sm">{t("balances.lines.empty")}</p>;
  }
  return (
    <div className="grid gap-2">
      <ul className="divide-y" aria-label={label}>
        {all.map((line) => (
          <li
            key={`${line.kind}-${line.id}`}
            className="grid gap-1 py-3"
            data-testid="balance-line"
          >
            <div className="flex justify-between gap-3">
              <span className="min-w-0 break-words font-medium">
                {line.kind === "expense"
                  ? line.description
                  : t("balances.lines.settlement", {
                      method: t(`balances.methods.${line.method}`),
                    })}
              </span>
              <span className="whitespace-nowrap font-medium tabular-nums">
                {money(line.kind === "expense" ? line.share : line.amount)}
              </span>
            </div>
            <p className="text-muted-foreground text-sm">
              {formatDate(line.date, language)} ·{" "}
              {line.kind === "expense"
                ? t("balances.lines.expense", {
                    payer: nameOf(line.paidByUserId),
                    amount: money(line.amount),
                    name: nameOf(line.shareOfUserId),
                  })
                : t("balances.lines.paidBack", {
                    from: nameOf(line.fromUserId),
                    to: nameOf(line.toUserId),
                  })}
            </p>
            {line.kind === "settlement" ? (
              <>
                {line.note ? <p className="break-words text-sm">{line.note}</p> : null}
                <Button
                  variant="outline"
                  size="sm"
                  className="justify-self-start"
                  aria-label={t("balances.undoLabel", {
                    amount: money(line.amount),
                    date: formatDate(line.date, language),
                  })}
                  onClick={() => setUndoing(line)}
                >
                  <Undo2 aria-hidden="true" />
                  {t("balances.undo")}
                </Button>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      {lines.hasNextPage ? (
        <Button
          variant="outline"
          className="justify-self-center"
          disabled={lines.isFetchingNextPage}
          onClick={() => lines.fetchNextPage()}
        >
          {lines.isFetchingNextPage ? t("common.loading") : t("balances.lines.more")}
        </Button>
      ) : null}
      <UndoSettlement line={undoing} onClose={() => setUndoing(null)} />
    </div>
  );
}

/** "Desfazer acerto", after a confirmation: the balance counts the debt again. */
function UndoSettlement({ line, onClose }: { line: SettlementLine | null; onClose: () => void }) {
  const { t } = useTranslation(balancesTexts);
  const language = useLanguage();
  const nameOf = usePayerName();
  const undo = useDeleteSettlement();
  const returnFocus = useReturnFocus();
  return (
    <ConfirmDeleteDialog
      open={line !== null}
      onClose={onClose}
      title={t("balances.undoDialog.title")}
      message={
        line
          ? t("balances.undoDialog.message", {
              amount: formatMoney(line.amount, language),
              from: nameOf(line.fromUserId),
              to: nameOf(line.toUserId),
              date: formatDate(line.date, language),
            })
          : ""
      }
      cancelLabel={t("balances.dialog.cancel")}
      confirmLabel={t("balances.undo")}
      pendingLabel={t("balances.undoDialog.pending")}
      isPending={undo.isPending}
      contentProps={returnFocus}
      onConfirm={async (event) => {
        // Kept open until the answer, so a failure shows where the person is.
        event.preventDefault();
        if (!line) return;
        try {
          await undo.mutateAsync(line.id);
          toast({ title: t("balances.undone") });
          onClose();
        } catch (error) {
          toastError(error, t("balances.undoError"));
        }
      }}
    />
  );
}

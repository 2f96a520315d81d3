import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { CardBill, CreateBillPaymentInput } from "../../../contract/card-bills";
import { usePayCardBill } from "../../api/card-bills/pay-card-bill";
import { usePaymentMethods } from "../../api/payment-methods/get-payment-methods";
import { FormDialog, FormDialogForm } from "../../components/form-dialog";
import { Button } from "../../components/ui/button";
import { DialogClose, DialogFooter } from "../../components/ui/dialog";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { NativeSelect } from "../../components/ui/native-select";
import { useLanguage } from "../../i18n/use-language";
import { formatMoney, todayIso } from "../../lib/format";
import { showServerFieldErrors } from "../../lib/server-field-errors";
import { toastError } from "../../lib/toast-error";
import { toast } from "../../lib/use-toast";
import { type PayValues, payDefaults, payingAccounts, payResolver } from "./pay-values";
import { cardBillsTexts } from "./texts";

const fieldNames = ["fromMethodId", "amount", "paidOn"] as const;

function PayForm({ bill, onDone }: { bill: CardBill; onDone: () => void }) {
  const { t } = useTranslation(cardBillsTexts);
  const language = useLanguage();
  const accounts = payingAccounts(usePaymentMethods().data);
  const pay = usePayCardBill();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PayValues, unknown, CreateBillPaymentInput>({
    resolver: payResolver(bill.leftToPay, language),
    defaultValues: payDefaults(bill, accounts, todayIso(), language),
  });
  const message = (key?: string) => (key ? t(key) : undefined);

  const save = handleSubmit(async (input) => {
    try {
      await pay.mutateAsync({ billId: bill.id, input });
      toast({ title: t("cardBills.paidToast") });
      onDone();
    } catch (error) {
      // An account archived meanwhile, more than is left after someone else paid: on the fields.
      if (showServerFieldErrors(error, setError, fieldNames)) return;
      toastError(error, t("cardBills.payError"));
    }
  });

  if (accounts.length === 0) {
    return (
      <div className="grid gap-4">
        <p>
          {t("cardBills.payDialog.noAccounts")}{" "}
          <Link href="/payment-methods" className="font-medium text-primary underline">
            {t("cardBills.payDialog.addAccount")}
          </Link>
        </p>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              {t("cardBills.payDialog.cancel")}
            </Button>
          </DialogClose>
        </DialogFooter>
      </div>
    );
  }
  const pending = isSubmitting || pay.isPending;
  return (
    <FormDialogForm
      onSubmit={save}
      cancelLabel={t("cardBills.payDialog.cancel")}
      submitLabel={t("cardBills.payDialog.submit")}
      pendingLabel={t("cardBills.payDialog.submitting")}
      pending={pending}
    >
      <FormField
        label={t("cardBills.payDialog.from")}
        error={message(errors.fromMethodId?.message)}
      >
        <NativeSelect {...register("fromMethodId")}>
          <option value="">{t("cardBills.payDialog.chooseAccount")}</option>
          {accounts.map((account) => (
            <option key={account.id} value={account.id}>
              {account.name}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {/* Side by side from a tablet up; on a phone "Data do pagamento" wraps and the two misalign. */}
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t("cardBills.payDialog.amount")} error={message(errors.amount?.message)}>
          <Input inputMode="decimal" autoComplete="off" {...register("amount")} />
        </FormField>
        <FormField label={t("cardBills.payDialog.paidOn")} error={message(errors.paidOn?.message)}>
          <Input type="date" {...register("paidOn")} />
        </FormField>
      </div>
    </FormDialogForm>
  );
}

/** "Pagar fatura": from one of the family's accounts, in full, in part or early. */
export function PayBillDialog({
  bill,
  billName,
  onClose,
}: {
  /** The bill being paid; null when the dialog is closed. */
  bill: CardBill | null;
  billName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(cardBillsTexts);
  const language = useLanguage();
  return (
    <FormDialog
      open={bill !== null}
      onClose={onClose}
      title={t("cardBills.pay")}
      description={
        bill
          ? t("cardBills.payDialog.description", {
              bill: billName,
              amount: formatMoney(bill.leftToPay, language),
            })
          : undefined
      }
    >
      {bill ? <PayForm key={bill.id} bill={bill} onDone={onClose} /> : null}
    </FormDialog>
  );
}

import type { FormEventHandler, ReactNode } from "react";
import { useReturnFocus } from "../lib/use-return-focus";
import { Button } from "./ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "./ui/dialog";

/**
 * The shell of a dialog that holds a form: open while `open` is true; Escape, the close button or
 * Cancel call `onClose`. Its content mounts only while open, so the form inside starts from its
 * defaults each time. Focus goes back to what had it when the dialog opened (useReturnFocus: these
 * dialogs open from buttons in lists, not from a Radix trigger). `title` and `description` make the
 * header; a dialog whose steps carry their own header (the expense's refund, say) leaves them out.
 */
export function FormDialog({
  open,
  onClose,
  title,
  description,
  className,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title?: ReactNode;
  description?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      {open ? (
        <DialogContent {...returnFocus} className={className}>
          {title === undefined ? null : (
            <DialogHeader>
              <DialogTitle>{title}</DialogTitle>
              <DialogDescription>{description}</DialogDescription>
            </DialogHeader>
          )}
          {children}
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

/**
 * The form of a FormDialog: its fields, then Cancel (closes the dialog) and the submit button, which
 * shows `pendingLabel` and is disabled while the save runs. Field errors are the fields' own
 * (FormField); what no field can show goes to a toast (lib/toast-error.ts). `actions` come before
 * Cancel (the expense's "Antecipar parcelas" and "Estornar").
 */
export function FormDialogForm({
  onSubmit,
  cancelLabel,
  submitLabel,
  pendingLabel,
  pending,
  actions,
  className = "grid gap-4",
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  cancelLabel: string;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit} className={className}>
      {children}
      <DialogFooter>
        {actions}
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {cancelLabel}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}

import type { ComponentProps, MouseEvent } from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "./ui/alert-dialog";

/**
 * The confirmation before deleting something: open while `open` is true, Cancel or Escape closes
 * it, the action shows `pendingLabel` and is disabled while the delete runs. `contentProps` carries
 * the focus handling of the caller (useReturnFocus).
 */
export function ConfirmDeleteDialog({
  open,
  onClose,
  title,
  message,
  cancelLabel,
  confirmLabel,
  pendingLabel,
  isPending,
  onConfirm,
  contentProps,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  message: string;
  cancelLabel: string;
  confirmLabel: string;
  pendingLabel: string;
  isPending: boolean;
  onConfirm: (event: MouseEvent) => void;
  contentProps?: Partial<ComponentProps<typeof AlertDialogContent>>;
}) {
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      {open ? (
        <AlertDialogContent {...contentProps}>
          <AlertDialogHeader>
            <AlertDialogTitle>{title}</AlertDialogTitle>
            <AlertDialogDescription>{message}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{cancelLabel}</AlertDialogCancel>
            <AlertDialogAction disabled={isPending} onClick={onConfirm}>
              {isPending ? pendingLabel : confirmLabel}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      ) : null}
    </AlertDialog>
  );
}

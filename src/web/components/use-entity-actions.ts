import { type MouseEvent, useState } from "react";
import { toastError } from "../lib/toast-error";
import { useReturnFocus } from "../lib/use-return-focus";
import { toast } from "../lib/use-toast";

/** The delete call of an entity: TanStack Query's mutation, whose `isPending` the dialog shows. */
interface DeleteMutation {
  mutateAsync: (id: string) => Promise<unknown>;
  isPending: boolean;
}

type FormState<T> = { open: false } | { open: true; entity: T | null };

/**
 * What a list of a family's things (categories, accounts, recurring rules, incomes) does with one
 * of them: "Novo" and "Editar" open its FormDialog (`form`: `entity` null for a new one), "Excluir"
 * asks first in a ConfirmDeleteDialog (`confirmDelete`, spread on it). The confirmation stays open,
 * its button disabled, until the server has answered: on success a toast titled `deleted(entity)`
 * and the dialog closes; on failure the API's message (else `deleteError`) in a toast, and the
 * dialog stays for another try unless `closeOnError` (an account still used by expenses: the
 * server's text says to archive it, so asking again cannot help). A deleted entity takes its button
 * with it: focus then goes to `focusAfterDelete()` (useReturnFocus).
 */
export function useEntityActions<T extends { id: string }>({
  remove,
  deleted,
  deleteError,
  closeOnError = false,
  focusAfterDelete,
}: {
  remove: DeleteMutation;
  deleted: (entity: T) => string;
  deleteError?: string;
  closeOnError?: boolean;
  focusAfterDelete?: () => HTMLElement | null;
}) {
  const [form, setForm] = useState<FormState<T>>({ open: false });
  const [deleting, setDeleting] = useState<T | null>(null);
  const returnFocus = useReturnFocus(focusAfterDelete);

  const onConfirm = async (event: MouseEvent) => {
    // Radix's action would close the dialog at once: it waits for the server instead.
    event.preventDefault();
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast({ title: deleted(deleting) });
      setDeleting(null);
    } catch (error) {
      toastError(error, deleteError);
      if (closeOnError) setDeleting(null);
    }
  };

  return {
    form: {
      open: form.open,
      entity: form.open ? form.entity : null,
      onClose: () => setForm({ open: false }),
    },
    create: () => setForm({ open: true, entity: null }),
    edit: (entity: T) => setForm({ open: true, entity }),
    /** The entity whose deletion is being asked, for the confirmation's texts. */
    deleting,
    askDelete: (entity: T) => setDeleting(entity),
    confirmDelete: {
      open: deleting !== null,
      onClose: () => setDeleting(null),
      isPending: remove.isPending,
      onConfirm: (event: MouseEvent) => void onConfirm(event),
      contentProps: returnFocus,
    },
  };
}

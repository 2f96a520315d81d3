import { useRef } from "react";

/**
 * Radix gives focus back to a DialogTrigger on close, but these dialogs open from buttons in lists.
 * Spread the result on DialogContent or AlertDialogContent: focus goes back to whatever had it
 * when the dialog opened, or to `fallback()` when that is gone (its row was deleted, say).
 */
export function useReturnFocus(fallback?: () => HTMLElement | null) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement ? active : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const target = opener.current?.isConnected ? opener.current : (fallback?.() ?? null);
      opener.current = null;
      if (!target) return;
      event.preventDefault();
      target.focus();
    },
  };
}

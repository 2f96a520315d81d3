import { type ReactNode, useEffect, useState } from "react";

// The toasts' state and `toast()`, without markup (that is components/ui/toaster.tsx): shared code
// below the components, such as lib/toast-error.ts, toasts through it without importing a component
// (the web's layers, .dependency-cruiser.cjs).

/** docs/product.md#toasts: one toast at a time; a new one replaces the one on screen. */
export const TOAST_LIMIT = 1;
/**
 * A dismissed toast stays in state this long before removal (docs/product.md#toasts). Radix has already
 * animated it out, and keeping it lets a quick update of the same id find it again.
 */
export const TOAST_REMOVE_DELAY = 1_000_000;

export type ToastVariant = "default" | "destructive";

export type ToastData = {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  variant?: ToastVariant;
  open: boolean;
  onOpenChange?: (open: boolean) => void;
};

export type ToastInput = Omit<ToastData, "id" | "open" | "onOpenChange">;

export type ToastState = { toasts: ToastData[] };

export type ToastAction =
  | { type: "ADD_TOAST"; toast: ToastData }
  | { type: "UPDATE_TOAST"; toast: Partial<ToastData> & { id: string } }
  | { type: "DISMISS_TOAST"; toastId?: string }
  | { type: "REMOVE_TOAST"; toastId?: string };

/** Pure transitions of the toast list: added, updated, dismissed (closed), removed. */
export function toastReducer(state: ToastState, action: ToastAction): ToastState {
  switch (action.type) {
    case "ADD_TOAST":
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case "UPDATE_TOAST":
      return {
        toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)),
      };
    case "DISMISS_TOAST":
      return {
        toasts: state.toasts.map((t) =>
          action.toastId === undefined || t.id === action.toastId ? { ...t, open: false } : t,
        ),
      };
    case "REMOVE_TOAST":
      return {
        toasts:
          action.toastId === undefined ? [] : state.toasts.filter((t) => t.id !== action.toastId),
      };
  }
}

// A module-level store so any code (query callbacks, helpers) can raise a toast without a hook.
let memoryState: ToastState = { toasts: [] };
const listeners = new Set<(state: ToastState) => void>();
const removeTimeouts = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function scheduleRemoval(toastId: string) {
  if (removeTimeouts.has(toastId)) return;
  const timeout = setTimeout(() => {
    removeTimeouts.delete(toastId);
    dispatch({ type: "REMOVE_TOAST", toastId });
  }, TOAST_REMOVE_DELAY);
  removeTimeouts.set(toastId, timeout);
}

function dispatch(action: ToastAction) {
  if (action.type === "DISMISS_TOAST") {
    if (action.toastId === undefined) {
      for (const t of memoryState.toasts) scheduleRemoval(t.id);
    } else {
      scheduleRemoval(action.toastId);
    }
  }
  memoryState = toastReducer(memoryState, action);
  for (const listener of listeners) listener(memoryState);
}

export function dismissToast(toastId?: string) {
  dispatch({ type: "DISMISS_TOAST", toastId });
}

export function toast(input: ToastInput) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  const update = (next: ToastInput) => dispatch({ type: "UPDATE_TOAST", toast: { ...next, id } });
  const dismiss = () => dismissToast(id);
  dispatch({
    type: "ADD_TOAST",
    toast: {
      ...input,
      id,
      open: true,
      onOpenChange: (open) => {
        if (!open) dismiss();
      },
    },
  });
  return { id, dismiss, update };
}

export function useToast() {
  const [state, setState] = useState(memoryState);
  useEffect(() => {
    listeners.add(setState);
    // The store may have changed between the first render and this subscription.
    setState(memoryState);
    return () => {
      listeners.delete(setState);
    };
  }, []);
  return { ...state, toast, dismiss: dismissToast };
}

/**
 * Clears the store between tests; the app itself never needs it. `@internal` keeps knip's
 * production run, which reports exports only tests use, from counting this test seam.
 * @internal
 */
export function resetToastsForTests() {
  for (const timeout of removeTimeouts.values()) clearTimeout(timeout);
  removeTimeouts.clear();
  memoryState = { toasts: [] };
  for (const listener of listeners) listener(memoryState);
}

import { useTranslation } from "react-i18next";
import { useToast } from "../../lib/use-toast";
import {
  Toast,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from "./toast";

/** docs/product.md#toasts: 5 s on screen, swipe right past 50 px to dismiss, F8 focuses the toast region. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = ["F8"];

export function Toaster() {
  const { toasts } = useToast();
  const { t } = useTranslation();
  return (
    <ToastProvider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label={t("toast.region")}
    >
      {toasts.map(({ id, title, description, action, variant, ...props }) => (
        <Toast key={id} variant={variant} {...props}>
          <div className="grid gap-1">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          {action}
          <ToastClose label={t("common.close")} />
        </Toast>
      ))}
      <ToastViewport hotkey={TOAST_HOTKEY} label={t("toast.viewport")} />
    </ToastProvider>
  );
}

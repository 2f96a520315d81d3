/// <reference types="vite-plugin-pwa/react" />

import { useRegisterSW } from "virtual:pwa-register/react";
import { useRef } from "react";
import { UpdateBanner } from "./update-banner";

/** A long-open tab asks the server for a new service worker this often (navigations do too). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** Registers the service worker (vite.config.ts, registerType 'prompt') and offers its updates. */
export function UpdatePrompt() {
  const updatePressed = useRef(false);
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (registration) setInterval(() => void registration.update(), UPDATE_CHECK_MS);
    },
    // Once an update has been offered, vite-plugin-pwa reloads the page on any later change of the
    // page's controller, and a worker purged by logout's Clear-Site-Data is one: the page reloaded
    // where it was instead of following the logout to `/` (e2e/pwa.spec.ts under a busy CI). The
    // page reloads only after 'Atualizar' (docs/product.md#installing-and-updating).
    onNeedReload() {
      if (updatePressed.current) window.location.reload();
    },
  });
  if (!needRefresh) return null;
  // Skips the waiting worker; the page reloads once the new one controls it, on this press only.
  return (
    <UpdateBanner
      onUpdate={() => {
        updatePressed.current = true;
        void updateServiceWorker(true);
      }}
    />
  );
}

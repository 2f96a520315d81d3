/// <reference types="vite-plugin-pwa/react" />
import { useRegisterSW } from "virtual:pwa-register/react";
import { UpdateBanner } from "./update-banner";

/** A long-open tab asks the server for a new service worker this often (navigations do too). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** Registers the service worker (vite.config.ts, registerType 'prompt') and offers its updates. */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (registration) setInterval(() => void registration.update(), UPDATE_CHECK_MS);
    },
  });
  if (!needRefresh) return null;
  // Skips the waiting worker; the page reloads once the new one controls it, on this press only.
  return <UpdateBanner onUpdate={() => void updateServiceWorker(true)} />;
}

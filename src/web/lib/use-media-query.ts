import { useSyncExternalStore } from "react";

/**
 * Whether a CSS media query matches now, following changes (rotation, resizing). Lets a screen
 * render one layout instead of two copies hidden by CSS.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

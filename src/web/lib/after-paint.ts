import { useEffect, useState } from "react";

/**
 * Runs `callback` once the frame after this moment has been painted (a frame, then a task): work
 * that a screen does not need to show its content waits until the content is on screen.
 */
export function afterNextPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/**
 * False until the component's first render has been painted: what it then mounts (a lazy chunk's
 * component, say) is fetched and run after the screen's content shows, never before
 * (docs/internals/web.md#what-the-landing-page-loads, the cold dashboard's budget).
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => setPainted(true)), []);
  return painted;
}

import { useCallback, useEffect, useRef, useState } from "react";

/** docs/product.md#copy-indicator: a copy button shows that it copied for 3 seconds. */
export const COPIED_INDICATOR_MS = 3000;

/** Which of several copy targets was copied last, cleared again after COPIED_INDICATOR_MS. */
export function useCopiedFlag<Target extends string>() {
  const [copied, setCopied] = useState<Target | null>(null);
  const timeout = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timeout.current), []);
  const markCopied = useCallback((target: Target) => {
    clearTimeout(timeout.current);
    setCopied(target);
    timeout.current = setTimeout(() => setCopied(null), COPIED_INDICATOR_MS);
  }, []);
  return { copied, markCopied };
}

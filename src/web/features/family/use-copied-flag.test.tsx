// @vitest-environment jsdom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { COPIED_INDICATOR_MS, useCopiedFlag } from "./use-copied-flag";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

let latest: ReturnType<typeof useCopiedFlag<"code" | "link">>;
function Probe() {
  latest = useCopiedFlag<"code" | "link">();
  return null;
}

let root: Root;
beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  vi.useFakeTimers();
  root = createRoot(document.createElement("div"));
  act(() => root.render(<Probe />));
});
afterEach(() => {
  act(() => root.unmount());
  vi.useRealTimers();
});

describe("useCopiedFlag", () => {
  it("shows the copied target for 3 seconds", () => {
    expect(COPIED_INDICATOR_MS).toBe(3000);
    act(() => latest.markCopied("code"));
    expect(latest.copied).toBe("code");
    act(() => vi.advanceTimersByTime(2999));
    expect(latest.copied).toBe("code");
    act(() => vi.advanceTimersByTime(1));
    expect(latest.copied).toBeNull();
  });

  it("a second copy moves the indicator and restarts the 3 seconds", () => {
    act(() => latest.markCopied("code"));
    act(() => vi.advanceTimersByTime(2000));
    act(() => latest.markCopied("link"));
    expect(latest.copied).toBe("link");
    act(() => vi.advanceTimersByTime(2000));
    expect(latest.copied).toBe("link");
    act(() => vi.advanceTimersByTime(1000));
    expect(latest.copied).toBeNull();
  });
});

// @vitest-environment jsdom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useDebouncedValue } from "./use-debounced-value";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

let settled: string;
function Probe({ value }: { value: string }) {
  settled = useDebouncedValue(value, 250);
  return null;
}

let root: Root;
beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  vi.useFakeTimers();
  root = createRoot(document.createElement("div"));
  act(() => root.render(<Probe value="" />));
});
afterEach(() => {
  act(() => root.unmount());
  vi.useRealTimers();
});

describe("useDebouncedValue", () => {
  it("follows the value only once it has stopped changing for the delay", () => {
    act(() => root.render(<Probe value="m" />));
    act(() => vi.advanceTimersByTime(200));
    act(() => root.render(<Probe value="me" />));
    act(() => vi.advanceTimersByTime(200));
    // 400 ms since the first letter, but only 200 since the last.
    expect(settled).toBe("");
    act(() => vi.advanceTimersByTime(49));
    expect(settled).toBe("");
    act(() => vi.advanceTimersByTime(1));
    expect(settled).toBe("me");
  });
});

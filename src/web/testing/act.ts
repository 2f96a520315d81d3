import { act as preactAct } from "preact/test-utils";

/**
 * React's `act` for the component tests: the app runs on Preact through preact/compat
 * (docs/decisions/005-preact-runtime.md), whose `act` lives in preact/test-utils. It runs the
 * callback, then flushes the renders and effects it caused (after its promise, when it returns
 * one). Unlike React's, it hands back no value: a test that needs the callback's result keeps it
 * in a variable.
 */
export function act(callback: () => unknown): Promise<void> {
  return preactAct(callback as () => void | Promise<void>);
}

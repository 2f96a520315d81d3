import { act } from "react";

/**
 * A person's hands on a form in the unit tests (jsdom): the control a label names, and a value
 * typed or chosen the way React hears it. Dialogs are portals, so the document is searched unless
 * a container is given.
 */

/** The control the visible label `text` names, or null. */
export function labelledControl<T extends HTMLElement>(
  text: string,
  root: ParentNode = document,
): T | null {
  const label = [...root.querySelectorAll("label")].find((l) => l.textContent?.trim() === text);
  return ((label?.control ?? label?.querySelector("input")) as T | null | undefined) ?? null;
}

/** The control the visible label `text` names; a test fails when there is none. */
export function requiredControl<T extends HTMLElement>(text: string, root?: ParentNode): T {
  const control = labelledControl<T>(text, root);
  if (!control) throw new Error(`no control labelled "${text}"`);
  return control;
}

/**
 * Types into an input or chooses in a select as a person does: the value set through the
 * element's own setter (React tracks it) and the event React listens for.
 */
export async function enterValue(element: HTMLInputElement | HTMLSelectElement, value: string) {
  await act(async () => {
    const prototype = Object.getPrototypeOf(element);
    Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(element, value);
    element.dispatchEvent(
      new Event(element instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }),
    );
  });
}

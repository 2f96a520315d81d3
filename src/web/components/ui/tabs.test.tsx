// @vitest-environment jsdom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "./tabs";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

// What Radix's Tabs did, which these replace (their focus and attributes were compared with
// Radix's in jsdom and in Chromium when they were written).

describe("Tabs", () => {
  let container: HTMLDivElement;
  let root: Root;

  beforeAll(() => {
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  });

  beforeEach(() => {
    vi.useFakeTimers();
    container = document.createElement("div");
    document.body.append(container);
    root = createRoot(container);
    act(() =>
      root.render(
        <Tabs defaultValue="join">
          <TabsList aria-label="Family">
            <TabsTrigger value="create">Create</TabsTrigger>
            <TabsTrigger value="join">Join</TabsTrigger>
            <TabsTrigger value="other">Other</TabsTrigger>
          </TabsList>
          <TabsContent value="create">create panel</TabsContent>
          <TabsContent value="join">join panel</TabsContent>
          <TabsContent value="other">other panel</TabsContent>
        </Tabs>,
      ),
    );
  });

  afterEach(() => {
    act(() => root.unmount());
    container.remove();
    vi.useRealTimers();
  });

  const tab = (name: string) =>
    [...container.querySelectorAll<HTMLElement>("[role=tab]")].find(
      (element) => element.textContent === name,
    );
  const selected = () => container.querySelector("[aria-selected=true]")?.textContent;
  const panel = () => container.querySelector<HTMLElement>("[role=tabpanel]:not([hidden])");
  const press = (key: string) => {
    const event = new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true });
    act(() => {
      document.activeElement?.dispatchEvent(event);
    });
    act(() => {
      vi.runAllTimers();
    });
    return event.defaultPrevented;
  };

  it("shows the chosen tab's panel alone, labelled by its tab", () => {
    expect(container.querySelector("[role=tablist]")?.getAttribute("aria-label")).toBe("Family");
    expect(selected()).toBe("Join");
    expect(panel()?.textContent).toBe("join panel");
    expect(panel()?.getAttribute("aria-labelledby")).toBe(tab("Join")?.id);
    expect(tab("Join")?.getAttribute("aria-controls")).toBe(panel()?.id);
    expect(container.querySelectorAll("[role=tabpanel][hidden]")).toHaveLength(2);
    expect(container.querySelector("[role=tabpanel][hidden]")?.textContent).toBe("");
  });

  it("chooses a tab by a press, and by focusing it", () => {
    act(() => {
      tab("Create")?.dispatchEvent(new MouseEvent("mousedown", { bubbles: true, button: 0 }));
    });
    expect(selected()).toBe("Create");
    expect(document.activeElement).toBe(tab("Create"));
    act(() => tab("Other")?.focus());
    expect(selected()).toBe("Other");
    expect(panel()?.textContent).toBe("other panel");
  });

  it("moves with the arrows round the ends, and to the ends with Home and End", () => {
    act(() => tab("Join")?.focus());
    expect(press("ArrowRight")).toBe(true);
    expect(selected()).toBe("Other");
    press("ArrowRight");
    expect(selected()).toBe("Create");
    press("ArrowLeft");
    expect(selected()).toBe("Other");
    press("Home");
    expect(selected()).toBe("Create");
    press("End");
    expect(selected()).toBe("Other");
    expect(press("ArrowDown")).toBe(false);
    expect(document.activeElement).toBe(tab("Other"));
  });
});

// @vitest-environment jsdom
import { act, useState } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "./dropdown-menu";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

// What Radix's DropdownMenu did, which this one replaces (its keyboard, focus and attributes were
// compared step by step with Radix's in jsdom and in Chromium when it was written).

const chosen: string[] = [];

function Menu() {
  const [language, setLanguage] = useState("pt");
  return (
    <div>
      <button type="button" id="elsewhere">
        elsewhere
      </button>
      <DropdownMenu>
        <DropdownMenuTrigger>
          <button type="button" aria-label="Open the menu">
            Ana
          </button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuLabel>ana@example.com</DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => chosen.push("profile")}>Profile</DropdownMenuItem>
          <DropdownMenuRadioGroup
            value={language}
            aria-label="Language"
            onValueChange={(value) => {
              chosen.push(value);
              setLanguage(value);
            }}
          >
            <DropdownMenuRadioItem value="en">English</DropdownMenuRadioItem>
            <DropdownMenuRadioItem value="pt">Português</DropdownMenuRadioItem>
          </DropdownMenuRadioGroup>
          <DropdownMenuItem onSelect={() => chosen.push("logout")}>Log out</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}

const pointer = (type: string, button = 0) => {
  const event = new MouseEvent(type, { bubbles: true, cancelable: true, button });
  Object.defineProperty(event, "pointerType", { value: "mouse" });
  return event;
};

describe("DropdownMenu", () => {
  let container: HTMLDivElement;
  let root: Root;

  beforeAll(() => {
    globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  });

  beforeEach(() => {
    vi.useFakeTimers();
    chosen.length = 0;
    container = document.createElement("div");
    document.body.append(container);
    root = createRoot(container);
    act(() => root.render(<Menu />));
  });

  afterEach(() => {
    act(() => root.unmount());
    container.remove();
    vi.useRealTimers();
  });

  const trigger = () => container.querySelector<HTMLButtonElement>("button[aria-haspopup]");
  const menu = () => container.querySelector<HTMLElement>("[role=menu]");
  const item = (name: string) =>
    [...container.querySelectorAll<HTMLElement>("[role^=menuitem]")].find(
      (element) => element.textContent === name,
    );
  const focused = () => document.activeElement?.textContent;
  const press = (key: string, target = document.activeElement) => {
    const event = new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true });
    act(() => {
      target?.dispatchEvent(event);
    });
    act(() => {
      vi.runAllTimers();
    });
    return event.defaultPrevented;
  };
  const tap = (target: Element | null | undefined, type = "pointerdown") => {
    act(() => {
      target?.dispatchEvent(pointer(type));
    });
    act(() => {
      vi.runAllTimers();
    });
  };

  it("is a menu button: the menu is labelled by it and controlled by it while open", () => {
    expect(trigger()?.getAttribute("aria-expanded")).toBe("false");
    expect(trigger()?.hasAttribute("aria-controls")).toBe(false);
    tap(trigger());
    expect(trigger()?.getAttribute("aria-expanded")).toBe("true");
    expect(trigger()?.getAttribute("aria-controls")).toBe(menu()?.id);
    expect(menu()?.getAttribute("aria-labelledby")).toBe(trigger()?.id);
    expect(item("English")?.getAttribute("role")).toBe("menuitemradio");
    expect(item("English")?.getAttribute("aria-checked")).toBe("false");
    expect(item("Português")?.getAttribute("aria-checked")).toBe("true");
    expect(container.querySelector("[role=group]")?.getAttribute("aria-label")).toBe("Language");
    expect(container.querySelector("[role=separator]")).not.toBeNull();
  });

  it("opens by a pointer on the menu itself, and by a key on its first item", () => {
    tap(trigger());
    expect(document.activeElement).toBe(menu());
    press("Escape");
    expect(menu()).toBeNull();
    expect(document.activeElement).toBe(trigger());
    expect(press("Enter", trigger())).toBe(true);
    expect(focused()).toBe("Profile");
  });

  it("moves with the arrows without wrapping, to the ends, and to a typed letter; Tab stays", () => {
    press("ArrowDown", trigger());
    expect(focused()).toBe("Profile");
    press("ArrowUp");
    expect(focused()).toBe("Profile");
    press("ArrowDown");
    expect(focused()).toBe("English");
    press("End");
    expect(focused()).toBe("Log out");
    press("ArrowDown");
    expect(focused()).toBe("Log out");
    press("Home");
    expect(focused()).toBe("Profile");
    press("p");
    expect(focused()).toBe("Português");
    expect(press("Tab")).toBe(true);
    expect(focused()).toBe("Português");
  });

  it("chooses with Enter, Space or a click, closes and gives the focus back", () => {
    press("ArrowDown", trigger());
    press("ArrowDown");
    press(" ");
    expect(chosen).toEqual(["en"]);
    expect(menu()).toBeNull();
    expect(document.activeElement).toBe(trigger());
    press("Enter", trigger());
    press("Enter");
    expect(chosen).toEqual(["en", "profile"]);
    tap(trigger());
    act(() => item("Log out")?.click());
    act(() => {
      vi.runAllTimers();
    });
    expect(chosen).toEqual(["en", "profile", "logout"]);
    expect(document.activeElement).toBe(trigger());
  });

  it("closes on a press or a focus outside (the focus left there), on the window's blur, and on a second press on its button", () => {
    tap(trigger());
    tap(container.querySelector("#elsewhere"));
    expect(menu()).toBeNull();
    expect(document.activeElement).not.toBe(trigger());
    tap(trigger());
    act(() => container.querySelector<HTMLElement>("#elsewhere")?.focus());
    expect(menu()).toBeNull();
    tap(trigger());
    act(() => {
      window.dispatchEvent(new Event("blur"));
    });
    act(() => {
      vi.runAllTimers();
    });
    expect(menu()).toBeNull();
    expect(document.activeElement).toBe(trigger());
    tap(trigger());
    expect(menu()).not.toBeNull();
    tap(trigger());
    expect(menu()).toBeNull();
  });

  it("highlights the item under the mouse, and the menu when the mouse leaves it", () => {
    tap(trigger());
    tap(item("English"), "pointermove");
    expect(focused()).toBe("English");
    expect(item("English")?.hasAttribute("data-highlighted")).toBe(true);
    tap(item("English"), "pointerout");
    expect(document.activeElement).toBe(menu());
  });
});

// @vitest-environment jsdom
import { act, Suspense } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { lazyScreen, ScreenView } from "./lazy-screen";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

let container: HTMLDivElement;
let root: Root;

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
});
beforeEach(() => {
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});
afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

const Screen = () => <p>the screen</p>;

function renderInSuspense(screen: ReturnType<typeof lazyScreen>) {
  act(() => {
    root.render(
      <Suspense fallback={<p>loading</p>}>
        <ScreenView screen={screen} />
      </Suspense>,
    );
  });
}

describe("lazyScreen", () => {
  it("renders a preloaded screen in the first commit, without the Suspense fallback", async () => {
    let loads = 0;
    const screen = lazyScreen(async () => {
      loads++;
      return Screen;
    });
    await screen.preload();
    renderInSuspense(screen);
    expect(container.textContent).toBe("the screen");
    expect(loads).toBe(1);
  });

  it("loads a screen rendered before it was preloaded through Suspense, once", async () => {
    let loads = 0;
    const screen = lazyScreen(async () => {
      loads++;
      return Screen;
    });
    renderInSuspense(screen);
    expect(container.textContent).toBe("loading");
    await act(async () => {
      await screen.preload();
    });
    expect(container.textContent).toBe("the screen");
    expect(loads).toBe(1);
  });

  it("tries a failed load again", async () => {
    let attempts = 0;
    const screen = lazyScreen(async () => {
      attempts++;
      if (attempts === 1) throw new Error("offline");
      return Screen;
    });
    await expect(screen.preload()).rejects.toThrow("offline");
    await screen.preload();
    expect(attempts).toBe(2);
    expect(screen.loaded()).toBe(Screen);
  });
});

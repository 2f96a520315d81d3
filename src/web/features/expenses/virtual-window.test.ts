import { describe, expect, it } from "vitest";
import { LOAD_AHEAD_ROWS, shouldLoadMore, spacerHeights } from "./virtual-window";

describe("spacerHeights", () => {
  it("fills the space above and below the rendered window, from the list's own top", () => {
    // The list starts 300 px down the page; rows 10-12 of a 50 px list of 40 rows are rendered.
    const rendered = [10, 11, 12].map((index) => ({
      index,
      start: 300 + index * 50,
      end: 300 + (index + 1) * 50,
    }));
    expect(spacerHeights(rendered, 40 * 50, 300)).toEqual({ before: 500, after: 27 * 50 });
  });

  it("has no spacers when the whole list is rendered, and none for an empty window", () => {
    const rendered = [0, 1].map((index) => ({ index, start: index * 40, end: (index + 1) * 40 }));
    expect(spacerHeights(rendered, 80, 0)).toEqual({ before: 0, after: 0 });
    expect(spacerHeights([], 500, 120)).toEqual({ before: 0, after: 0 });
  });
});

describe("shouldLoadMore", () => {
  const state = {
    lastRenderedIndex: 10,
    loadedCount: 100,
    hasNextPage: true,
    isFetchingNextPage: false,
  };

  it("waits while the window is far from the end of what is loaded", () => {
    expect(shouldLoadMore(state)).toBe(false);
    expect(shouldLoadMore({ ...state, lastRenderedIndex: 100 - LOAD_AHEAD_ROWS - 1 })).toBe(false);
  });

  it("loads when the window comes within LOAD_AHEAD_ROWS of the last loaded row", () => {
    expect(shouldLoadMore({ ...state, lastRenderedIndex: 100 - LOAD_AHEAD_ROWS })).toBe(true);
    expect(shouldLoadMore({ ...state, lastRenderedIndex: 99 })).toBe(true);
  });

  it("never asks twice at once, past the last page, or before anything is rendered", () => {
    const atEnd = { ...state, lastRenderedIndex: 99 };
    expect(shouldLoadMore({ ...atEnd, isFetchingNextPage: true })).toBe(false);
    expect(shouldLoadMore({ ...atEnd, hasNextPage: false })).toBe(false);
    expect(shouldLoadMore({ ...atEnd, lastRenderedIndex: undefined })).toBe(false);
  });
});

/** Pure arithmetic of the virtualised expense list, kept apart so it can be tested without a DOM. */

type Span = { index: number; start: number; end: number };

/**
 * The empty space above and below the rendered rows, so the page is as tall as the whole list:
 * the scroll bar then stands for every loaded expense while only a window of them is in the DOM.
 * `start`/`end` count from the top of the document (they include `scrollMargin`, the list's own
 * offset), `totalSize` from the top of the list.
 */
export function spacerHeights(
  rendered: readonly Span[],
  totalSize: number,
  scrollMargin: number,
): { before: number; after: number } {
  const first = rendered[0];
  const last = rendered.at(-1);
  if (!first || !last) return { before: 0, after: 0 };
  return {
    before: Math.max(first.start - scrollMargin, 0),
    after: Math.max(totalSize - (last.end - scrollMargin), 0),
  };
}

/** Ask for the next page this many rows before the last loaded one comes into view. */
export const LOAD_AHEAD_ROWS = 20;

/**
 * Whether to fetch the next page now: the rendered window reaches within LOAD_AHEAD_ROWS of the
 * end of what is loaded, there is more, and no page is already on its way.
 */
export function shouldLoadMore(state: {
  lastRenderedIndex: number | undefined;
  loadedCount: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
}): boolean {
  if (!state.hasNextPage || state.isFetchingNextPage) return false;
  if (state.lastRenderedIndex === undefined) return false;
  return state.lastRenderedIndex >= state.loadedCount - LOAD_AHEAD_ROWS;
}

import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ExpenseListItem } from "../../../contract/expenses";
import { Spinner } from "../../components/ui/spinner";
import type { ExpenseRow } from "./expense-list-view";
import { ExpenseCardRow, ExpenseTableRow, type RowHandlers } from "./expense-rows";
import { expensesTexts } from "./texts";
import { shouldLoadMore, spacerHeights } from "./virtual-window";

/** Rows rendered beyond each edge of the screen, so Tab and fast scrolling land on real rows. */
const OVERSCAN = 8;
/** First guesses of a row's height before it is measured (a table row, a phone card). */
const ROW_ESTIMATE = { table: 49, card: 112 } as const;

/**
 * The list's distance from the top of the document, kept current as what is above it changes
 * height (a validation message in the form, the totals line appearing): the window virtualiser
 * needs it to know which rows the screen shows.
 */
function useDocumentOffset(ref: RefObject<HTMLElement | null>): number {
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      setOffset((previous) => (Math.abs(previous - top) < 1 ? previous : top));
    };
    measure();
    if (typeof ResizeObserver === "undefined") return;
    // Anything above the list that grows or shrinks changes the body's height.
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [ref]);
  return offset;
}

type VirtualListProps = RowHandlers & {
  items: ExpenseListItem[];
  /** Every expense that matches, loaded or not (the first page's totals). */
  totalCount: number;
  layout: "table" | "card";
  labelledBy: string;
  /** The row an expense is drawn from (expense-list-view.ts). */
  rowOf: (expense: ExpenseListItem) => ExpenseRow;
  /** A member's first name, for who an expense is for ("Só Ana"). */
  nameOf: (userId: string) => string;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
};

/**
 * Windowed rather than "load more": a button or sentinel that appends pages would leave every
 * loaded row in the DOM, and ten years of a household (50,000 rows) made the page take close to a
 * minute. With the window virtualiser the page scrolls as usual (no inner scroll box, so the
 * keyboard, the browser's find and the phone's scrolling behave as on any page) while only the
 * rows on screen plus OVERSCAN above and below are rendered: a few dozen, however far one scrolls.
 * Spacers above and below keep the page as tall as the loaded list, and pages load ahead as the
 * window nears the end of what is loaded.
 */
export function VirtualExpenseList({
  items,
  totalCount,
  layout,
  labelledBy,
  rowOf,
  nameOf,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  onEdit,
  onDelete,
}: VirtualListProps) {
  const { t } = useTranslation(expensesTexts);
  const listRef = useRef<HTMLDivElement>(null);
  const scrollMargin = useDocumentOffset(listRef);
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => ROW_ESTIMATE[layout],
    overscan: OVERSCAN,
    scrollMargin,
    getItemKey: (index) => items[index]?.id ?? index,
  });
  const rendered = virtualizer.getVirtualItems();
  const { before, after } = spacerHeights(rendered, virtualizer.getTotalSize(), scrollMargin);
  const lastRenderedIndex = rendered.at(-1)?.index;

  useEffect(() => {
    if (
      shouldLoadMore({
        lastRenderedIndex,
        loadedCount: items.length,
        hasNextPage,
        isFetchingNextPage,
      })
    ) {
      fetchNextPage();
    }
  }, [lastRenderedIndex, items.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const rows = rendered.flatMap((row) => {
    const expense = items[row.index];
    return expense ? [{ virtual: row, row: rowOf(expense) }] : [];
  });

  return (
    <div ref={listRef}>
      {layout === "table" ? (
        <table
          aria-labelledby={labelledBy}
          // Only a window of rows exists: the count and each row's position tell screen readers
          // how long the list really is (the header row is row 1).
          aria-rowcount={totalCount + 1}
          className="w-full table-fixed text-sm"
        >
          {/* Fixed columns: the widths must not jump as different rows scroll in and out. */}
          <colgroup>
            <col className="w-28" />
            <col />
            <col className="w-[20%]" />
            <col className="w-[16%]" />
            <col className="w-32" />
            <col className="w-24" />
          </colgroup>
          <thead>
            <tr aria-rowindex={1} className="border-b text-left text-muted-foreground">
              <th scope="col" className="px-3 py-2 font-medium">
                {t("expenses.list.date")}
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {t("expenses.list.description")}
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {t("expenses.list.category")}
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {t("payer.label")}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                {t("expenses.list.amount")}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                {t("expenses.list.actions")}
              </th>
            </tr>
          </thead>
          <tbody>
            {before > 0 ? (
              // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty spacer row cannot take focus; hidden so it is not counted as a row
              <tr aria-hidden="true">
                <td colSpan={6} className="p-0" style={{ height: before }} />
              </tr>
            ) : null}
            {rows.map(({ virtual, row }) => (
              <ExpenseTableRow
                key={virtual.key}
                row={row}
                index={virtual.index}
                measure={virtualizer.measureElement}
                nameOf={nameOf}
                onEdit={onEdit}
                onDelete={onDelete}
              />
            ))}
            {after > 0 ? (
              // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty spacer row cannot take focus; hidden so it is not counted as a row
              <tr aria-hidden="true">
                <td colSpan={6} className="p-0" style={{ height: after }} />
              </tr>
            ) : null}
          </tbody>
        </table>
      ) : (
        <ul
          aria-labelledby={labelledBy}
          className="grid divide-y"
          style={{ paddingTop: before, paddingBottom: after }}
        >
          {rows.map(({ virtual, row }) => (
            <ExpenseCardRow
              key={virtual.key}
              row={row}
              index={virtual.index}
              measure={virtualizer.measureElement}
              setSize={totalCount}
              nameOf={nameOf}
              onEdit={onEdit}
              onDelete={onDelete}
            />
          ))}
        </ul>
      )}
      {isFetchingNextPage ? (
        <div className="flex justify-center py-4">
          <Spinner label={t("expenses.list.loadingMore")} />
        </div>
      ) : null}
    </div>
  );
}

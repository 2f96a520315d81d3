import {
  type ComponentProps,
  createContext,
  type KeyboardEvent,
  use,
  useId,
  useState,
} from "react";
import { cn } from "../../lib/utils";

type TabsState = { id: string; value: string; select: (value: string) => void };
const TabsContext = createContext<TabsState>({ id: "", value: "", select: () => undefined });
const tabId = (id: string, value: string) => `${id}-trigger-${value}`;
const panelId = (id: string, value: string) => `${id}-content-${value}`;

/**
 * Tabs as Radix's Tabs had them (automatic activation, roving focus), on the platform's own
 * buttons: a tab is chosen by a press, Enter, Space or by focusing it; the arrows (round the ends),
 * Home/End and PageUp/PageDown move to another; only the chosen tab is in the Tab order, and only
 * its panel in the page. Label, Progress, Avatar, Checkbox and the menu went the same way
 * (scripts/bundle-budget.mjs).
 */
export function Tabs({
  defaultValue,
  ...props
}: Omit<ComponentProps<"div">, "defaultValue"> & { defaultValue: string }) {
  const [value, select] = useState(defaultValue);
  return (
    <TabsContext value={{ id: useId(), value, select }}>
      <div dir="ltr" data-orientation="horizontal" {...props} />
    </TabsContext>
  );
}

const moves: Record<string, (index: number, count: number) => number> = {
  ArrowLeft: (index, count) => (index + count - 1) % count,
  ArrowRight: (index, count) => (index + 1) % count,
  Home: () => 0,
  PageUp: () => 0,
  End: (_, count) => count - 1,
  PageDown: (_, count) => count - 1,
};

/** Radix's roving focus: an arrow, Home/End or PageUp/PageDown on a tab focuses (so chooses) another. */
function moveFocus(event: KeyboardEvent<HTMLButtonElement>) {
  const move = moves[event.key];
  if (!move || event.metaKey || event.ctrlKey || event.altKey || event.shiftKey) return;
  event.preventDefault();
  const tabs = [...(event.currentTarget.parentElement?.querySelectorAll("[role=tab]") ?? [])];
  const next = tabs[move(tabs.indexOf(event.currentTarget), tabs.length)];
  setTimeout(() => (next as HTMLElement | undefined)?.focus());
}

export function TabsList({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-orientation="horizontal"
      className={cn(
        "inline-flex h-13 w-full items-center gap-1 rounded-lg bg-muted p-1 text-muted-foreground sm:h-10",
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({
  className,
  value,
  ...props
}: ComponentProps<"button"> & { value: string }) {
  const tabs = use(TabsContext);
  const selected = value === tabs.value;
  return (
    <button
      type="button"
      role="tab"
      id={tabId(tabs.id, value)}
      aria-selected={selected}
      aria-controls={panelId(tabs.id, value)}
      data-state={selected ? "active" : "inactive"}
      data-orientation="horizontal"
      tabIndex={selected ? 0 : -1}
      className={cn(
        "inline-flex h-full flex-1 items-center justify-center gap-2 rounded-md px-3 font-medium text-sm whitespace-nowrap transition-colors focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm",
        className,
      )}
      {...props}
      onMouseDown={(event) => {
        props.onMouseDown?.(event);
        if (event.defaultPrevented) return;
        if (event.button === 0 && !event.ctrlKey) {
          event.currentTarget.focus();
          tabs.select(value);
        } else event.preventDefault();
      }}
      onKeyDown={(event) => {
        props.onKeyDown?.(event);
        if (event.defaultPrevented) return;
        if (event.key === " " || event.key === "Enter") tabs.select(value);
        moveFocus(event);
      }}
      onFocus={(event) => {
        props.onFocus?.(event);
        if (!event.defaultPrevented) tabs.select(value);
      }}
    />
  );
}

export function TabsContent({
  className,
  value,
  children,
  ...props
}: ComponentProps<"div"> & { value: string }) {
  const tabs = use(TabsContext);
  const selected = value === tabs.value;
  return (
    <div
      role="tabpanel"
      id={panelId(tabs.id, value)}
      aria-labelledby={tabId(tabs.id, value)}
      hidden={!selected}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the panel is the next stop after its tab (WAI-ARIA tabs), as Radix's was
      tabIndex={0}
      data-state={selected ? "active" : "inactive"}
      data-orientation="horizontal"
      className={cn("mt-4 outline-none", className)}
      {...props}
    >
      {selected ? children : null}
    </div>
  );
}

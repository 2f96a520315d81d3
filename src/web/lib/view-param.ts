import { useSearchParams } from "wouter";

// What the API's z.uuid() takes (RFC 9562's versions and variant): anything else would answer 400.
const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/**
 * Whose month the address asks for (docs/product.md#viewing-as-a-member): `?view=<userId>` when it
 * can name someone, else null, the family's. Whether it names a member is known only once the
 * family's people have answered (api/family/view-choices.ts).
 */
export function viewParamOf(search: URLSearchParams): string | null {
  const view = search.get("view");
  return view && uuidShape.test(view) ? view.toLowerCase() : null;
}

/**
 * The view lives in the address beside the month, so a reload or a shared link keeps it and the
 * month navigation (which keeps the other parameters) carries it along. Changing it replaces the
 * history entry, as changing month does: Back leaves the page.
 */
export function useViewParam(): [string | null, (userId: string | null) => void] {
  const [search, setSearch] = useSearchParams();
  const select = (userId: string | null) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (userId) next.set("view", userId);
        else next.delete("view");
        return next;
      },
      { replace: true },
    );
  return [viewParamOf(search), select];
}

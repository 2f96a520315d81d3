import { useQuery } from "@tanstack/react-query";
import { categoriesQueryOptions } from "../../api/categories/get-categories";
import { familyQueryOptions } from "../../api/family/get-family";
import { familyPeopleQueryOptions } from "../../api/family/get-family-people";
import { paymentMethodsQueryOptions } from "../../api/payment-methods/get-payment-methods";
import { monthSummaryQueryOptions } from "../../api/summary/get-month-summary";
import { useSelectedMonth } from "../../lib/use-selected-month";

/**
 * What the quick add and the expense form need, on the device from the first online visit
 * (docs/product.md#offline, docs/internals/web.md#the-service-worker-and-offline-data): the
 * categories, the family's people ('Pago por'), its payment methods ('Pago com') and the month on screen (its totals), besides the
 * current user and the family every signed-in screen reads. A screen that shows none of them (the
 * dashboard reads no categories) left the quick add opened offline with an empty category list.
 *
 * Run by the frame's PendingExpensesNotice, which mounts once the frame has painted, in a chunk of
 * its own: no screen's first paint waits for these calls, and a cold dashboard downloads none of
 * it (scripts/bundle-budget.mjs). Observed for as long as the frame shows, so none is dropped
 * from memory (gcTime) while the network may go, and each is saved by offline/offline-cache.ts
 * (isOfflineQuery) for the next start; offline they wait on their saved data. A user without a
 * family has none of them to load.
 */
export function useKeepExpenseFormData() {
  const family = useQuery(familyQueryOptions()).data;
  // The month the screen shows by default is the family's current budget month.
  const [month] = useSelectedMonth(family?.budgetPeriod);
  const enabled = Boolean(family);
  // Their results go unread, so the notice is not drawn again when one answers (TanStack tracks
  // the properties a component reads). Not useQueries: its observer would join the shell chunk.
  useQuery({ ...categoriesQueryOptions(), enabled });
  useQuery({ ...familyPeopleQueryOptions(), enabled });
  useQuery({ ...paymentMethodsQueryOptions(), enabled });
  useQuery({ ...monthSummaryQueryOptions(month), enabled });
}

import type { ExpenseRow } from "../api-rows";
import type { Db } from "../db/client";
import { actorOf, changesBetween, namesFor, recordHistory } from "../history/record";
import type { FamilyScope } from "../http/family-scope";
import type { ChangeLog } from "../ledger/changes";
import { expenseHistoryFields, privateToOf, splitUserIds } from "./expense-history";

/**
 * What every path of the expense writes shares (writes.ts is their entry): the unit of work's
 * transaction and change log they write with, and the entry of a changed row.
 */
export type WriteContext = { tx: Db; changes: ChangeLog };

/** The entry of a changed expense (none when no field it shows changed), and its recorded change. */
export async function recordChange(
  w: WriteContext,
  scope: FamilyScope,
  before: ExpenseRow,
  row: ExpenseRow,
): Promise<ExpenseRow> {
  const names = await namesFor(w.tx, scope.familyId, {
    categoryIds: [before.categoryId, row.categoryId],
    userIds: [
      before.paidByUserId,
      row.paidByUserId,
      ...splitUserIds(before.split),
      ...splitUserIds(row.split),
    ],
    methodIds: [before.paymentMethodId, row.paymentMethodId],
    billIds: [before.billId, row.billId],
  });
  const changes = changesBetween(
    expenseHistoryFields(before, names),
    expenseHistoryFields(row, names),
  );
  // A refund's entry names its purchase, which never changes, so its sentence can say it.
  const refundOf = row.refundOfId ? row.refundOfLabel : null;
  if (changes.length > 0 && row.refundOfId) {
    changes.push({ field: "refundOf", before: refundOf, after: refundOf });
  }
  if (changes.length > 0) {
    await recordHistory(w.tx, [
      {
        familyId: scope.familyId,
        actor: actorOf(scope),
        kind: "expense",
        action: "changed",
        subjectId: row.id,
        subjectLabel: row.description,
        changes,
        privateTo: privateToOf(before) ?? privateToOf(row),
      },
    ]);
  }
  w.changes.expenses({ familyId: scope.familyId, kind: "changed", count: 1, ids: [row.id] });
  return row;
}

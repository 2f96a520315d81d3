import { and, eq, inArray } from "drizzle-orm";
import type { AccountEntryKind } from "../../contract/reconciliation";
import type { Db } from "../db/client";
import { clearedEntries } from "../db/schema";
import { AppError } from "../errors";

/**
 * A change that would move an account's cleared or reconciled balance (docs/product.md#reconciliation):
 * an entry cleared against the bank, changed in its amount, date or account, or deleted, is
 * refused with entry_cleared until the person confirms (`?confirm=cleared`); the web asks them
 * and sends it again (lib/api-client.ts). A check before the write, on cleared_entries_entry_idx.
 */
export async function assertChangeOfClearedConfirmed(
  db: Db,
  familyId: string,
  kind: AccountEntryKind,
  ids: readonly string[],
  confirmed: boolean,
): Promise<void> {
  if (confirmed || ids.length === 0) return;
  const [cleared] = await db
    .select({ entryId: clearedEntries.entryId })
    .from(clearedEntries)
    .where(
      and(
        inArray(clearedEntries.entryId, [...ids]),
        eq(clearedEntries.entryKind, kind),
        eq(clearedEntries.familyId, familyId),
      ),
    )
    .limit(1);
  if (cleared) throw new AppError("entry_cleared");
}

/** Whether a change of these fields moves the entry's account's balance. */
export const movesBalance = (input: object, fields: readonly string[]) =>
  fields.some((field) => (input as Record<string, unknown>)[field] !== undefined);

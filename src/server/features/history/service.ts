import { and, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import {
  HISTORY_PAGE_SIZE,
  type HistoryChange,
  type HistoryEntry,
  type HistoryPage,
  type HistoryQuery,
} from "../../../contract/history";
import type { Db } from "../../db/client";
import { familyHistory } from "../../db/schema";
import { AppError } from "../../errors";
import type { ExpenseSnapshot } from "../../expense-writes/expense-history";
import type { ExpenseWrites } from "../../expense-writes/writes";
import type { FamilyScope } from "../../http/family-scope";
import { reserveExpenses } from "../../quotas";

/*
 * Reading the family history, newest first, in pages of 50 (docs/product.md#family-history).
 * Keyset pagination on (created_at, id) on the indexes of migration 0009: by family, by family
 * and person, by family and kind, so a page of a family with years of changes costs what the
 * first one does. The cursor is the last entry's key, created_at to the microsecond and id.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{6}Z$/;
const keyOf = sql<string>`to_char(${familyHistory.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const invalidCursor = () =>
  new AppError("validation_error", {
    fieldErrors: [{ path: "cursor", messageKey: "validation.invalid" }],
  });

const encodeCursor = (createdAt: string, id: string) =>
  Buffer.from(`${createdAt}|${id}`).toString("base64url");

function decodeCursor(cursor: string) {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalidCursor();
  const [createdAt = "", id = "", ...rest] = Buffer.from(cursor, "base64url")
    .toString("utf8")
    .split("|");
  if (rest.length > 0 || !TIMESTAMP.test(createdAt) || !UUID.test(id)) throw invalidCursor();
  return { createdAt, id };
}

type HistoryRow = typeof familyHistory.$inferSelect;

const shownKind = (kind: HistoryRow["kind"]): HistoryRow["kind"] =>
  kind === "installments" ? "expense" : kind;

/**
 * An entry as `readerId` may read it: one about another member's private expense says only that
 * a private expense changed (docs/product.md#private-expenses): no author, label, fields or
 * subject, and it cannot be restored by them. A private purchase in installments reads as an
 * expense: that it was one is its author's to know.
 */
const toEntry = (row: HistoryRow, readerId: string): HistoryEntry =>
  row.privateToUserId !== null && row.privateToUserId !== readerId
    ? {
        id: row.id,
        kind: shownKind(row.kind),
        action: row.action as HistoryEntry["action"],
        actorUserId: null,
        actorName: null,
        subjectId: null,
        subjectLabel: null,
        changes: [],
        createdAt: row.createdAt.toISOString(),
        restorable: false,
        restoredAt: row.restoredAt?.toISOString() ?? null,
        private: true,
      }
    : { ...visibleEntry(row), private: row.privateToUserId !== null };

const visibleEntry = (row: HistoryRow): Omit<HistoryEntry, "private"> => ({
  id: row.id,
  kind: row.kind,
  action: row.action as HistoryEntry["action"],
  actorUserId: row.actorUserId,
  actorName: row.actorName,
  subjectId: row.subjectId,
  subjectLabel: row.subjectLabel,
  changes: row.changes as HistoryChange[],
  createdAt: row.createdAt.toISOString(),
  restorable: isRestorable(row),
  restoredAt: row.restoredAt?.toISOString() ?? null,
});

const isRestorable = (row: Pick<HistoryRow, "kind" | "action" | "restoredAt" | "snapshot">) =>
  row.kind === "expense" && row.action === "deleted" && row.restoredAt === null && !!row.snapshot;

export async function historyPage(
  db: Db,
  scope: FamilyScope,
  query: HistoryQuery,
): Promise<HistoryPage> {
  const filters: SQL[] = [
    eq(familyHistory.familyId, scope.familyId),
    // Another member's private expense or income stays as a line that says one changed (it is in
    // the family's totals); their private rule, goal or account is theirs alone, entries included
    // (docs/product.md#category-rules, #caixinhas-savings-goals, #private-accounts).
    sql`(${familyHistory.privateToUserId} is null or ${familyHistory.privateToUserId} = ${scope.userId}
      or ${familyHistory.kind} in ('expense', 'installments', 'income'))`,
  ];
  if (query.actorUserId) {
    filters.push(eq(familyHistory.actorUserId, query.actorUserId));
    // Whose the private entries of others are is not said: a person's filter leaves them out.
    filters.push(
      sql`(${familyHistory.privateToUserId} is null or ${familyHistory.privateToUserId} = ${scope.userId})`,
    );
  }
  if (query.kind) {
    // By the kind the reader is shown (toEntry): another's private installments are expenses.
    const othersPrivate = sql`${familyHistory.privateToUserId} <> ${scope.userId}::uuid`;
    filters.push(
      query.kind === "expense"
        ? sql`(${familyHistory.kind} = 'expense' or (${familyHistory.kind} = 'installments' and ${othersPrivate}))`
        : query.kind === "installments"
          ? sql`${familyHistory.kind} = 'installments' and not coalesce(${othersPrivate}, false)`
          : eq(familyHistory.kind, query.kind),
    );
  }
  if (query.from) filters.push(gte(familyHistory.createdAt, new Date(query.from)));
  if (query.to) filters.push(lt(familyHistory.createdAt, new Date(query.to)));
  if (query.cursor !== undefined) {
    const after = decodeCursor(query.cursor);
    filters.push(
      sql`(${familyHistory.createdAt}, ${familyHistory.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`,
    );
  }
  const rows = await db
    .select({ entry: familyHistory, key: keyOf })
    .from(familyHistory)
    .where(and(...filters))
    .orderBy(desc(familyHistory.createdAt), desc(familyHistory.id))
    .limit(HISTORY_PAGE_SIZE + 1);
  const items = rows.slice(0, HISTORY_PAGE_SIZE);
  const last = items.at(-1);
  return {
    items: items.map((row) => toEntry(row.entry, scope.userId)),
    nextCursor:
      rows.length > HISTORY_PAGE_SIZE && last ? encodeCursor(last.key, last.entry.id) : null,
  };
}

/**
 * Brings a deleted expense back from its history entry, once: the entry is marked restored by a
 * conditional update, so of two members pressing 'Restaurar' at the same moment one restores and
 * the other is told it already was. The expense is written back, with its own 'restored' entry,
 * by the expense write module (expense-writes/writes.ts: what comes back as it was and what is
 * left out), whose change the ledger's fan-out tells like any new expense's.
 */
export async function restoreExpense(
  writes: ExpenseWrites,
  scope: FamilyScope,
  entryId: string,
  now: Date,
  maxExpenses: number,
): Promise<HistoryEntry> {
  return writes.transaction(async (tx, write) => {
    const [entry] = await tx
      .update(familyHistory)
      .set({ restoredAt: now })
      .where(
        and(
          eq(familyHistory.id, entryId),
          eq(familyHistory.familyId, scope.familyId),
          eq(familyHistory.kind, "expense"),
          eq(familyHistory.action, "deleted"),
          sql`${familyHistory.restoredAt} is null`,
          sql`${familyHistory.snapshot} is not null`,
          sql`(${familyHistory.privateToUserId} is null or ${familyHistory.privateToUserId} = ${scope.userId})`,
        ),
      )
      .returning();
    if (!entry) {
      const [existing] = await tx
        .select()
        .from(familyHistory)
        .where(and(eq(familyHistory.id, entryId), eq(familyHistory.familyId, scope.familyId)));
      // Another member's private expense: not theirs to bring back, nor to know of.
      if (!existing || (existing.privateToUserId && existing.privateToUserId !== scope.userId)) {
        throw new AppError("history_entry_not_found");
      }
      throw new AppError(existing.restoredAt ? "already_restored" : "not_restorable");
    }
    // A restore creates an expense: it counts against the family's cap (docs/product.md#quotas).
    await reserveExpenses(tx, scope.familyId, 1, maxExpenses);
    const restored = await write.restore(scope, entry.snapshot as ExpenseSnapshot, now);
    await tx
      .update(familyHistory)
      .set({ restoredExpenseId: restored.id })
      .where(eq(familyHistory.id, entry.id));
    return toEntry({ ...entry, restoredExpenseId: restored.id }, scope.userId);
  });
}

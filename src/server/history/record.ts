import { type SQL, sql } from "drizzle-orm";
import type {
  HistoryAction,
  HistoryChange,
  HistoryField,
  HistoryKind,
  HistoryValue,
} from "../../contract/history";
import { displayNameOf } from "../../domain/person-name";
import type { Db } from "../db/client";
import { parameterRuns } from "../db/parameter-runs";
import { cardBills, categories, familyHistory, paymentMethods, users } from "../db/schema";
import type { FamilyScope } from "../http/family-scope";

/**
 * Writing the family history (docs/product.md#family-history). Every service that changes a
 * category, a recurring rule, a member or an invite calls `recordHistory` with the transaction it
 * changes them in, so an entry exists exactly when its change committed. Expenses are written,
 * and their entries recorded, by one module (src/server/expense-writes/writes.ts), which uses the
 * helpers here.
 */

/** Who made a change; null: the app itself (a recurring rule's expense). */
export type HistoryActor = { userId: string; name: string | null } | null;

export const actorOf = (scope: FamilyScope): HistoryActor => ({
  userId: scope.userId,
  name: scope.actorName,
});

export type HistoryFields = Partial<Record<HistoryField, HistoryValue>>;

export type NewHistoryEntry = {
  familyId: string;
  actor: HistoryActor;
  kind: HistoryKind;
  action: HistoryAction;
  subjectId?: string | null;
  subjectLabel?: string | null;
  changes?: HistoryChange[];
  /** A deleted expense as it was, for its restore. */
  snapshot?: unknown;
  /** About a private expense: shown in full to this member only (docs/product.md#private-expenses). */
  privateTo?: string | null;
};

/** The fields whose value differs, in `after`'s order. */
export function changesBetween(before: HistoryFields, after: HistoryFields): HistoryChange[] {
  const changes: HistoryChange[] = [];
  for (const [field, value] of Object.entries(after) as [HistoryField, HistoryValue][]) {
    const old = before[field] ?? null;
    if (old !== (value ?? null)) changes.push({ field, before: old, after: value ?? null });
  }
  return changes;
}

/** What a new thing was made with: every field, from nothing. */
export const fieldsCreated = (fields: HistoryFields) => changesBetween({}, fields);

/** What a deleted thing was: every field, to nothing. */
export function fieldsDeleted(fields: HistoryFields): HistoryChange[] {
  return (Object.entries(fields) as [HistoryField, HistoryValue][])
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([field, value]) => ({ field, before: value, after: null }));
}

const historyRows = (entries: NewHistoryEntry[]) =>
  entries.map((entry) => ({
    familyId: entry.familyId,
    actorUserId: entry.actor?.userId ?? null,
    actorName: entry.actor?.name ?? null,
    kind: entry.kind,
    action: entry.action,
    subjectId: entry.subjectId ?? null,
    subjectLabel: entry.subjectLabel ?? null,
    changes: entry.changes ?? [],
    snapshot: entry.snapshot ?? null,
    privateToUserId: entry.privateTo ?? null,
  }));

/**
 * The entries as a CTE for the statement that makes the change (`db.with(cte).insert(...)`): one
 * statement and no transaction for the commonest write, a person adding an expense, whose history
 * costs then one more row in the same round trip (<= 20% more time, npm run bench: bench/history.mjs).
 * PostgreSQL runs a data-modifying CTE whether or not the statement reads it, all or nothing.
 */
export const historyCte = (db: Db, entries: NewHistoryEntry[]) =>
  db.$with("recorded_history", { id: sql<string>`id` }).as(historyInsertSql(entries));

/**
 * The INSERT of the entries, for a statement written in SQL to run as its CTE. A template rather
 * than the query builder: building the builder's INSERT cost more than the row (~0.1 ms a create,
 * measured while tuning the bench's figure).
 */
export const historyInsertSql = (entries: NewHistoryEntry[]) =>
  sql`insert into ${familyHistory} (family_id, actor_user_id, actor_name, kind, action, subject_id,
    subject_label, changes, snapshot, private_to_user_id) values ${sql.join(
      historyRows(entries).map(
        (row) =>
          sql`(${row.familyId}, ${row.actorUserId}, ${row.actorName}, ${row.kind}, ${row.action},
            ${row.subjectId}, ${row.subjectLabel}, ${JSON.stringify(row.changes)}::jsonb,
            ${row.snapshot === null ? null : JSON.stringify(row.snapshot)}::jsonb,
            ${row.privateToUserId}::uuid)`,
      ),
      sql`, `,
    )} returning id`;

export async function recordHistory(db: Db, entries: NewHistoryEntry[]): Promise<void> {
  const rows = historyRows(entries);
  // One statement for any entries a request can make, in as few as fit PostgreSQL's parameters.
  for (const run of parameterRuns(rows, Object.keys(rows[0] ?? {}).length)) {
    await db.insert(familyHistory).values(run);
  }
}

const presentIds = (ids: (string | null)[] | undefined) => [
  ...new Set((ids ?? []).filter((id): id is string => !!id)),
];

/**
 * A method's name as the family's history keeps it: "" for a private account, which every member
 * reads the history of (docs/product.md#private-accounts; the screens say 'Conta privada').
 */
export const historyMethodName = sql<string>`case when ${paymentMethods.isPrivate} then '' else ${paymentMethods.name} end`;

/**
 * The names a history entry shows for categories, payment methods and people, read in one
 * statement: a category or a method of the family by id, a person by the screens' rule
 * (src/domain/person-name.ts). A private account is named "" (the screens say 'Conta privada'):
 * the family's history is read by every member (docs/product.md#private-accounts).
 */
export async function namesFor(
  db: Db,
  familyId: string,
  ids: {
    categoryIds?: (string | null)[];
    userIds?: (string | null)[];
    methodIds?: (string | null)[];
    billIds?: (string | null)[];
  },
): Promise<{
  category: (id: string | null) => string | null;
  person: (id: string | null) => string | null;
  method: (id: string | null) => string | null;
  /** A card bill by its closing date ("YYYY-MM-DD"), which names it. */
  bill: (id: string | null) => string | null;
}> {
  const categoryIds = presentIds(ids.categoryIds);
  const userIds = presentIds(ids.userIds);
  const methodIds = presentIds(ids.methodIds);
  const billIds = presentIds(ids.billIds);
  const categoryNames = new Map<string, string>();
  const methodNames = new Map<string, string>();
  const billNames = new Map<string, string>();
  const personNames = new Map<string, string | null>();
  if (categoryIds.length > 0 || userIds.length > 0 || methodIds.length > 0 || billIds.length > 0) {
    // A branch with no ids is left out, so the statement is what it was before methods existed.
    const methods =
      methodIds.length > 0
        ? sql`union all
      select 'method', id, case when is_private then '' else name end, null, null, null
        from ${paymentMethods} where ${paymentMethods.familyId} = ${familyId}
        and ${paymentMethods.id} = any(${sql.param(methodIds)}::uuid[])`
        : sql``;
    const bills =
      billIds.length > 0
        ? sql`union all
      select 'bill', id, to_char(closes_on, 'YYYY-MM-DD'), null, null, null
        from ${cardBills} where ${cardBills.familyId} = ${familyId}
        and ${cardBills.id} = any(${sql.param(billIds)}::uuid[])`
        : sql``;
    const result = await db.execute<NameRow>(sql`
      select 'category' as kind, id, name, null as first_name, null as last_name, null as email
        from ${categories} where ${categories.familyId} = ${familyId}
        and ${categories.id} = any(${sql.param(categoryIds)}::uuid[])
      ${methods}
      ${bills}
      union all
      select 'person', id, name, first_name, last_name, email
        from ${users} where ${users.id} = any(${sql.param(userIds)}::uuid[])`);
    for (const row of (result as unknown as { rows: NameRow[] }).rows) {
      if (row.kind === "category") categoryNames.set(row.id, row.name ?? "");
      else if (row.kind === "method") methodNames.set(row.id, row.name ?? "");
      else if (row.kind === "bill") billNames.set(row.id, row.name ?? "");
      else
        personNames.set(
          row.id,
          displayNameOf({
            name: row.name,
            firstName: row.first_name,
            lastName: row.last_name,
            email: row.email,
          }),
        );
    }
  }
  return {
    category: (id) => (id ? (categoryNames.get(id) ?? null) : null),
    person: (id) => (id ? (personNames.get(id) ?? null) : null),
    method: (id) => (id ? (methodNames.get(id) ?? null) : null),
    bill: (id) => (id ? (billNames.get(id) ?? null) : null),
  };
}

type NameRow = {
  kind: "category" | "person" | "method" | "bill";
  id: string;
  name: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
};

/**
 * displayNameOf (src/domain/person-name.ts) in SQL, for entries written by one statement (the
 * recurring rules' expenses): name, else first and last name, else the e-mail. The history API
 * test holds the two to the same answers.
 */
export const personNameSql = (users: SQL) =>
  sql`coalesce(nullif(btrim(${users}.name), ''),
    nullif(concat_ws(' ', nullif(btrim(${users}.first_name), ''), nullif(btrim(${users}.last_name), '')), ''),
    ${users}.email)`;

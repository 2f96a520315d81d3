import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { fromCents, toCents } from "../../contract/money";
import { billClosingOf } from "../../domain/card-bills";
import { firstInstallmentDate } from "../../domain/installments";
import { installmentSeries } from "../db/schema";
import { actorOf, fieldsCreated, historyInsertSql } from "../history/record";
import type { FamilyScope } from "../http/family-scope";
import { type CardDays, ensureBills } from "./card-bill";
import type { WriteContext } from "./rows";

/** A CSV import's lines (features/imports/service.ts): one set-based insert, one entry. */

/** A line of a CSV import, checked by the import (features/imports/service.ts). */
export type ImportedLine = {
  date: string;
  description: string;
  amount: string;
  categoryId: string;
  paidByUserId?: string | undefined;
  /** An installment marker's number and count, with the description folded as the lookups fold it. */
  installment?: { number: number; count: number } | undefined;
  seriesKey?: string | undefined;
  /** The bank's id of the transaction, which the import keeps with the expense (its caller). */
  importId?: string | undefined;
  /** For this member alone; the family's split when absent. */
  forUserId?: string | undefined;
  /** Private to the caller, who pays it (checked by the caller). */
  private?: boolean | undefined;
};

/** What an import's lines were paid with: the method, and when a card, its days and a chosen bill. */
export type ImportPaidWith = {
  methodId: string;
  card: CardDays | null;
  billId: string | null;
};

/**
 * A CSV import's checked lines (docs/product.md#importing), added by the caller, in one
 * set-based statement whatever their number, in the file's order. One entry for the import,
 * not one per line: the lines are its expenses, listed by the Expenses screen
 * (docs/product.md#family-history). Written by the same statement. Paid with a card, each line
 * goes to the chosen bill or its date's (the bills found or made in one statement before); a
 * marked line joins its purchase in installments (seriesForImport). Answers each line's expense id,
 * in the lines' order.
 */
export async function importLines(
  w: WriteContext,
  scope: FamilyScope,
  imported: {
    id: string;
    fileName: string | null;
    importedCount: number;
    totalAmount: string;
    /** Of the lines, the credits recorded as income and as refunds (features/imports). */
    incomeCount?: number;
    refundCount?: number;
    billPaymentCount?: number;
    transferCount?: number;
  },
  lines: ImportedLine[],
  paidWith: ImportPaidWith | null = null,
): Promise<string[]> {
  const card = paidWith?.card ?? null;
  // A card's bills: the one chosen, else each line's by its date (one statement for all).
  const billOf = (date: string): string | null => {
    if (!card) return null;
    if (paidWith?.billId) return paidWith.billId;
    return bills?.get(billClosingOf(date, card.closingDay)) ?? null;
  };
  const bills =
    card && !paidWith?.billId
      ? await ensureBills(
          w.tx,
          scope.familyId,
          card,
          lines.map((line) => billClosingOf(line.date, card.closingDay)),
        )
      : null;
  const seriesOf = await seriesForImport(w, scope, lines);
  const rows = lines.map((line, n) => {
    const series = seriesOf.get(n);
    return {
      n,
      // Made here rather than by the table's default, so the caller can name each line's expense.
      id: randomUUID(),
      d: line.date,
      t: line.description,
      a: line.amount,
      c: line.categoryId,
      p: line.paidByUserId ?? scope.userId,
      m: paidWith?.methodId ?? null,
      b: billOf(line.date),
      s: series ?? null,
      i: series ? (line.installment?.number ?? null) : null,
      ic: series ? (line.installment?.count ?? null) : null,
      // A private line is for its author alone (docs/product.md#private-expenses).
      sp: line.private
        ? { mode: "one", userId: scope.userId }
        : line.forUserId
          ? { mode: "one", userId: line.forUserId }
          : { mode: "family" },
      pv: line.private === true,
    };
  });
  const recorded = historyInsertSql([
    {
      familyId: scope.familyId,
      actor: actorOf(scope),
      kind: "import",
      action: "created",
      subjectId: imported.id,
      subjectLabel: imported.fileName,
      changes: fieldsCreated({
        fileName: imported.fileName,
        importedCount: imported.importedCount,
        totalAmount: fromCents(toCents(imported.totalAmount)),
        incomeCount: imported.incomeCount || undefined,
        refundCount: imported.refundCount || undefined,
        billPaymentCount: imported.billPaymentCount || undefined,
        transferCount: imported.transferCount || undefined,
      }),
    },
  ]);
  await w.tx.execute(sql`
    with recorded_history as (${recorded})
    insert into expenses (id, family_id, description, amount, category_id, added_by_user_id,
      paid_by_user_id, date, payment_method_id, bill_id, series_id, installment,
      installment_count, split, private)
    select i.id, ${scope.familyId}, i.t, i.a, i.c, ${scope.userId}, i.p, i.d, i.m, i.b, i.s, i.i,
      i.ic, i.sp, i.pv
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as i(n int, id uuid, d date, t text, a numeric, c uuid, p uuid, m uuid, b uuid, s uuid,
        i int, ic int, sp jsonb, pv boolean)
    order by i.n`);
  w.changes.expenses({ familyId: scope.familyId, kind: "imported", count: lines.length });
  return rows.map((row) => row.id);
}

/**
 * The purchase in installments each marked line joins (docs/product.md#csv-import): the
 * family's series with the same description (folded as the duplicate check folds it) and count
 * whose place for that installment is free, else one made for it from the line (its total the
 * installment times the count, its first date counted back). Two statements whatever the
 * file's size. Returns line index -> series id; a line whose place is taken twice in the file
 * joins none.
 */
export async function seriesForImport(
  w: WriteContext,
  scope: FamilyScope,
  lines: ImportedLine[],
): Promise<Map<number, string>> {
  type Group = { k: string; c: number; ps: number[]; lines: number[] };
  const groups = new Map<string, Group>();
  lines.forEach((line, n) => {
    if (!line.installment || !line.seriesKey) return;
    const id = `${line.installment.count}|${line.seriesKey}`;
    const group = groups.get(id) ?? {
      k: line.seriesKey,
      c: line.installment.count,
      ps: [],
      lines: [],
    };
    if (group.ps.includes(line.installment.number)) return;
    group.ps.push(line.installment.number);
    group.lines.push(n);
    groups.set(id, group);
  });
  const list = [...groups.values()];
  const result = new Map<number, string>();
  if (list.length === 0) return result;
  const found = (await w.tx.execute(sql`
    select distinct on (g.g) g.g, e.series_id as "seriesId"
    from jsonb_to_recordset(${JSON.stringify(list.map((group, g) => ({ g, k: group.k, c: group.c, ps: group.ps })))}::jsonb)
      as g(g int, k text, c int, ps int[])
    join expenses e on e.family_id = ${scope.familyId} and e.series_id is not null
      and e.installment_count = g.c
      and lower(regexp_replace(e.search_text, '\s+', ' ', 'g')) = g.k
    where not exists (select 1 from expenses x where x.series_id = e.series_id
      and x.installment = any(g.ps))
    order by g.g, e.created_at desc`)) as unknown as { rows: { g: number; seriesId: string }[] };
  const seriesOfGroup = new Map(found.rows.map((row) => [row.g, row.seriesId]));
  const missing = list.map((_, g) => g).filter((g) => !seriesOfGroup.has(g));
  if (missing.length > 0) {
    const made = await w.tx
      .insert(installmentSeries)
      .values(
        missing.map((g) => {
          const group = list[g] as Group;
          const line = lines[group.lines[0] as number] as ImportedLine;
          const number = line.installment?.number ?? 1;
          return {
            familyId: scope.familyId,
            description: line.description,
            total: fromCents(toCents(line.amount) * group.c),
            count: group.c,
            firstDate: firstInstallmentDate(line.date, number),
            createdByUserId: scope.userId,
          };
        }),
      )
      .returning({ id: installmentSeries.id });
    made.forEach((row, index) => {
      seriesOfGroup.set(missing[index] as number, row.id);
    });
  }
  list.forEach((group, g) => {
    const id = seriesOfGroup.get(g);
    if (id) for (const n of group.lines) result.set(n, id);
  });
  return result;
}

import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { HistoryChange } from "../../../contract/history";
import {
  IMPORT_TRANSFER_DAYS,
  type ImportBillPayment,
  type ImportCommitInput,
  type ImportRefundCandidate,
  type ImportResult,
  type ImportTransfer,
} from "../../../contract/imports";
import { fromCents, toCents } from "../../../contract/money";
import { billStatus } from "../../../domain/card-bills";
import {
  firstRuleOfEachLine,
  payeeCategoriesSql,
  type RuleRow,
  ruleActionOf,
} from "../../categorising/rules-sql";
import type { Db } from "../../db/client";
import { isForeignKeyViolation } from "../../db/errors";
import {
  cardBills,
  familyHistory,
  importIdentities,
  imports,
  paymentMethods,
  transfers,
} from "../../db/schema";
import {
  expensesSeenBy,
  incomesSeenBy,
  inRefundsIndex,
  maskedRow,
  methodMasked,
  methodsSeenBy,
  methodUsableBy,
} from "../../db/seen-by";
import { AppError } from "../../errors";
import type { ImportedLine, ImportPaidWith } from "../../expense-writes/import-lines";
import type { ExpenseWriter } from "../../expense-writes/writer";
import type { ExpenseWrites } from "../../expense-writes/writes";
import { actorOf } from "../../history/record";
import type { FamilyScope } from "../../http/family-scope";
import type { LedgerWork } from "../../ledger/unit-of-work";
import {
  assertExpenseRoom,
  familyCountSql,
  incomeCounts,
  incomeQuotaError,
  lockFamilyQuotas,
  type Quotas,
} from "../../quotas";
import { assertMoneyAccounts } from "../../transfer-writes/accounts";
import { billSums } from "../../transfer-writes/bill-payments";
import { foldText, incomeKindOf, isCardBillPayment } from "./detect";
import type { LookupInput, PreviewLookups, TransferMatch } from "./parse";

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

/**
 * The description as the duplicate and refund lookups compare it: search_text (the
 * description without accents, migration 0003) in lower case with single spaces, the same
 * folding as detect.ts's foldText.
 */
const foldedDescription = sql`lower(regexp_replace(e.search_text, '\\s+', ' ', 'g'))`;

/**
 * What the family's data says of a file's readable lines, for its preview: two statements
 * whatever the file's size, one finding the lines the family already has, one the category the
 * family used most for each payee (docs/product.md#csv-import). The file itself is read, and the
 * answer written, in the preview worker (preview-pool.ts).
 */
export async function previewLookups(
  db: Db,
  scope: FamilyScope,
  parsed: LookupInput,
): Promise<PreviewLookups> {
  if (parsed.keys.length === 0) {
    return {
      duplicates: new Int32Array(0),
      categories: [],
      refunds: [],
      rules: new Map(),
      transfers: new Map(),
      cards: [],
    };
  }
  const [duplicates, lastCategories, refunds, ruled, transfers, cards] = await Promise.all([
    db.execute(sql`
      select i.n from jsonb_to_recordset(${parsed.candidatesJson}::jsonb)
        as i(n int, d date, a numeric, k text, p int, c int, f text)
      -- Another member's private expense is not matched by its description
      -- (docs/product.md#private-expenses): the preview would say it exists.
      where exists (select 1 from ${expensesSeenBy(scope, "e")}
        where e.date = i.d and e.amount = i.a and ${foldedDescription} = i.k
        and not ${maskedRow("e")})
      -- An installment the family has, on whatever date its card wrote it: the same purchase's
      -- same installment (docs/product.md#csv-import).
      or (i.p is not null and exists (select 1 from ${expensesSeenBy(scope, "e")}
        where e.installment = i.p and e.installment_count = i.c and e.amount = i.a
        and ${foldedDescription} = i.k))
      -- The bank's id of the transaction, already imported into this account or card
      -- (docs/product.md#ofx-import), on an entry the caller may see.
      or (i.f is not null and exists (select 1 from ${importIdentities} x
        where x.family_id = ${scope.familyId} and x.method_id = ${parsed.paymentMethodId}::uuid
          and x.import_id = i.f
          and (x.expense_id in (select e.id from ${expensesSeenBy(scope, "e")}
              where not ${maskedRow("e")})
            or x.income_id in (select ic.id from ${incomesSeenBy(scope, "ic")}
              where not ${maskedRow("ic")})
            -- A card bill's payment or a transfer the import recorded: money on the caller's
            -- own account (the import's), whatever the other side.
            or x.bill_payment_id is not null or x.transfer_id is not null)))`),
    db.execute(payeeCategoriesSql(scope, JSON.stringify(parsed.keys))),
    refundLookup(db, scope, parsed),
    db.execute(firstRuleOfEachLine(scope, parsed.candidatesJson, parsed.paymentMethodId)),
    transferLookup(db, scope, parsed),
    cardLookup(db, scope, parsed),
  ]);
  const categoryByKey = new Map(
    rowsOf<{ k: string; categoryId: string }>(lastCategories).map((row) => [row.k, row.categoryId]),
  );
  return {
    duplicates: Int32Array.from(rowsOf<{ n: number }>(duplicates), (row) => row.n),
    categories: parsed.keys.map((key) => categoryByKey.get(key) ?? null),
    refunds,
    transfers,
    cards,
    rules: new Map(
      rowsOf<RuleRow & { n: number }>(ruled).flatMap((row) => {
        const action = ruleActionOf(row);
        return action ? [[row.n, action] as const] : [];
      }),
    ),
  };
}

/**
 * For each credit's purchase key, the purchases its credits may return
 * (docs/product.md#credits), one statement whatever the file's size: the family's purchases (not
 * refunds) the caller sees in full, with that folded description and, when the import names a
 * method, that method, dated on or before the key's latest credit, with at least its smallest
 * credit left after their refunds; REFUND_PURCHASES_PER_KEY of them, newest first. Each credit
 * then keeps those it fits (parse.ts, refundCandidatesOf).
 */
const REFUND_PURCHASES_PER_KEY = 20;

async function refundLookup(
  db: Db,
  scope: FamilyScope,
  parsed: LookupInput,
): Promise<ImportRefundCandidate[][]> {
  const keys = JSON.parse(parsed.refundKeysJson) as unknown[];
  if (keys.length === 0) return [];
  const method = parsed.paymentMethodId;
  const result = await db.execute(sql`
    select c.r, c."expenseId", c.date, c.description, c.amount, c."left" from (
      select r.r, e.id as "expenseId", e.date::text as date, e.description,
        e.amount::text as amount, l.left::text as "left",
        row_number() over (partition by r.r order by e.date desc, e.created_at desc) as rank
      from jsonb_to_recordset(${parsed.refundKeysJson}::jsonb) as r(r int, k text, a numeric, d date)
      join ${expensesSeenBy(scope, "e")} on ${foldedDescription} = r.k
      cross join lateral (select e.amount + coalesce(sum(x.amount), 0) as left
        from ${expensesSeenBy(scope, "x")} where x.refund_of_id = e.id
          and ${inRefundsIndex(sql`e.id`, "x")}) l
      where e.refund_of_id is null and e.date <= r.d and l.left >= r.a
        and not ${maskedRow("e")}
        ${method ? sql`and e.payment_method_id = ${method}::uuid` : sql``}
    ) c where c.rank <= ${REFUND_PURCHASES_PER_KEY}
    order by c.r, c.rank`);
  const byKey: ImportRefundCandidate[][] = keys.map(() => []);
  for (const { r, ...candidate } of rowsOf<ImportRefundCandidate & { r: number }>(result)) {
    byKey[r]?.push({ ...candidate, amount: money(candidate.amount), left: money(candidate.left) });
  }
  return byKey;
}

/**
 * The lines of an import into one of the family's accounts that are money between it and
 * another of its accounts (docs/product.md#ofx-import), one statement whatever the file's size:
 * a debit matches an income imported into another account (its import identity there), a credit
 * written as a transfer an expense imported from another account, each of the same amount within
 * IMPORT_TRANSFER_DAYS; either matches a transfer already recorded between the two. Only what the
 * caller sees in full, on accounts they may use (docs/product.md#private-expenses,
 * #private-accounts); the nearest date first, a recorded transfer before anything else.
 */
async function transferLookup(
  db: Db,
  scope: FamilyScope,
  parsed: LookupInput,
): Promise<Map<number, TransferMatch>> {
  const method = parsed.paymentMethodId;
  if (!method || parsed.moneyLinesJson === "[]") return new Map();
  const days = IMPORT_TRANSFER_DAYS;
  const result = await db.execute(sql`
    with l as (
      select * from jsonb_to_recordset(${parsed.moneyLinesJson}::jsonb) as l(n int, d date, a numeric, s text)
      -- Into an account the caller may use; a card's file has none (its bill is paid instead).
      where exists (select 1 from ${methodsSeenBy(scope, "im")} where im.id = ${method}::uuid
        and im.kind <> 'credit_card' and not ${methodMasked(scope, "im")})
    ),
    accounts as (
      select o.id from ${methodsSeenBy(scope, "o")}
      where o.kind <> 'credit_card' and o.id <> ${method}::uuid and not ${methodMasked(scope, "o")}
    ),
    found as (
      select l.n, 'income' as kind, ic.id, ic.payment_method_id as "methodId", ic.date,
        abs(ic.date - l.d) as gap, 1 as rank, ic.created_at
      from l join ${incomesSeenBy(scope, "ic")} on ic.amount = l.a
        and ic.date between l.d - ${days}::int and l.d + ${days}::int
      where l.s = 'd' and not ${maskedRow("ic")}
        and ic.payment_method_id in (select id from accounts)
        and exists (select 1 from ${importIdentities} x where x.family_id = ${scope.familyId}
          and x.method_id = ic.payment_method_id and x.income_id = ic.id)
      union all
      select l.n, 'expense', e.id, e.payment_method_id, e.date, abs(e.date - l.d), 1, e.created_at
      from l join ${expensesSeenBy(scope, "e")} on e.amount = l.a
        and e.date between l.d - ${days}::int and l.d + ${days}::int
      where l.s = 'c' and not ${maskedRow("e")} and e.refund_of_id is null and e.series_id is null
        and e.payment_method_id in (select id from accounts)
        and exists (select 1 from ${importIdentities} x where x.family_id = ${scope.familyId}
          and x.method_id = e.payment_method_id and x.expense_id = e.id)
      union all
      select l.n, 'transfer', t.id, case when l.s = 'd' then t.to_method_id else t.from_method_id end,
        t.date, abs(t.date - l.d), 0, t.created_at
      from l join ${transfers} t on t.family_id = ${scope.familyId} and t.amount = l.a
        and t.date between l.d - ${days}::int and l.d + ${days}::int
        and ((l.s = 'd' and t.from_method_id = ${method}::uuid
            and t.to_method_id in (select id from accounts))
          or (l.s = 'c' and t.to_method_id = ${method}::uuid
            and t.from_method_id in (select id from accounts)))
    )
    select n, kind, id, "methodId", date::text as date from found
    order by rank, gap, created_at, n`);
  // Each line takes its best match, and one income or expense is the other side of one line
  // only: pairs are taken nearest first, so of two lines of a file matching the same entry, the
  // nearer has it (the commit would refuse the other, the entry being gone by then).
  const taken = new Set<string>();
  const matches = new Map<number, TransferMatch>();
  for (const { n, ...match } of rowsOf<TransferMatch & { n: number }>(result)) {
    if (matches.has(n) || (match.kind !== "transfer" && taken.has(match.id))) continue;
    if (match.kind !== "transfer") taken.add(match.id);
    matches.set(n, match);
  }
  return matches;
}

/**
 * The family's active cards the caller may use, with the totals of their bills not fully paid,
 * when an import into an account has a card bill's payment (docs/product.md#ofx-import): the
 * card its line likely pays (parse.ts, suggestedCardOf). One statement.
 */
async function cardLookup(
  db: Db,
  scope: FamilyScope,
  parsed: LookupInput,
): Promise<PreviewLookups["cards"]> {
  const method = parsed.paymentMethodId;
  if (!method || !parsed.hasBillPayments) return [];
  const sums = billSums(scope, sql`b`);
  const result = await db.execute(sql`
    select c.id, coalesce((select array_agg(s.total) from (
        select ${sums.total} as total, ${sums.paid} as paid from ${cardBills} b
        where b.family_id = ${scope.familyId} and b.method_id = c.id) s
      where s.total::numeric > s.paid::numeric), '{}') as totals
    from ${methodsSeenBy(scope, "c")}
    where c.kind = 'credit_card' and c.is_active and not ${methodMasked(scope, "c")}
      and exists (select 1 from ${methodsSeenBy(scope, "im")} where im.id = ${method}::uuid
        and im.kind <> 'credit_card' and not ${methodMasked(scope, "im")})
    order by c.id`);
  return rowsOf<{ id: string; totals: string[] }>(result);
}

/** numeric as text may come with more or fewer decimals (a sum): written as the contract's. */
const money = (value: string) => fromCents(toCents(value));

/**
 * imports.total_amount is numeric(14,2) (migration 0008): 999,999,999,999.99 at most, less than
 * IMPORT_MAX_LINES lines of the largest amount add up to (docs/product.md#csv-import).
 */
const MAX_IMPORT_TOTAL_CENTS = 99_999_999_999_999;

const lineError = (index: number, field: string, messageKey: string, list = "lines") =>
  new AppError("validation_error", {
    fieldErrors: [{ path: `${list}.${index}.${field}`, messageKey }],
  });

/** A credit as the commit reads it (contract/imports.ts, importCreditSchema). */
type Credit = NonNullable<ImportCommitInput["credits"]>[number];

/**
 * Records the ticked lines in one transaction, all or none, under the caller's Idempotency-Key:
 * the imports row is written first, so a repeated submission (even one running at the same
 * time, which waits on the unique index) finds it and imports nothing again. The lines are
 * written, with the import's history entry, by the expense write module (expense-writes/
 * writes.ts), as any expense is.
 */
export async function commitImport(
  writes: ExpenseWrites,
  scope: FamilyScope,
  input: Omit<ImportCommitInput, "lines"> & { lines: ImportedLine[] },
  idempotencyKey: string,
  quotas: Pick<Quotas, "expensesPerFamily" | "importsPerDay" | "incomesPerFamily">,
): Promise<ImportResult> {
  const credits = input.credits ?? [];
  // A card bill's payment is money between the family's account and its card: never recorded
  // as spending or income, whatever a client sends (docs/product.md#ofx-import).
  const line = input.lines.findIndex((item) => isCardBillPayment(item.description));
  if (line >= 0) throw lineError(line, "description", "validation.importCardBillPayment");
  // A private line is paid by and for the caller alone, and never an installment: a purchase in
  // installments is private or shared as a whole (docs/product.md#private-expenses).
  const me = scope.userId.toLowerCase();
  const notAlone = input.lines.findIndex(
    (item) =>
      item.private &&
      [item.paidByUserId, item.forUserId].some((id) => id !== undefined && id.toLowerCase() !== me),
  );
  if (notAlone >= 0) throw lineError(notAlone, "private", "validation.privateOnlyYours");
  const privateInstallment = input.lines.findIndex((item) => item.private && item.installment);
  if (privateInstallment >= 0) {
    throw lineError(privateInstallment, "private", "validation.privateNotInstallment");
  }
  const credit = credits.findIndex(
    (item) => item.recordAs === "income" && isCardBillPayment(item.description),
  );
  if (credit >= 0) {
    throw lineError(credit, "description", "validation.importCardBillPayment", "credits");
  }
  const incomeCredits = credits.flatMap((credit, index) =>
    credit.recordAs === "income" ? [{ credit, index }] : [],
  );
  const refundCredits = credits.flatMap((credit, index) =>
    credit.recordAs === "refund" ? [{ credit, index }] : [],
  );
  const between = { billPayments: input.billPayments ?? [], transfers: input.transfers ?? [] };
  // Money between the family's accounts comes from an account's file (docs/product.md#ofx-import).
  if ((between.billPayments.length > 0 || between.transfers.length > 0) && !input.paymentMethodId) {
    throw new AppError("validation_error", {
      fieldErrors: [{ path: "paymentMethodId", messageKey: "validation.importNeedsAccount" }],
    });
  }
  const recordedCount =
    input.lines.length + credits.length + between.billPayments.length + between.transfers.length;
  return importTransaction(writes, scope, input, idempotencyKey, quotas, {
    recordedCount,
    incomeCredits,
    refundCredits,
    ...between,
  });
}

async function importTransaction(
  writes: ExpenseWrites,
  scope: FamilyScope,
  input: Omit<ImportCommitInput, "lines"> & { lines: ImportedLine[] },
  idempotencyKey: string,
  quotas: Pick<Quotas, "expensesPerFamily" | "importsPerDay" | "incomesPerFamily">,
  credits: {
    recordedCount: number;
    incomeCredits: { credit: Credit; index: number }[];
    refundCredits: { credit: Credit; index: number }[];
    billPayments: ImportBillPayment[];
    transfers: ImportTransfer[];
  },
): Promise<ImportResult> {
  const sentCents = input.lines.reduce((sum, line) => sum + toCents(line.amount), 0);
  // Refused before anything is written: PostgreSQL would refuse the total with an overflow.
  if (sentCents > MAX_IMPORT_TOTAL_CENTS) throw new AppError("import_total_too_large");
  try {
    return await writes.transaction(async (tx, write, unit) => {
      // Before anything is counted: the family's other imports, restores and rules wait for this
      // one (docs/product.md#quotas).
      await lockFamilyQuotas(tx, [scope.familyId]);
      // What the account or card already has by the bank's id, or this import twice, is left out
      // and counted (docs/product.md#ofx-import).
      const kept = await keptByImportId(tx, scope, input.paymentMethodId, [
        ...input.lines,
        ...credits.incomeCredits.map(({ credit }) => credit),
        ...credits.refundCredits.map(({ credit }) => credit),
        ...credits.billPayments,
        ...credits.transfers,
      ]);
      const lines = input.lines.filter(kept);
      const incomeCredits = credits.incomeCredits.filter(({ credit }) => kept(credit));
      const refundCredits = credits.refundCredits.filter(({ credit }) => kept(credit));
      // Field errors name each one's place in what was sent.
      const billPayments = credits.billPayments.flatMap((item, index) =>
        kept(item) ? [{ item, index }] : [],
      );
      const transferItems = credits.transfers.flatMap((item, index) =>
        kept(item) ? [{ item, index }] : [],
      );
      const recordedCount =
        lines.length +
        incomeCredits.length +
        refundCredits.length +
        billPayments.length +
        transferItems.length;
      const totalCents = lines.reduce((sum, line) => sum + toCents(line.amount), 0);
      const [created] = await tx
        .insert(imports)
        .values({
          familyId: scope.familyId,
          userId: scope.userId,
          idempotencyKey,
          fileName: input.fileName,
          importedCount: recordedCount,
          skippedCount: credits.recordedCount - recordedCount,
          totalAmount: fromCents(totalCents),
        })
        .onConflictDoNothing()
        .returning();
      if (!created) {
        const [first] = await tx
          .select()
          .from(imports)
          .where(
            and(
              eq(imports.familyId, scope.familyId),
              eq(imports.userId, scope.userId),
              eq(imports.idempotencyKey, idempotencyKey),
            ),
          );
        if (!first) throw new AppError("conflict");
        return toResult(first, await creditCountsOf(tx, scope, first.id));
      }
      const receivers = incomeCredits.map(({ credit }) => credit.receivedByUserId ?? scope.userId);
      const counts = await assertCategoriesAndPayers(tx, scope, lines, receivers);
      // This import's own row is among the day's: it was written above.
      if (counts.imports > quotas.importsPerDay) {
        throw new AppError("too_many_imports", { params: { max: quotas.importsPerDay } });
      }
      // A refund is an expense row: it counts against the family's expenses like one.
      assertExpenseRoom(
        counts.expenses,
        lines.length + refundCredits.length,
        quotas.expensesPerFamily,
      );
      // An income credit is an income row: it counts against the family's incomes like one typed.
      if (incomeCredits.length > 0) {
        const incomes = (await incomeCounts(tx, [scope.familyId])).get(scope.familyId) ?? 0;
        if (incomes + incomeCredits.length > quotas.incomesPerFamily) {
          throw incomeQuotaError(quotas.incomesPerFamily);
        }
      }
      const paidWith = input.paymentMethodId
        ? await importPaidWith(tx, scope, input.paymentMethodId, input.billId)
        : null;
      const creditCounts = {
        incomeCount: incomeCredits.length,
        refundCount: refundCredits.length,
        billPaymentCount: billPayments.length,
        transferCount: transferItems.length,
      };
      const expenseIds = await write.importLines(
        scope,
        { ...created, ...creditCounts },
        lines.map((line) => ({
          ...line,
          seriesKey: line.installment ? foldText(line.description) : undefined,
        })),
        paidWith,
      );
      // Income comes into an account, never a card (docs/product.md#income): the import's method
      // when it is one.
      const incomeAccount = paidWith && !paidWith.card ? paidWith.methodId : null;
      const incomeRows = await unit.incomes.insert(
        incomeCredits.map(({ credit }) => ({
          familyId: scope.familyId,
          description: credit.description,
          amount: credit.amount,
          kind: credit.kind ?? incomeKindOf(credit.description),
          date: credit.date,
          receivedByUserId: credit.receivedByUserId ?? scope.userId,
          paymentMethodId: incomeAccount,
          addedByUserId: scope.userId,
        })),
        actorOf(scope),
      );
      const refundIds = await writeRefunds(write, scope, refundCredits);
      const between: ImportIdentity[] = [];
      if (billPayments.length > 0 || transferItems.length > 0) {
        // A card's file sees the same money from the card's side (docs/product.md#ofx-import).
        if (!paidWith || paidWith.card) {
          const list = billPayments.length > 0 ? "billPayments" : "transfers";
          throw new AppError("validation_error", {
            fieldErrors: [{ path: list, messageKey: "validation.importNeedsAccount" }],
          });
        }
        between.push(
          ...(await writeBillPayments(unit, scope, paidWith.methodId, billPayments)),
          ...(await writeTransfers(unit, scope, paidWith.methodId, transferItems)),
        );
      }
      if (paidWith) {
        await keepImportIds(tx, scope, paidWith.methodId, [
          ...lines.map((line, n) => ({ importId: line.importId, expenseId: expenseIds[n] })),
          ...incomeCredits.map(({ credit }, n) => ({
            importId: credit.importId,
            incomeId: incomeRows[n]?.id,
          })),
          ...refundCredits.map(({ credit }, n) => ({
            importId: credit.importId,
            expenseId: refundIds[n],
          })),
          ...between,
        ]);
      }
      return toResult(created, creditCounts);
    });
  } catch (error) {
    // A category deleted between the check and the insert.
    if (isForeignKeyViolation(error)) {
      throw new AppError("validation_error", {
        fieldErrors: [{ path: "lines", messageKey: "validation.categoryNotFound" }],
      });
    }
    throw error;
  }
}

/**
 * The method an import's lines were paid with: one of the family's active methods; a bill, only
 * one of that card's. Refused with field errors on paymentMethodId and billId.
 */
async function importPaidWith(
  db: Db,
  scope: FamilyScope,
  methodId: string,
  billId: string | undefined,
): Promise<ImportPaidWith> {
  const [method] = await db
    .select({
      kind: paymentMethods.kind,
      closingDay: paymentMethods.closingDay,
      dueDay: paymentMethods.dueDay,
      bill: billId
        ? // The method's id written with its table: Drizzle leaves it unqualified in a
          // one-table select, where it would name the bill's.
          sql<string | null>`(select b.id from ${cardBills} b where b.id = ${billId}
            and b.method_id = payment_methods.id and b.family_id = ${scope.familyId})`
        : sql<null>`null`,
    })
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.id, methodId),
        eq(paymentMethods.familyId, scope.familyId),
        eq(paymentMethods.isActive, true),
        // Another member's private account is not found (docs/product.md#private-accounts).
        methodUsableBy(scope),
      ),
    );
  if (!method) {
    throw new AppError("validation_error", {
      fieldErrors: [{ path: "paymentMethodId", messageKey: "validation.paymentMethodNotFound" }],
    });
  }
  if (billId && !method.bill) {
    throw new AppError("validation_error", {
      fieldErrors: [{ path: "billId", messageKey: "validation.billNotOfCard" }],
    });
  }
  const card =
    method.kind === "credit_card" && method.closingDay !== null && method.dueDay !== null
      ? { methodId, closingDay: method.closingDay, dueDay: method.dueDay }
      : null;
  return { methodId, card, billId: card ? (method.bill ?? null) : null };
}

/**
 * Every category of the family's, every payer a current member: one statement for all lines,
 * which also counts the family's imports of the last 24 hours and its expenses for the quotas.
 */
async function assertCategoriesAndPayers(
  db: Db,
  scope: FamilyScope,
  lines: ImportedLine[],
  receivers: string[],
) {
  // PostgreSQL writes uuids in lower case; a client may send them in upper case.
  const categoryOf = (line: ImportedLine) => line.categoryId.toLowerCase();
  const payerOf = (line: ImportedLine) => (line.paidByUserId ?? scope.userId).toLowerCase();
  const forWhomOf = (line: ImportedLine) => (line.forUserId ?? scope.userId).toLowerCase();
  const categoryIds = [...new Set(lines.map(categoryOf))];
  const payerIds = [
    ...new Set([
      ...lines.map(payerOf),
      ...lines.map(forWhomOf),
      ...receivers.map((id) => id.toLowerCase()),
    ]),
  ];
  const [row] = rowsOf<{
    categories: string[] | null;
    payers: string[] | null;
    imports: number;
    expenses: number;
  }>(
    await db.execute(sql`
      select
        (select array_agg(c.id::text) from categories c where c.family_id = ${scope.familyId}
          and c.id::text in (select jsonb_array_elements_text(${JSON.stringify(categoryIds)}::jsonb)))
          as categories,
        (select array_agg(m.user_id::text) from family_members m where m.family_id = ${scope.familyId}
          and m.user_id::text in (select jsonb_array_elements_text(${JSON.stringify(payerIds)}::jsonb)))
          as payers,
        (select count(*)::int from imports i where i.family_id = ${scope.familyId}
          and i.created_at > now() - interval '24 hours') as imports,
        ${familyCountSql(scope.familyId, "expenses")} as expenses`),
  );
  const known = new Set(row?.categories ?? []);
  const members = new Set(row?.payers ?? []);
  const badCategory = lines.findIndex((line) => !known.has(categoryOf(line)));
  if (badCategory >= 0) throw lineError(badCategory, "categoryId", "validation.categoryNotFound");
  const badPayer = lines.findIndex((line) => !members.has(payerOf(line)));
  if (badPayer >= 0) throw lineError(badPayer, "paidByUserId", "validation.payerNotMember");
  const badForWhom = lines.findIndex((line) => !members.has(forWhomOf(line)));
  if (badForWhom >= 0) throw lineError(badForWhom, "forUserId", "validation.shareNotMember");
  const badReceiver = receivers.findIndex((id) => !members.has(id.toLowerCase()));
  if (badReceiver >= 0) {
    throw lineError(badReceiver, "receivedByUserId", "validation.receiverNotMember", "credits");
  }
  return { imports: row?.imports ?? 0, expenses: row?.expenses ?? 0 };
}

type CreditCounts = Pick<
  ImportResult,
  "incomeCount" | "refundCount" | "billPaymentCount" | "transferCount"
>;

const toResult = (row: typeof imports.$inferSelect, creditCounts: CreditCounts): ImportResult => ({
  id: row.id,
  importedCount: row.importedCount,
  ...creditCounts,
  skippedCount: row.skippedCount,
  totalAmount: fromCents(toCents(row.totalAmount)),
  createdAt: row.createdAt.toISOString(),
});

/**
 * A repeated submission's credit counts, as its import's history entry recorded them (the
 * imports row keeps only how many lines were recorded in all).
 */
async function creditCountsOf(db: Db, scope: FamilyScope, importId: string): Promise<CreditCounts> {
  const [entry] = await db
    .select({ changes: familyHistory.changes })
    .from(familyHistory)
    .where(
      and(
        eq(familyHistory.familyId, scope.familyId),
        eq(familyHistory.kind, "import"),
        eq(familyHistory.subjectId, importId),
      ),
    )
    .limit(1);
  const count = (field: string) => {
    const change = (entry?.changes as HistoryChange[] | undefined)?.find((c) => c.field === field);
    return typeof change?.after === "number" ? change.after : 0;
  };
  return {
    incomeCount: count("incomeCount"),
    refundCount: count("refundCount"),
    billPaymentCount: count("billPaymentCount"),
    transferCount: count("transferCount"),
  };
}

/**
 * The credits recorded as refunds, each through the expense writes' refund door, which locks its
 * purchase and keeps its refunds within its amount; a refund that would pass it refuses the whole
 * import with that credit's error (docs/product.md#credits).
 */
async function writeRefunds(
  write: ExpenseWriter,
  scope: FamilyScope,
  refunds: { credit: Credit; index: number }[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const { credit, index } of refunds) {
    if (!credit.refundOfId)
      throw lineError(index, "refundOfId", "validation.importRefundOfRequired", "credits");
    try {
      const refund = await write.createRefund(
        scope,
        credit.refundOfId,
        { amount: credit.amount, date: credit.date, description: credit.description },
        (purchase) => purchase,
      );
      ids.push(refund.id);
    } catch (error) {
      if (error instanceof AppError && error.code === "refund_too_large") {
        throw lineError(index, "amount", "validation.importRefundTooLarge", "credits");
      }
      if (
        error instanceof AppError &&
        (error.code === "expense_not_found" || error.code === "refund_not_allowed")
      ) {
        throw lineError(index, "refundOfId", "validation.importRefundOfRequired", "credits");
      }
      throw error;
    }
  }
  return ids;
}

/**
 * Whether each line or credit is to be recorded: not when the import's account or card already
 * has an entry of its bank's id (import_identities), nor when the same id came earlier in this
 * import (docs/product.md#ofx-import). One statement, and none without a method or an id.
 */
async function keptByImportId(
  db: Db,
  scope: FamilyScope,
  methodId: string | undefined,
  items: readonly { importId?: string | undefined }[],
): Promise<(item: { importId?: string | undefined }) => boolean> {
  const named = [...new Set(items.flatMap((item) => (item.importId ? [item.importId] : [])))];
  const known = new Set<string>();
  if (methodId && named.length > 0) {
    const rows = await db
      .select({ importId: importIdentities.importId })
      .from(importIdentities)
      .where(
        and(
          eq(importIdentities.familyId, scope.familyId),
          eq(importIdentities.methodId, methodId),
          inArray(importIdentities.importId, named),
        ),
      );
    for (const row of rows) known.add(row.importId);
  }
  return (item) => {
    if (!methodId || !item.importId) return true;
    if (known.has(item.importId)) return false;
    known.add(item.importId);
    return true;
  };
}

/** The bank's id of what one line became: exactly one of the entries. */
type ImportIdentity = {
  importId?: string | undefined;
  expenseId?: string | undefined;
  incomeId?: string | undefined;
  billPaymentId?: string | undefined;
  transferId?: string | undefined;
};

/** The bank's ids of what an import recorded into its account or card, kept with each entry. */
async function keepImportIds(
  db: Db,
  scope: FamilyScope,
  methodId: string,
  entries: readonly ImportIdentity[],
): Promise<void> {
  const rows = entries.flatMap((entry) =>
    entry.importId && (entry.expenseId || entry.incomeId || entry.billPaymentId || entry.transferId)
      ? [
          {
            familyId: scope.familyId,
            methodId,
            importId: entry.importId,
            expenseId: entry.expenseId ?? null,
            incomeId: entry.incomeId ?? null,
            billPaymentId: entry.billPaymentId ?? null,
            transferId: entry.transferId ?? null,
          },
        ]
      : [],
  );
  if (rows.length > 0) await db.insert(importIdentities).values(rows);
}

/** A field error of the door, on one of the import's bill payments or transfers instead. */
function remapped(error: unknown, list: string, index: number, paths: Record<string, string>) {
  const field = error instanceof AppError ? error.fieldErrors?.[0] : undefined;
  const path = field ? paths[field.path] : undefined;
  if (!field || !path) return error;
  return lineError(index, path, field.messageKey, list);
}

/**
 * An account's lines that pay a card's bill (docs/product.md#ofx-import), each through the bill
 * payments' door (transfer-writes/bill-payments.ts), as 'Pagar fatura' records one: from the
 * import's account into the card's latest bill closed by the payment's date that is not fully
 * paid, else its latest closed bill (domain/card-bills.ts billStatus, on the payment's date).
 */
async function writeBillPayments(
  unit: LedgerWork,
  scope: FamilyScope,
  accountId: string,
  payments: { item: ImportBillPayment; index: number }[],
): Promise<ImportIdentity[]> {
  if (payments.length === 0) return [];
  const { tx } = unit;
  const cardIds = [...new Set(payments.map(({ item }) => item.cardId.toLowerCase()))];
  const cards = await tx
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.familyId, scope.familyId),
        inArray(paymentMethods.id, cardIds),
        eq(paymentMethods.kind, "credit_card"),
        eq(paymentMethods.isActive, true),
        // Another member's private card is not one the caller pays (docs/product.md#private-accounts).
        methodUsableBy(scope),
      ),
    );
  const known = new Set(cards.map((card) => card.id));
  const identities: ImportIdentity[] = [];
  for (const { item, index } of payments) {
    const cardId = item.cardId.toLowerCase();
    if (!known.has(cardId)) {
      throw lineError(index, "cardId", "validation.importBillPaymentCard", "billPayments");
    }
    // The bill's sums as the card bills screen shows them (what the caller sees of it).
    const bills = await tx
      .select({ id: cardBills.id, closesOn: cardBills.closesOn, ...billSums(scope) })
      .from(cardBills)
      .where(
        and(
          eq(cardBills.familyId, scope.familyId),
          eq(cardBills.methodId, cardId),
          sql`${cardBills.closesOn} <= ${item.date}::date`,
        ),
      )
      .orderBy(desc(cardBills.closesOn));
    const bill =
      bills.find(
        (row) => billStatus(row, toCents(row.total), toCents(row.paid), item.date) !== "paid",
      ) ?? bills[0];
    if (!bill) {
      throw lineError(index, "cardId", "validation.importBillPaymentNoBill", "billPayments");
    }
    try {
      const payment = await unit.billPayments.pay(scope, bill.id, {
        fromMethodId: accountId,
        amount: item.amount,
        paidOn: item.date,
      });
      identities.push({ importId: item.importId, billPaymentId: payment.id });
    } catch (error) {
      throw remapped(error, "billPayments", index, { amount: "amount" });
    }
  }
  return identities;
}

/** What a transfer's other side was: the entry imported into (or from) the other account. */
type OtherSide = { id: string; methodId: string | null; amount: string; date: string };

/**
 * The lines recorded as a transfer between the import's account and another of the family's
 * (docs/product.md#ofx-import): the other account's imported income (for a debit) or expense
 * (for a credit), of the same amount within IMPORT_TRANSFER_DAYS, is deleted through its door and
 * one transfer is written through the transfers' door, on the debit's date; its bank's id moves
 * to the transfer, and the line's own is kept with it too. Only an entry the caller sees in full
 * on an account they may use (docs/product.md#private-expenses, #private-accounts).
 */
async function writeTransfers(
  unit: LedgerWork,
  scope: FamilyScope,
  accountId: string,
  items: { item: ImportTransfer; index: number }[],
): Promise<ImportIdentity[]> {
  const { tx } = unit;
  const identities: ImportIdentity[] = [];
  for (const { item, index } of items) {
    const notFound = () =>
      lineError(
        index,
        item.incomeId ? "incomeId" : "expenseId",
        "validation.importTransferEntryNotFound",
        "transfers",
      );
    const id = (item.incomeId ?? item.expenseId ?? "").toLowerCase();
    const kind = item.incomeId ? "income" : "expense";
    const [other] = rowsOf<OtherSide>(
      await tx.execute(
        kind === "income"
          ? sql`select ic.id, ic.payment_method_id as "methodId", ic.amount::text as amount,
                ic.date::text as date
              from ${incomesSeenBy(scope, "ic")}
              where ic.id = ${id}::uuid and not ${maskedRow("ic")}
                and exists (select 1 from ${importIdentities} x
                  where x.family_id = ${scope.familyId} and x.income_id = ic.id
                    and x.method_id = ic.payment_method_id)`
          : sql`select e.id, e.payment_method_id as "methodId", e.amount::text as amount,
                e.date::text as date
              from ${expensesSeenBy(scope, "e")}
              where e.id = ${id}::uuid and not ${maskedRow("e")} and e.refund_of_id is null
                and e.series_id is null
                and exists (select 1 from ${importIdentities} x
                  where x.family_id = ${scope.familyId} and x.expense_id = e.id
                    and x.method_id = e.payment_method_id)`,
      ),
    );
    if (!other?.methodId || other.methodId === accountId) throw notFound();
    if (toCents(other.amount) !== toCents(item.amount)) {
      throw lineError(index, "amount", "validation.importTransferAmountDiffers", "transfers");
    }
    if (Math.abs(daysBetween(other.date, item.date)) > IMPORT_TRANSFER_DAYS) {
      throw new AppError("validation_error", {
        fieldErrors: [
          {
            path: `transfers.${index}.date`,
            messageKey: "validation.importTransferDateTooFar",
            params: { days: IMPORT_TRANSFER_DAYS },
          },
        ],
      });
    }
    // The debit's account is the transfer's source: the import's for an income, the other
    // account's for an expense; the transfer is dated on the debit.
    const [fromMethodId, toMethodId, date] =
      kind === "income"
        ? [accountId, other.methodId, item.date]
        : [other.methodId, accountId, other.date];
    try {
      await assertMoneyAccounts(tx, scope, { fromMethodId, toMethodId });
    } catch (error) {
      const otherSide = kind === "income" ? "toMethodId" : "fromMethodId";
      throw remapped(error, "transfers", index, {
        [otherSide]: kind === "income" ? "incomeId" : "expenseId",
        [kind === "income" ? "fromMethodId" : "toMethodId"]: "date",
      });
    }
    const transfer = await unit.transfers.insert(scope, {
      fromMethodId,
      toMethodId,
      amount: item.amount,
      date,
      note: null,
    });
    // Cleared against the bank on its account (docs/product.md#reconciliation), the entry stays
    // cleared as the transfer it becomes: that account's cleared balance does not move.
    await tx.execute(sql`update cleared_entries set entry_kind = 'transfer', entry_id = ${transfer.id}
      where family_id = ${scope.familyId} and entry_kind = ${kind} and entry_id = ${other.id}::uuid`);
    // The other side's bank's id now names the transfer, so its file again leaves it out;
    // moved before its entry is deleted, which would take the identity with it.
    await tx
      .update(importIdentities)
      .set({ incomeId: null, expenseId: null, transferId: transfer.id })
      .where(
        and(
          eq(importIdentities.familyId, scope.familyId),
          kind === "income"
            ? eq(importIdentities.incomeId, other.id)
            : eq(importIdentities.expenseId, other.id),
        ),
      );
    // Deleted meanwhile by another request: the whole import is refused.
    if (kind === "income") {
      await unit.incomes.delete(scope, other.id).catch((error: unknown) => {
        throw error instanceof AppError && error.code === "income_not_found" ? notFound() : error;
      });
    } else if ((await unit.expenses.delete(scope, { id: other.id })).length === 0) {
      throw notFound();
    }
    identities.push({ importId: item.importId, transferId: transfer.id });
  }
  return identities;
}

/** Days from `from` to `to`, both calendar dates "YYYY-MM-DD". */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

import { and, eq, sql } from "drizzle-orm";
import { MAX_YEAR } from "../../contract/calendar";
import { billDueOn } from "../../domain/card-bills";
import type { Db } from "../db/client";
import { cardBills, paymentMethods } from "../db/schema";
import { AppError } from "../errors";

/**
 * A card purchase's bill (docs/product.md#card-bills): the row of the card's bill closing on a
 * date, found or made from the card's days (src/domain/card-bills.ts), for the expense writes of
 * this folder, which set an expense's bill_id with its other fields.
 */

const LAST_DAY = `${MAX_YEAR}-12-31`;

export type CardDays = { methodId: string; closingDay: number; dueDay: number };

/** The card's days, or null when the method is not a card of the family. */
export async function cardDaysOf(
  db: Db,
  familyId: string,
  methodId: string,
): Promise<CardDays | null> {
  const [row] = await db
    .select({ closingDay: paymentMethods.closingDay, dueDay: paymentMethods.dueDay })
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.id, methodId),
        eq(paymentMethods.familyId, familyId),
        eq(paymentMethods.kind, "credit_card"),
      ),
    );
  if (!row || row.closingDay === null || row.dueDay === null) return null;
  return { methodId, closingDay: row.closingDay, dueDay: row.dueDay };
}

/**
 * The card's bill closing on `closesOn`, made (due on the card's next due day) if it is not there
 * yet; one statement. A bill already there keeps its own due date.
 */
export async function ensureBill(
  db: Db,
  familyId: string,
  card: CardDays,
  closesOn: string,
): Promise<{ id: string; closesOn: string }> {
  const id = (await ensureBills(db, familyId, card, [closesOn])).get(closesOn);
  if (!id) throw new AppError("internal");
  return { id, closesOn };
}

/**
 * The card's bills closing on each of `closings` (repeats allowed), found or made in one
 * statement: closing date -> bill id.
 */
export async function ensureBills(
  db: Db,
  familyId: string,
  card: CardDays,
  closings: string[],
): Promise<Map<string, string>> {
  const distinct = [...new Set(closings)];
  if (distinct.length === 0) return new Map();
  // A bill is a month on screen like any other: none closes or falls due past the last day a
  // month view can name (docs/product.md#card-bills), whichever write would make it.
  const bills = distinct.map((closesOn) => ({ closesOn, dueOn: billDueOn(closesOn, card.dueDay) }));
  if (bills.some((bill) => bill.dueOn > LAST_DAY || bill.closesOn > LAST_DAY)) {
    throw new AppError("validation_error", {
      fieldErrors: [{ path: "date", messageKey: "validation.billPastMaxDate" }],
    });
  }
  const rows = await db
    .insert(cardBills)
    .values(bills.map((bill) => ({ familyId, methodId: card.methodId, ...bill })))
    .onConflictDoUpdate({
      target: [cardBills.methodId, cardBills.closesOn],
      set: { closesOn: sql`excluded.closes_on` },
    })
    .returning({ id: cardBills.id, closesOn: cardBills.closesOn });
  return new Map(rows.map((row) => [row.closesOn, row.id]));
}

import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../testing/test-database";
import type { Database } from "./client";
import {
  categories,
  expenses,
  families,
  familyInvites,
  familyMembers,
  incomes,
  passwordResetTokens,
  recurringRules,
  sessions,
  users,
} from "./schema";

/** The constraints that protect a household's data hold in the database itself. */

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

let counter = 0;
const newUser = async () => {
  counter += 1;
  const [user] = await database.db
    .insert(users)
    .values({ email: `user${counter}@example.org`, passwordHash: "hash" })
    .returning();
  if (!user) throw new Error("no user");
  return user;
};
const newFamily = async () => {
  const owner = await newUser();
  const [family] = await database.db
    .insert(families)
    .values({ name: "Silva", ownerId: owner.id })
    .returning();
  if (!family) throw new Error("no family");
  await database.db
    .insert(familyMembers)
    .values({ familyId: family.id, userId: owner.id, role: "owner" });
  return { family, owner };
};

// Drizzle wraps driver errors; the constraint name is on the cause.
const failure = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    const cause = (error as { cause?: { constraint?: string; message?: string } }).cause;
    return `${cause?.constraint ?? ""} ${cause?.message ?? (error as Error).message}`;
  }
  throw new Error("expected the database to refuse the write");
};

describe("users", () => {
  it("applies the defaults of the spec", async () => {
    const user = await newUser();
    expect(user.emailVerified).toBe(true);
    expect(user.preferredLanguage).toBe("pt");
  });

  it("keeps e-mails unique without regard to case", async () => {
    await database.db.insert(users).values({ email: "ana@example.org", passwordHash: "h" });
    expect(
      await failure(
        database.db.insert(users).values({ email: "ANA@Example.org", passwordHash: "h" }),
      ),
    ).toContain("users_email_lower_unique");
  });

  it("refuses an unknown language", async () => {
    expect(
      await failure(
        database.db
          .insert(users)
          .values({ email: "fr@example.org", passwordHash: "h", preferredLanguage: "fr" as "en" }),
      ),
    ).toContain("users_preferred_language_check");
  });
});

describe("tokens and sessions", () => {
  it("keeps reset tokens unique and removes them and sessions with their user", async () => {
    const user = await newUser();
    const expiresAt = new Date(Date.now() + 3_600_000);
    await database.db
      .insert(passwordResetTokens)
      .values({ userId: user.id, token: "t1", expiresAt });
    expect(
      await failure(
        database.db.insert(passwordResetTokens).values({ userId: user.id, token: "t1", expiresAt }),
      ),
    ).toContain("password_reset_tokens_token_unique");
    await database.db
      .insert(sessions)
      .values({ sid: "s1", sess: {}, expire: expiresAt, userId: user.id });
    await database.db.delete(users).where(eq(users.id, user.id));
    expect(await database.db.select().from(sessions).where(eq(sessions.sid, "s1"))).toEqual([]);
    expect(
      await database.db
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.token, "t1")),
    ).toEqual([]);
  });
});

describe("families", () => {
  it("lets a user belong to one family only", async () => {
    const { owner } = await newFamily();
    const other = await newFamily();
    expect(
      await failure(
        database.db.insert(familyMembers).values({ familyId: other.family.id, userId: owner.id }),
      ),
    ).toContain("family_members_user_unique");
  });

  it("keeps invite codes unique", async () => {
    const { family, owner } = await newFamily();
    const values = {
      familyId: family.id,
      invitedByUserId: owner.id,
      inviteCode: "ABCD2345",
      expiresAt: new Date(),
    };
    await database.db.insert(familyInvites).values(values);
    expect(await failure(database.db.insert(familyInvites).values(values))).toContain(
      "family_invites_invite_code_unique",
    );
  });

  it("refuses an unknown role", async () => {
    const { family } = await newFamily();
    const user = await newUser();
    expect(
      await failure(
        database.db
          .insert(familyMembers)
          .values({ familyId: family.id, userId: user.id, role: "admin" as "owner" }),
      ),
    ).toContain("family_members_role_check");
  });
});

describe("expenses", () => {
  it("stores money exactly and the calendar date as it was given", async () => {
    const { family, owner } = await newFamily();
    const [expense] = await database.db
      .insert(expenses)
      .values({
        familyId: family.id,
        description: "Mercado",
        amount: "99999999.99",
        date: "2024-02-29",
        addedByUserId: owner.id,
      })
      .returning();
    expect(expense).toMatchObject({ amount: "99999999.99", date: "2024-02-29" });

    await database.db
      .update(expenses)
      .set({ date: "2025-12-31" })
      .where(eq(expenses.id, expense?.id ?? ""));
    const [moved] = await database.db
      .select()
      .from(expenses)
      .where(eq(expenses.id, expense?.id ?? ""));
    expect(moved).toMatchObject({ date: "2025-12-31" });

    const [{ total } = { total: "" }] = await database.db
      .select({ total: sql<string>`sum(${expenses.amount})::text` })
      .from(expenses)
      .where(eq(expenses.familyId, family.id));
    expect(total).toBe("99999999.99");
  });

  it("refuses a zero or negative amount and one beyond numeric(10,2)", async () => {
    const { family } = await newFamily();
    const base = { familyId: family.id, description: "x", date: "2026-01-01" };
    expect(await failure(database.db.insert(expenses).values({ ...base, amount: "0" }))).toContain(
      "expenses_amount_check",
    );
    expect(
      await failure(database.db.insert(expenses).values({ ...base, amount: "-5.00" })),
    ).toContain("expenses_amount_check");
    expect(
      await failure(database.db.insert(expenses).values({ ...base, amount: "100000000.00" })),
    ).toMatch(/overflow/i);
  });

  it("never points at another family's category", async () => {
    const mine = await newFamily();
    const theirs = await newFamily();
    const [theirCategory] = await database.db
      .insert(categories)
      .values({ familyId: theirs.family.id, name: "Deles" })
      .returning();
    expect(
      await failure(
        database.db.insert(expenses).values({
          familyId: mine.family.id,
          description: "x",
          amount: "1.00",
          date: "2026-01-01",
          categoryId: theirCategory?.id,
        }),
      ),
    ).toContain("expenses_category_same_family_fk");
  });

  it("keeps the expenses of a deleted category, uncategorised, in their family", async () => {
    const { family } = await newFamily();
    const [category] = await database.db
      .insert(categories)
      .values({
        familyId: family.id,
        name: "Lazer",
        weeklyBudget: "25.00",
        monthlyBudget: "100.00",
      })
      .returning();
    expect(category).toMatchObject({ icon: "tag", color: "#3b82f6", isActive: true });
    const [expense] = await database.db
      .insert(expenses)
      .values({
        familyId: family.id,
        description: "Cinema",
        amount: "30.00",
        date: "2026-03-10",
        categoryId: category?.id,
      })
      .returning();
    await database.db.delete(categories).where(eq(categories.id, category?.id ?? ""));
    const [after] = await database.db
      .select()
      .from(expenses)
      .where(eq(expenses.id, expense?.id ?? ""));
    expect(after).toMatchObject({ categoryId: null, familyId: family.id, amount: "30.00" });
  });

  it("keeps the expenses of a removed user with the family", async () => {
    const { family } = await newFamily();
    const member = await newUser();
    const [expense] = await database.db
      .insert(expenses)
      .values({
        familyId: family.id,
        description: "x",
        amount: "1.00",
        date: "2026-01-01",
        addedByUserId: member.id,
      })
      .returning();
    await database.db.delete(users).where(eq(users.id, member.id));
    const [after] = await database.db
      .select()
      .from(expenses)
      .where(eq(expenses.id, expense?.id ?? ""));
    expect(after).toMatchObject({ addedByUserId: null, familyId: family.id });
  });

  it("has the indexes the family + date queries use", async () => {
    const result = await database.db.execute<{ indexname: string }>(
      sql`select indexname from pg_indexes where tablename = 'expenses' order by indexname`,
    );
    const names = (result as unknown as { rows: { indexname: string }[] }).rows.map(
      (r) => r.indexname,
    );
    expect(names).toContain("expenses_family_keyset_idx");
    const keyset = await database.db.execute<{ indexdef: string }>(
      sql`select indexdef from pg_indexes where indexname = 'expenses_family_keyset_idx'`,
    );
    // In the order of ORDER BY date DESC, created_at DESC, id DESC (NULLS FIRST is DESC's default).
    expect((keyset as unknown as { rows: { indexdef: string }[] }).rows[0]?.indexdef).toContain(
      "(family_id, date DESC, created_at DESC, id DESC)",
    );
  });

  it("keeps no calendar month or year beside the date (migration 0028)", async () => {
    // A calendar month names the wrong month under a budget month that starts on another day
    // (docs/product.md#budget-periods); every read takes the family's date range instead.
    const result = await database.db.execute<{ name: string }>(
      sql`select column_name as name from information_schema.columns
        where table_schema = 'public' and table_name = 'expenses' and column_name in ('month', 'year')
        union all
        select indexname from pg_indexes where indexname = 'expenses_family_year_month_idx'`,
    );
    expect((result as unknown as { rows: { name: string }[] }).rows).toEqual([]);
  });
});

describe("recurring rules", () => {
  it("refuses a rule that names no day for its frequency, whatever is left null", async () => {
    const { family } = await newFamily();
    const base = {
      familyId: family.id,
      description: "Salário",
      amount: "5000.00",
      startDate: "2026-01-01",
    };
    const refused = [
      { frequency: "monthly" as const },
      { frequency: "weekly" as const },
      { frequency: "yearly" as const, dayOfMonth: 5 },
      { frequency: "yearly" as const, monthOfYear: 3 },
      { frequency: "monthly" as const, dayOfMonth: 5, businessDay: 5 },
    ];
    for (const schedule of refused) {
      expect(
        await failure(database.db.insert(recurringRules).values({ ...base, ...schedule })),
        JSON.stringify(schedule),
      ).toContain("recurring_rules_day_check");
    }
    // Each frequency with its one day is a rule.
    await database.db.insert(recurringRules).values([
      { ...base, frequency: "monthly", businessDay: 5 },
      { ...base, frequency: "monthly", dayOfMonth: 31 },
      { ...base, frequency: "weekly", dayOfWeek: 1 },
      { ...base, frequency: "yearly", dayOfMonth: 29, monthOfYear: 2 },
    ]);
  });

  it("keeps an income rule's kind and no category, and an expense rule without a kind", async () => {
    const { family } = await newFamily();
    const base = {
      familyId: family.id,
      description: "x",
      amount: "1.00",
      startDate: "2026-01-01",
      frequency: "monthly" as const,
      dayOfMonth: 5,
    };
    expect(
      await failure(database.db.insert(recurringRules).values({ ...base, entry: "income" })),
    ).toContain("recurring_rules_entry_check");
    expect(
      await failure(database.db.insert(recurringRules).values({ ...base, incomeKind: "salary" })),
    ).toContain("recurring_rules_entry_check");
  });
});

describe("refunds and incomes", () => {
  it("allows a negative amount only on a refund of a purchase, and no income at zero", async () => {
    const { family } = await newFamily();
    const base = { familyId: family.id, description: "x", date: "2026-01-01" };
    const [purchase] = await database.db
      .insert(expenses)
      .values({ ...base, amount: "120.00" })
      .returning();
    await database.db
      .insert(expenses)
      .values({ ...base, amount: "-40.00", refundOfId: purchase?.id });
    expect(
      await failure(
        database.db.insert(expenses).values({ ...base, amount: "40.00", refundOfId: purchase?.id }),
      ),
    ).toContain("expenses_amount_check");
    expect(
      await failure(
        database.db.insert(incomes).values({
          familyId: family.id,
          description: "x",
          kind: "salary",
          amount: "0",
          date: "2026-01-01",
        }),
      ),
    ).toContain("incomes_amount_check");
    // Deleting the purchase deletes its refunds.
    await database.db.delete(expenses).where(eq(expenses.id, purchase?.id as string));
    const left = await database.db.select().from(expenses).where(eq(expenses.familyId, family.id));
    expect(left).toEqual([]);
  });
});

describe("the rows every write of a family updates", () => {
  it("leave room on their pages, so each new version stays on its page (migration 0030)", async () => {
    const result = await database.db.execute(
      sql`select relname, reloptions from pg_class
          where relname in ('families', 'family_counts') and relkind = 'r' order by relname`,
    );
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([
      { relname: "families", reloptions: ["fillfactor=10"] },
      { relname: "family_counts", reloptions: ["fillfactor=10"] },
    ]);
  });
});

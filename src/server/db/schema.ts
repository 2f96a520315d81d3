import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { settlementMethods } from "../../contract/balances";
import { CLOSED_DAY_MOVES, PERIOD_STARTS } from "../../contract/budget-period-rule";
import { incomeKinds } from "../../contract/incomes";
import { paymentMethodKinds } from "../../contract/payment-methods";
import type { Split } from "../../contract/shares";

const id = () => uuid("id").primaryKey().defaultRandom();
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
/** numeric(10,2): read back by the drivers as an exact decimal string, never a float. */
const money = (name: string) => numeric(name, { precision: 10, scale: 2 });

export const users = pgTable(
  "users",
  {
    id: id(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    name: text("name"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    profileImageUrl: text("profile_image_url"),
    emailVerified: boolean("email_verified").notNull().default(true),
    preferredLanguage: text("preferred_language", { enum: ["en", "pt", "es"] })
      .notNull()
      .default("pt"),
    /** Whether budget alerts are also sent by e-mail (docs/product.md#e-mails; the in-app bell always gets them). */
    budgetAlertEmails: boolean("budget_alert_emails").notNull().default(true),
    /**
     * Two-factor sign-in (docs/product.md#two-factor-sign-in): the TOTP secret once
     * confirmed; `totpPendingSecret` while the person scans the QR code and has not yet typed a
     * code from it. Both are sealed ("v1:", AES-256-GCM under a key that is not in the database,
     * server/two-factor.ts). `totpLastStep` is the 30-second step of the last code accepted, so a
     * code seen once (over a shoulder, in a log) cannot sign in again.
     */
    totpSecret: text("totp_secret"),
    totpPendingSecret: text("totp_pending_secret"),
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The service lower-cases e-mails; the index makes the rule hold even if one slips through.
    uniqueIndex("users_email_lower_unique").on(sql`lower(${t.email})`),
    check("users_preferred_language_check", sql`${t.preferredLanguage} in ('en', 'pt', 'es')`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    sid: text("sid").primaryKey(),
    sess: jsonb("sess").notNull(),
    expire: timestamp("expire", { withTimezone: true }).notNull(),
    // Kept beside `sess` so a password reset can end every session of a user with one indexed delete.
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [index("sessions_expire_idx").on(t.expire), index("sessions_user_idx").on(t.userId)],
);

export const verificationTokens = pgTable(
  "verification_tokens",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 of the token sent by mail; the token itself is never stored. */
    token: text("token").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("verification_tokens_user_idx").on(t.userId)],
);

export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 of the token sent by mail; the token itself is never stored. */
    token: text("token").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("password_reset_tokens_user_idx").on(t.userId)],
);

export const families = pgTable(
  "families",
  {
    id: id(),
    name: text("name").notNull(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    /**
     * Moves on every change to the family's expenses or categories, in the same transaction
     * (triggers of migration 0004): the key under which an app process may reuse a month's
     * summary or list it already wrote (http/family-json-cache.ts).
     */
    dataVersion: bigint("data_version", { mode: "number" }).notNull().default(0),
    /**
     * When the family's budget month starts (docs/product.md#budget-periods): the fields of
     * BudgetPeriodRule (src/contract/budget-period-rule.ts), the arguments of budget-rules.sql's
     * period functions. The default is the specification's calendar month.
     */
    periodStart: text("period_start", { enum: PERIOD_STARTS }).notNull().default("first-day"),
    periodDay: integer("period_day").notNull().default(1),
    periodSaturdays: boolean("period_saturdays").notNull().default(false),
    /**
     * When a card purchase counts in the budget (docs/product.md#counting-card-spending-by-bill):
     * 'date', its own date's budget month (the default), or 'bill', its bill's due date's.
     */
    cardSpendingBy: text("card_spending_by", { enum: ["date", "bill"] })
      .notNull()
      .default("date"),
    periodClosedDay: text("period_closed_day", { enum: CLOSED_DAY_MOVES })
      .notNull()
      .default("stay"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("families_owner_idx").on(t.ownerId),
    check(
      "families_period_check",
      sql`(${t.periodStart} = 'first-day' and ${t.periodDay} = 1)
        or (${t.periodStart} = 'fixed-day' and ${t.periodDay} between 2 and 28)
        or (${t.periodStart} = 'business-day' and ${t.periodDay} between 1 and 10)
        or (${t.periodStart} = 'last-business-day' and ${t.periodDay} = 1)`,
    ),
    check(
      "families_period_closed_day_check",
      sql`${t.periodClosedDay} in ('stay', 'previous', 'next')`,
    ),
    check("families_card_spending_by_check", sql`${t.cardSpendingBy} in ('date', 'bill')`),
  ],
);

export const familyMembers = pgTable(
  "family_members",
  {
    id: id(),
    familyId: uuid("family_id")
      .notNull()
      .references(() => families.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" })
      // One family per user, enforced by the database so two racing joins cannot both succeed.
      .unique("family_members_user_unique"),
    role: text("role", { enum: ["owner", "member"] })
      .notNull()
      .default("member"),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("family_members_family_idx").on(t.familyId),
    check("family_members_role_check", sql`${t.role} in ('owner', 'member')`),
  ],
);

export const familyInvites = pgTable(
  "family_invites",
  {
    id: id(),
    familyId: uuid("family_id")
      .notNull()
      .references(() => families.id, { onDelete: "cascade" }),
    inviteCode: text("invite_code").notNull().unique(),
    invitedByUserId: uuid("invited_by_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    usedByUserId: uuid("used_by_user_id").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    /** Set when the same member generates a newer invite: an older unused code stops working. */
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("family_invites_family_idx").on(t.familyId),
    index("family_invites_inviter_idx").on(t.invitedByUserId),
  ],
);

export const categories = pgTable(
  "categories",
  {
    id: id(),
    familyId: uuid("family_id")
      .notNull()
      .references(() => families.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    icon: text("icon").notNull().default("tag"),
    color: text("color").notNull().default("#3b82f6"),
    weeklyBudget: money("weekly_budget").notNull().default("0"),
    monthlyBudget: money("monthly_budget").notNull().default("0"),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("categories_family_idx").on(t.familyId),
    // Target of the expenses (category_id, family_id) foreign key, see migration 0001.
    unique("categories_id_family_unique").on(t.id, t.familyId),
    check("categories_budgets_check", sql`${t.weeklyBudget} >= 0 and ${t.monthlyBudget} >= 0`),
  ],
);

/**
 * A family's accounts and credit cards (docs/product.md#payment-methods, decision 011). Only a
 * card has a closing and a due day, and optionally a limit. The owner is a member when set and
 * keeps their name after leaving, like an expense's payer.
 */
export const paymentMethods = pgTable(
  "payment_methods",
  {
    id: id(),
    familyId: uuid("family_id")
      .notNull()
      .references(() => families.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: paymentMethodKinds }).notNull(),
    name: text("name").notNull(),
    ownerUserId: uuid("owner_user_id").references(() => users.id, { onDelete: "set null" }),
    closingDay: integer("closing_day"),
    dueDay: integer("due_day"),
    creditLimit: money("credit_limit"),
    /**
     * Accounts only: the balance the bank showed at the start of opening_date, negative when
     * overdrawn (docs/product.md#account-balances; db/functions/accounts.sql sums from it).
     */
    openingBalance: money("opening_balance"),
    openingDate: date("opening_date", { mode: "string" }),
    /**
     * 'Só meu' (docs/product.md#private-accounts): an account its holder (owner_user_id) alone
     * reads and moves money on; the others read it through payment_methods_seen_by, masked.
     */
    isPrivate: boolean("is_private").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Target of the expenses (payment_method_id, family_id) foreign key, see migration 0012.
    unique("payment_methods_id_family_unique").on(t.id, t.familyId),
    // One name per family, whatever its case: "Pago com" and an import name a method by it.
    uniqueIndex("payment_methods_family_name_unique").on(t.familyId, sql`lower(${t.name})`),
    index("payment_methods_owner_idx").on(t.ownerUserId),
    check(
      "payment_methods_kind_check",
      sql`${t.kind} in (${sql.raw(paymentMethodKinds.map((kind) => `'${kind}'`).join(", "))})`,
    ),
    check(
      "payment_methods_card_check",
      sql`case when ${t.kind} = 'credit_card'
        then ${t.closingDay} between 1 and 31 and ${t.dueDay} between 1 and 31
          and (${t.creditLimit} is null or ${t.creditLimit} > 0)
        else ${t.closingDay} is null and ${t.dueDay} is null and ${t.creditLimit} is null end`,
    ),
    check(
      "payment_methods_opening_check",
      sql`(${t.openingBalance} is null) = (${t.openingDate} is null)
        and (${t.kind} <> 'credit_card' or ${t.openingBalance} is null)`,
    ),
    check("payment_methods_private_check", sql`not ${t.isPrivate} or ${t.kind} <> 'credit_card'`),
  ],
);

/**
 * A credit card's bills (docs/product.md#card-bills, decision 011): a row per bill, made from the
 * card's days (src/domain/card-bills.ts) when a purchase first falls in it, so a purchase keeps
 * its bill even when a later bill closes on another day. Named after the month it closes in.
 */
export const cardBills = pgTable(
  "card_bills",
  {
    id: id(),
    familyId: uuid("family_id")
      .notNull()
      .references(() => families.id, { onDelete: "cascade" }),
    // (method_id, family_id) references payment_methods (id, family_id), written by hand in
    // migration 0013: never another family's card. A card's bills go with the card, which is
    // deleted only when nothing names it.
    methodId: uuid("method_id").notNull(),
    closesOn: date("closes_on", { mode: "string" }).notNull(),
    dueOn: date("due_on", { mode: "string" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("card_bills_method_closes_unique").on(t.methodId, t.closesOn),
    unique("card_bills_id_family_unique").on(t.id, t.familyId),
    index("card_bills_family_idx").on(t.familyId),
    check("card_bills_due_check", sql`${t.dueOn} > ${t.closesOn}`),
  ],
);

/**
 * Money moved between two of the family's accounts (docs/product.md#transfers): neither spending
 * nor income, so a table of its own that no budget, summary or who-owes-whom read sums; only an
 * account's balance (db/functions/accounts.sql) counts it, out of one and into the other.
 */
export const transfers = pgTable(
  "transfers",
  {
    id: id(),
    familyId: uuid("family_id")
      .notNull()
      .references(() => families.id, { onDelete: "cascade" }),
    // (from_method_id, family_id) and (to_method_id, family_id) reference payment_methods (id,
    // family_id), written by hand in migration 0032: never another family's account.
    fromMethodId: uuid("from_method_id").notNull(),
    toMethodId: uuid("to_method_id").notNull(),
    amount: money("amount").notNull(),
    /** A calendar date with no time zone. */
    date: date("date", { mode: "string" }).notNull(),
    note: text("note"),
    addedByUserId: uuid("added_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("transfers_family_date_idx").on(t.familyId, t.date.desc(), t.createdAt.desc()),
    index("transfers_from_method_idx").on(t.fromMethodId),
    index("transfers_to_method_idx").on(t.toMethodId),
    index("transfers_added_by_idx").on(t.addedByUserId),
    check("transfers_amount_check", sql`${t.amount} > 0`),
    check("transfers_accounts_check", sql`${t.fromMethodId} <> ${t.toMethodId}`),
    // What import_identities' same-family key references.
    unique("transfers_id_family_unique").on(t.id, t.familyId),
  ],
);

/**
 * A savings goal, a "caixinha" (docs/product.md#caixinhas-savings-goals): money the family, or one
 * member (`isPrivate`), puts aside for something. Its saved amount is its contributions' sum;
 * no budget, category or month's net reads it.
 */
export const goals = pgTable(
  "goals",
  {
    id: id(),
    familyId: uuid("family_id")
      .notNull()
      .references(() => families.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    targetAmount: money("target_amount").notNull(),
    /** The last day of the month the person chose; null: no date. */
    targetDate: date("target_date", { mode: "string" }),
    // (method_id, family_id) references payment_methods (id, family_id) ON DELETE SET NULL
    // (method_id), written by hand in migration 0040: the account that holds it, the family's own.
    methodId: uuid("method_id"),
    isPrivate: boolean("is_private").notNull().default(false),
    /** Who made it: a private goal is theirs alone; gone with their account, it is nobody's. */
    createdByUserId: uuid("created_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("goals_family_idx").on(t.familyId),
    index("goals_method_idx").on(t.methodId),
    index("goals_created_by_idx").on(t.createdByUserId),
    check("goals_target_check", sql`${t.targetAmount} > 0`),
    check("goals_name_check", sql`char_length(${t.name}) between 1 and 60`),
    check(
      "goals_target_date_check",
      sql`${t.targetDate} is null or ${t.targetDate} = (date_trunc('month', ${t.targetDate}) + interval '1 month - 1 day')::date`,
    ),
    // What goal_contributions' same-family key references.
    unique("goals_id_family_unique").on(t.id, t.familyId),
  ],
);

/**
 * Money put into a goal (amount > 0) or taken out of it (amount < 0), docs/product.md#caixinhas-savings-goals.
 * A contribution from another account made a transfer into the goal's account (`transferId`,
 * through transfer-writes/), undone with it.
 */
export const goalContributions = pgTable(
  "goal_contributions",
  {
    id: id(),
    familyId: uuid("family_id")
      .notNull()
      .references(() => families.id, { onDelete: "cascade" }),
    // (goal_id, family_id) references goals (id, family_id) ON DELETE CASCADE and (transfer_id,
    // family_id) transfers (id, family_id) ON DELETE CASCADE, written by hand in migration 0040.
    goalId: uuid("goal_id").notNull(),
    amount: money("amount").notNull(),
    /** A calendar date with no time zone. */
    date: date("date", { mode: "string" }).notNull(),
    note: text("note"),
    transferId: uuid("transfer_id"),
    addedByUserId: uuid("added_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("goal_contributions_goal_idx").on(t.goalId, t.date.desc(), t.createdAt.desc()),
    index("goal_contributions_family_idx").on(t.familyId),
    index("goal_contributions_transfer_idx").on(t.transferId),
    index("goal_contributions_added_by_idx").on(t.addedByUserId),
    check("goal_contributions_amount_check", sql`${t.amount} <> 0`),
    check("goal_contributions_transfer_check", sql`${t.transferId} is null or ${t.amount} > 0`),
  ],
);

/**
 * An account checked against its bank (docs/product.md#reconciliation): the bank's balance at the
 * end of `date`, and the adjustment recorded when the app's cleared balance differed, with its
 * reason. The adjustment is neither spending nor income: only the account's balance counts it
 * (db/functions/accounts.sql).
 */
export const reconciliations = pgTable(
  "reconciliations",
  {
    id: id(),
    familyId: uuid("family_id")
      .notNull()
      .references(() => families.id, { onDelete: "cascade" }),
    // (method_id, family_id) references payment_methods (id, family_id), written by hand in
    // migration 0033: never another family's account, which is then archived, never deleted.
    methodId: uuid("method_id").notNull(),
    /** A calendar date: the bank's balance is the one at the end of this day. */
    date: date("date", { mode: "string" }).notNull(),
    bankBalance: money("bank_balance").notNull(),
    /** The bank's balance less the app's cleared balance that day; 0 when they agreed. */
    adjustment: money("adjustment").notNull(),
    reason: text("reason"),
    addedByUserId: uuid("added_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("reconciliations_method_date_idx").on(t.methodId, t.date.desc(), t.createdAt.desc()),
    index("reconciliations_family_idx").on(t.familyId),
    index("reconciliations_added_by_idx").on(t.addedByUserId),
    check(
      "reconciliations_reason_check",
      sql`${t.adjustment} = 0 or coalesce(${t.reason}, '') <> ''`,
    ),
  ],
);

/**
 * An entry of an account seen on the bank's statement (docs/product.md#reconciliation): an
 * expense, an income, a bill's payment or one side of a transfer, cleared by a member and, once a
 * reconciliation took it in, reconciled. A transfer is cleared on each of its two accounts apart.
 * The entry is named by kind and id, not by a key (four tables): a mark whose entry was deleted
 * names nothing and is never read (db/functions/accounts.sql joins the account's movements).
 */
export const clearedEntries = pgTable(
  "cleared_entries",
  {
    familyId: uuid("family_id")
      .notNull()
      .references(() => families.id, { onDelete: "cascade" }),
    // (method_id, family_id) references payment_methods (id, family_id) ON DELETE CASCADE,
    // written by hand in migration 0033.
    methodId: uuid("method_id").notNull(),
    entryKind: text("entry_kind", {
      enum: ["expense", "income", "billPayment", "transfer", "settlement"],
    }).notNull(),
    entryId: uuid("entry_id").notNull(),
    reconciliationId: uuid("reconciliation_id").references(() => reconciliations.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.methodId, t.entryKind, t.entryId] }),
    index("cleared_entries_family_idx").on(t.familyId),
    index("cleared_entries_reconciliation_idx").on(t.reconciliationId),
    // A change of an entry asks whether it is cleared, on any of its accounts, by its id.
    index("cleared_entries_entry_idx").on(t.entryId),
    check(
      "cleared_entries_kind_check",
      sql`${t.entryKind} in ('expense', 'income', 'billPayment', 'transfer', 'settlement')`,
    ),
  ],
);

/**
 * The bank's id of each imported transaction (docs/product.md#ofx-import): an OFX's FITID, on the
 * account or card the file went into, with the expense or income it became. A file imported again
 * adds nothing already here; the identity goes with its entry (deleted, it may be imported again).
 */
export const importIdentities = pgTable(
  "import_identities",
  {
    familyId: uuid("family_id")
      .notNull()
      .references(() => families.id, { onDelete: "cascade" }),
    // (method_id, family_id) references payment_methods (id, family_id) ON DELETE CASCADE,
    // written by hand in migration 0037.
    methodId: uuid("method_id").notNull(),
    importId: text("import_id").notNull(),
    expenseId: uuid("expense_id").references(() => expenses.id, { onDelete: "cascade" }),
    incomeId: uuid("income_id").references(() => incomes.id, { onDelete: "cascade" }),
    // A card bill's payment or a transfer an import recorded (docs/product.md#ofx-import): the
    // money between the family's own accounts. (bill_payment_id, family_id) and (transfer_id,
    // family_id) reference their tables' (id, family_id) ON DELETE CASCADE, written by hand in
    // migration 0039.
    billPaymentId: uuid("bill_payment_id"),
    transferId: uuid("transfer_id"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.familyId, t.methodId, t.importId] }),
    index("import_identities_expense_idx").on(t.expenseId),
    index("import_identities_income_idx").on(t.incomeId),
    index("import_identities_bill_payment_idx").on(t.billPaymentId),
    index("import_identities_transfer_idx").on(t.transferId),
    // Exactly one entry: what the bank's transaction became.
    check(
      "import_identities_entry_check",
      sql`num_nonnulls(${t.expenseId}, ${t.incomeId}, ${t.billPaymentId}, ${t.transferId}) = 1`,
    ),
  ],
);

/**
 * The family's category rules (docs/product.md#category-rules): the first, by `position`, whose
 * text matches a description (db/functions/category-rules.sql) gives its category, and what else
 * it says, to an import's line and the quick add's suggestion. A private rule is its author's
 * alone: only they see it, and it applies only to what they add.
 */
export const categoryRules = pgTable(
  "category_rules",
  {
    id: id(),
    familyId: uuid("family_id")
      .notNull()
      .references(() => families.id, { onDelete: "cascade" }),
    /** Smaller first; a new rule goes before the others. */
    position: integer("position").notNull(),
    matchKind: text("match_kind").notNull(),
    pattern: text("pattern").notNull(),
    minAmount: money("min_amount"),
    maxAmount: money("max_amount"),
    // (payment_method_id, family_id) and (category_id, family_id) reference the family's own
    // rows ON DELETE CASCADE, written by hand in migration 0038: a rule without them says nothing.
    paymentMethodId: uuid("payment_method_id"),
    categoryId: uuid("category_id").notNull(),
    forUserId: uuid("for_user_id").references(() => users.id, { onDelete: "set null" }),
    paidByUserId: uuid("paid_by_user_id").references(() => users.id, { onDelete: "set null" }),
    private: boolean("private").notNull().default(false),
    learned: boolean("learned").notNull().default(false),
    createdByUserId: uuid("created_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("category_rules_family_idx").on(t.familyId, t.position),
    check(
      "category_rules_kind_check",
      sql`${t.matchKind} in ('contains', 'startsWith', 'matches')`,
    ),
    check("category_rules_pattern_check", sql`char_length(${t.pattern}) between 1 and 100`),
    check(
      "category_rules_amounts_check",
      sql`${t.minAmount} is null or ${t.maxAmount} is null or ${t.minAmount} <= ${t.maxAmount}`,
    ),
    check(
      "category_rules_private_check",
      sql`not ${t.private} or (${t.forUserId} is null and ${t.paidByUserId} is null)`,
    ),
  ],
);

/**
 * "Pagar fatura": money moved from one of the family's accounts to a card's bill. A transfer,
 * never an expense: it is in no budget, no summary and no spending.
 */
export const billPayments = pgTable(
  "bill_payments",
  {
    id: id(),
    familyId: uuid("family_id")
      .notNull()
      .references(() => families.id, { onDelete: "cascade" }),
    // (bill_id, family_id) and (from_method_id, family_id): hand-written keys of migration 0013.
    billId: uuid("bill_id").notNull(),
    fromMethodId: uuid("from_method_id"),
    amount: money("amount").notNull(),
    paidOn: date("paid_on", { mode: "string" }).notNull(),
    addedByUserId: uuid("added_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("bill_payments_bill_idx").on(t.billId),
    index("bill_payments_from_method_idx").on(t.fromMethodId),
    index("bill_payments_family_idx").on(t.familyId),
    index("bill_payments_added_by_idx").on(t.addedByUserId),
    check("bill_payments_amount_check", sql`${t.amount} > 0`),
    // What import_identities' same-family key references.
    unique("bill_payments_id_family_unique").on(t.id, t.familyId),
  ],
);

/**
 * A purchase in installments (docs/product.md#installments, decision 011): its expenses carry
 * series_id and their number. The series keeps what the purchase was: its total, how many
 * installments, the first's date and a typed first amount; the installments themselves are
 * ordinary expenses, each in its own budget month and, on a card, its own bill.
 */
export const installmentSeries = pgTable(
  "installment_series",
  {
    id: id(),
    familyId: uuid("family_id")
      .notNull()
      .references(() => families.id, { onDelete: "cascade" }),
    description: text("description").notNull(),
    total: money("total").notNull(),
    count: integer("count").notNull(),
    firstDate: date("first_date", { mode: "string" }).notNull(),
    firstAmount: money("first_amount"),
    createdByUserId: uuid("created_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    /**
     * A private purchase in installments (docs/product.md#private-expenses): the series, its
     * description and its installments are its author's alone; to anyone else it does not exist
     * and each installment is "Gasto privado" on its date.
     */
    private: boolean("private").notNull().default(false),
    /** The client's Idempotency-Key of the create that made it, so a retry makes nothing. */
    idempotencyKey: text("idempotency_key"),
    createdAt: createdAt(),
  },
  (t) => [
    // As expenses_idempotency_unique: per family and person (docs/product.md#idempotent-create).
    uniqueIndex("installment_series_idempotency_unique").on(
      t.familyId,
      t.createdByUserId,
      t.idempotencyKey,
    ),
    // Target of the expenses (series_id, family_id) foreign key, see migration 0014.
    unique("installment_series_id_family_unique").on(t.id, t.familyId),
    index("installment_series_family_idx").on(t.familyId),
    index("installment_series_created_by_idx").on(t.createdByUserId),
    check("installment_series_count_check", sql`${t.count} between 2 and 48`),
    check("installment_series_total_check", sql`${t.total} > 0`),
  ],
);

/**
 * Every INSERT or UPDATE statement on expenses also decides the budget alerts, in the same
 * transaction: triggers created by migration 0007 call expenses_budget_alerts(), defined in
 * src/server/db/functions/budget-alerts.sql (docs/decisions/008-budget-alerts-in-sql.md). The
 * budget periods (month, week bucket) are the functions of db/functions/budget-rules.sql.
 */
export const expenses = pgTable(
  "expenses",
  {
    id: id(),
    familyId: uuid("family_id")
      .notNull()
      .references(() => families.id, { onDelete: "cascade" }),
    description: text("description").notNull(),
    /**
     * The description without accents (NFD, combining marks removed), what the Expenses search
     * matches case-insensitively: "cafe" finds "Café", as the list's search always did
     * (docs/product.md#search-filters-and-paging). Built-in functions only, so it works on any
     * PostgreSQL 13+ in UTF-8 without an extension such as unaccent.
     */
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(
        sql`regexp_replace(normalize("description", NFD), '[\\u0300-\\u036f]', '', 'g')`,
      ),
    amount: money("amount").notNull(),
    // The foreign key to categories is (category_id, family_id) with ON DELETE SET NULL
    // (category_id), written by hand in migration 0001 because drizzle cannot express it: an
    // expense can never point at another family's category, and deleting a category leaves its
    // expenses uncategorised instead of deleting money.
    categoryId: uuid("category_id"),
    addedByUserId: uuid("added_by_user_id").references(() => users.id, { onDelete: "set null" }),
    /**
     * Who paid (DESIGN.md decision 15): a member of the family when it was set, by default whoever
     * added it. A member who leaves keeps their name on what they paid, so this is not tied to
     * family_members; null only if the user row itself were deleted.
     */
    paidByUserId: uuid("paid_by_user_id").references(() => users.id, { onDelete: "set null" }),
    /**
     * Set when a recurring rule created this expense, with the occurrence's date: the unique
     * index below makes "one expense per rule and date" hold across every app process.
     */
    recurringRuleId: uuid("recurring_rule_id").references(() => recurringRules.id, {
      onDelete: "set null",
    }),
    recurringDate: date("recurring_date", { mode: "string" }),
    // What it was paid with (docs/product.md#payment-methods). The foreign key is
    // (payment_method_id, family_id), written by hand in migration 0012 as for categories: never
    // another family's method. A method with expenses is archived, not deleted (the service
    // refuses it, and so does the key).
    paymentMethodId: uuid("payment_method_id"),
    // A card purchase's bill: (bill_id, family_id) references card_bills, written by hand in
    // migration 0013. Set by the expense writes (expense-writes/writes.ts) from the date and the
    // card's closing day, or moved by hand; null for anything not paid with a card.
    billId: uuid("bill_id"),
    // An installment: (series_id, family_id) references installment_series, written by hand in
    // migration 0014; its number, and how many the purchase was made in (kept on the expense so
    // lists read "3/12" from the expense alone).
    seriesId: uuid("series_id"),
    installment: integer("installment"),
    installmentCount: integer("installment_count"),
    /**
     * For whom (docs/product.md#for-whom, decision 012): the choice as the person made it, the
     * contract's Split. The members' shares in cents are derived from it by the database into
     * expense_shares, in the same statement (db/functions/expense-shares.sql).
     */
    split: jsonb("split").$type<Split>().notNull().default({ mode: "family" }),
    /**
     * Private to the member who added it (docs/product.md#private-expenses): only they see its
     * description, category, payer and method; everyone else reads "Gasto privado" and its amount
     * (server/db/seen-by.ts). It is always paid by and for them.
     */
    private: boolean("private").notNull().default(false),
    /**
     * A refund ('Estorno', 'Reembolso', docs/decisions/013-income-refunds-net.md): a row with a
     * negative amount that names the purchase it returns, so every spending sum counts it. The
     * expense writes keep it in its purchase's family and its refunds within its amount; deleting
     * the purchase deletes its refunds (the foreign key, migration 0021).
     */
    refundOfId: uuid("refund_of_id").references((): AnyPgColumn => expenses.id, {
      onDelete: "cascade",
    }),
    /**
     * A refund's purchase's description as it was when the refund was made: the refund's history
     * names its purchase by this, never by reading the purchase again, which its author may since
     * have made private and renamed (docs/product.md#refunds, #private-expenses).
     */
    refundOfLabel: text("refund_of_label"),
    /** A calendar date with no time zone: an expense never moves to another day or month. */
    date: date("date", { mode: "string" }).notNull(),
    isExample: boolean("is_example").notNull().default(false),
    /** The client's Idempotency-Key of the create that made this row, so a retry creates nothing. */
    idempotencyKey: text("idempotency_key"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The keyset order of GET /api/expenses/page and the list's newest-first order (id last, so
    // the order is total and a page boundary never splits or repeats expenses). NULLS FIRST is
    // what ORDER BY ... DESC means: with drizzle's default NULLS LAST the planner could not read
    // the order from the index (the columns are NOT NULL, but it does not reason from that).
    index("expenses_family_keyset_idx").on(
      t.familyId,
      t.date.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("expenses_category_idx").on(t.categoryId),
    index("expenses_added_by_idx").on(t.addedByUserId),
    // The payer filter of the Expenses screen, in the keyset order of the index above.
    index("expenses_family_payer_keyset_idx").on(
      t.familyId,
      t.paidByUserId,
      t.date.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("expenses_paid_by_idx").on(t.paidByUserId),
    // A bill's lines, in date order; only card purchases are in it.
    index("expenses_bill_idx").on(t.billId, t.date).where(sql`${t.billId} is not null`),
    // The "Pago com" filter of the Expenses screen, in the keyset order; only expenses that name
    // a method are in it, so expenses without one cost no index write.
    index("expenses_family_method_keyset_idx")
      .on(
        t.familyId,
        t.paymentMethodId,
        t.date.desc().nullsFirst(),
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`${t.paymentMethodId} is not null`),
    uniqueIndex("expenses_recurring_occurrence_unique").on(t.recurringRuleId, t.recurringDate),
    // Scoped to the family too: a member who leaves and reuses a key in another family must not
    // get the old family's row back (docs/product.md#idempotent-create).
    uniqueIndex("expenses_idempotency_unique").on(t.familyId, t.addedByUserId, t.idempotencyKey),
    // A purchase's refunds, to add them up under the purchase's lock.
    index("expenses_refund_of_idx").on(t.refundOfId).where(sql`${t.refundOfId} is not null`),
    check(
      "expenses_amount_check",
      sql`(${t.refundOfId} is null and ${t.amount} > 0) or (${t.refundOfId} is not null and ${t.amount} < 0)`,
    ),
    check(
      "expenses_split_check",
      sql`${t.split} ->> 'mode' in ('family', 'one', 'percent', 'amounts')`,
    ),
    check(
      "expenses_installment_check",
      sql`(${t.seriesId} is null and ${t.installment} is null and ${t.installmentCount} is null)
        or (${t.seriesId} is not null and ${t.installment} between 1 and ${t.installmentCount})`,
    ),
    // One expense per installment of a series.
    uniqueIndex("expenses_series_installment_unique")
      .on(t.seriesId, t.installment)
      .where(sql`${t.seriesId} is not null`),
  ],
);

/**
 * Each member's share of an expense, in cents that add up to its amount (decision 012). Written
 * only by the database: the triggers of migration 0017 derive them from expenses.split, and for
 * the family's split from the family's rule of the expense's date and its members of the moment,
 * when an expense is written or its amount, date or split change (db/functions/expense-shares.sql).
 * A later change of the rule or of the members re-splits nothing already written.
 */
export const expenseShares = pgTable(
  "expense_shares",
  {
    expenseId: uuid("expense_id")
      .notNull()
      .references(() => expenses.id, { onDelete: "cascade" }),
    familyId: uuid("family_id")
      .notNull()
      .references(() => families.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    amount: money("amount").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.expenseId, t.userId] }),
    // Balances: a family's shares per member.
    index("expense_shares_family_user_idx").on(t.familyId, t.userId),
    // A refund's shares are negative (its purchase's split, negated).
    check("expense_shares_amount_check", sql`${t.amount} <> 0`),
  ],
);

/**
 * "Acertar contas" (docs/product.md#who-owes-whom, decision 012): one member paid another back.
 * A transfer, as a bill payment is: never spending, never in a budget; it counts only in the
 * balances between the two.
 */
export const settlements = pgTable(
  "settlements",
  {
    id: id(),
    familyId: uuid("family_id")
      .notNull()
      .references(() => families.id, { onDelete: "cascade" }),
    fromUserId: uuid("from_user_id").references(() => users.id, { onDelete: "set null" }),
    toUserId: uuid("to_user_id").references(() => users.id, { onDelete: "set null" }),
    amount: money("amount").notNull(),
    paidOn: date("paid_on", { mode: "string" }).notNull(),
    method: text("method", { enum: settlementMethods }).notNull(),
    note: text("note"),
    // The accounts the money left and came into, when the person names them
    // (docs/product.md#who-owes-whom): (from_method_id, family_id) and (to_method_id, family_id)
    // reference payment_methods (id, family_id), written by hand in migration 0034. They move
    // those accounts' balances as a transfer does (db/functions/accounts.sql).
    fromMethodId: uuid("from_method_id"),
    toMethodId: uuid("to_method_id"),
    addedByUserId: uuid("added_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("settlements_family_paid_on_idx").on(t.familyId, t.paidOn),
    index("settlements_from_method_idx").on(t.fromMethodId),
    index("settlements_to_method_idx").on(t.toMethodId),
    check("settlements_accounts_check", sql`${t.fromMethodId} <> ${t.toMethodId}`),
    check("settlements_amount_check", sql`${t.amount} > 0`),
    check("settlements_method_check", sql`${t.method} in ('pix', 'cash', 'transfer', 'other')`),
    check("settlements_two_people_check", sql`${t.fromUserId} <> ${t.toUserId}`),
  ],
);

/**
 * The family's default split (docs/product.md#the-familys-default-split): from `valid_from` on,
 * an expense for the family is split equally between the members of the moment (weights null) or
 * by a weight per member ({ userId: weight }). The rule of a date is the latest starting on or
 * before it; before the first, equal.
 */
export const familySplitRules = pgTable(
  "family_split_rules",
  {
    familyId: uuid("family_id")
      .notNull()
      .references(() => families.id, { onDelete: "cascade" }),
    validFrom: date("valid_from", { mode: "string" }).notNull(),
    weights: jsonb("weights").$type<Record<string, number>>(),
    createdByUserId: uuid("created_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.familyId, t.validFrom] })],
);

/**
 * Recurring expenses (docs/product.md#recurring-expenses): a rule creates an ordinary expense on each date it falls on, up
 * to today. `generated_through` is the last date already handled: occurrences on or before it are
 * never created again, so deleting or editing a created expense, or editing the rule, never brings
 * an old one back; the unique (recurring_rule_id, recurring_date) on expenses keeps two processes
 * from creating the same one twice.
 */
export const recurringRules = pgTable(
  "recurring_rules",
  {
    id: id(),
    familyId: uuid("family_id")
      .notNull()
      .references(() => families.id, { onDelete: "cascade" }),
    description: text("description").notNull(),
    amount: money("amount").notNull(),
    // Foreign key (category_id, family_id) ON DELETE SET NULL (category_id), by hand in migration
    // 0006 as for expenses: never another family's category; a deleted one leaves it uncategorised.
    categoryId: uuid("category_id"),
    paidByUserId: uuid("paid_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdByUserId: uuid("created_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    /**
     * What it records: an expense (as it always did) or an income (docs/decisions/013), written
     * into `incomes` with `income_kind`; `paid_by_user_id` is then who receives it, and it has no
     * category.
     */
    entry: text("entry", { enum: ["expense", "income"] })
      .notNull()
      .default("expense"),
    incomeKind: text("income_kind", { enum: incomeKinds }),
    frequency: text("frequency", { enum: ["weekly", "monthly", "yearly"] }).notNull(),
    /** weekly: ISO day of the week, 1 = Monday ... 7 = Sunday. */
    dayOfWeek: integer("day_of_week"),
    /** monthly and yearly: 1-31; past a shorter month's end it falls on its last day. */
    dayOfMonth: integer("day_of_month"),
    /** yearly: 1-12. */
    monthOfYear: integer("month_of_year"),
    /**
     * monthly, instead of a day of the month: the nth business day ("o 5º dia útil"), counted by
     * the family's business days (domain/budget-period.ts isBusinessDay).
     */
    businessDay: integer("business_day"),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }),
    paused: boolean("paused").notNull().default(false),
    generatedThrough: date("generated_through", { mode: "string" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("recurring_rules_family_idx").on(t.familyId),
    // What the generator scans: active rules, oldest watermark first.
    index("recurring_rules_due_idx").on(t.generatedThrough).where(sql`not ${t.paused}`),
    check("recurring_rules_amount_check", sql`${t.amount} > 0`),
    check(
      "recurring_rules_frequency_check",
      sql`${t.frequency} in ('weekly', 'monthly', 'yearly')`,
    ),
    // coalesce: a day left null makes its "between" unknown, which a CHECK lets through; the rule
    // must name its day, so unknown is false.
    check(
      "recurring_rules_day_check",
      sql`coalesce((${t.frequency} = 'weekly' and ${t.dayOfWeek} between 1 and 7 and ${t.dayOfMonth} is null and ${t.monthOfYear} is null and ${t.businessDay} is null)
        or (${t.frequency} = 'monthly' and ${t.dayOfWeek} is null and ${t.monthOfYear} is null
          and ((${t.dayOfMonth} between 1 and 31 and ${t.businessDay} is null)
            or (${t.dayOfMonth} is null and ${t.businessDay} between 1 and 20)))
        or (${t.frequency} = 'yearly' and ${t.dayOfMonth} between 1 and 31 and ${t.monthOfYear} between 1 and 12 and ${t.dayOfWeek} is null and ${t.businessDay} is null), false)`,
    ),
    check(
      "recurring_rules_entry_check",
      sql`coalesce((${t.entry} = 'expense' and ${t.incomeKind} is null)
        or (${t.entry} = 'income' and ${t.incomeKind} in (${sql.raw(incomeKinds.map((k) => `'${k}'`).join(", "))}) and ${t.categoryId} is null), false)`,
    ),
    check(
      "recurring_rules_dates_check",
      sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`,
    ),
  ],
);

/**
 * What comes in (docs/decisions/013-income-refunds-net.md): salaries, the 13th, vacation pay,
 * freelance work, investment income. A table of its own, so no budget read (which all sum
 * `expenses`) can count it as spending. Its account is (payment_method_id, family_id) referencing
 * payment_methods, written by hand in migration 0021 as for expenses; the writes refuse a card.
 */
export const incomes = pgTable(
  "incomes",
  {
    id: id(),
    familyId: uuid("family_id")
      .notNull()
      .references(() => families.id, { onDelete: "cascade" }),
    description: text("description").notNull(),
    amount: money("amount").notNull(),
    kind: text("kind", { enum: incomeKinds }).notNull(),
    /** Who received it: a member when it was recorded; kept after they leave. */
    receivedByUserId: uuid("received_by_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    paymentMethodId: uuid("payment_method_id"),
    /** Seen in a list only by whoever added it; counted in the family's totals (visible-entry). */
    private: boolean("private").notNull().default(false),
    addedByUserId: uuid("added_by_user_id").references(() => users.id, { onDelete: "set null" }),
    /** Set when a recurring income rule recorded it, with the occurrence's date (one per date). */
    recurringRuleId: uuid("recurring_rule_id").references(() => recurringRules.id, {
      onDelete: "set null",
    }),
    recurringDate: date("recurring_date", { mode: "string" }),
    /** A calendar date with no time zone. */
    date: date("date", { mode: "string" }).notNull(),
    idempotencyKey: text("idempotency_key"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The month's income and its list, newest first.
    index("incomes_family_date_idx").on(
      t.familyId,
      t.date.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("incomes_received_by_idx").on(t.receivedByUserId),
    index("incomes_added_by_idx").on(t.addedByUserId),
    uniqueIndex("incomes_recurring_occurrence_unique").on(t.recurringRuleId, t.recurringDate),
    uniqueIndex("incomes_idempotency_unique").on(t.familyId, t.addedByUserId, t.idempotencyKey),
    check("incomes_amount_check", sql`${t.amount} > 0`),
    check(
      "incomes_kind_check",
      sql`${t.kind} in (${sql.raw(incomeKinds.map((k) => `'${k}'`).join(", "))})`,
    ),
  ],
);

/**
 * One row per category, period and threshold that spending passed (docs/product.md#exactly-once): the unique index
 * is what makes an alert go out exactly once, whatever wrote the expense and however many did at
 * the same moment. The category's name and the sums are kept as they were when it fired.
 */
export const budgetAlerts = pgTable(
  "budget_alerts",
  {
    id: id(),
    familyId: uuid("family_id")
      .notNull()
      .references(() => families.id, { onDelete: "cascade" }),
    categoryId: uuid("category_id").references(() => categories.id, { onDelete: "set null" }),
    categoryName: text("category_name").notNull(),
    /**
     * month: the family's budget month; week: a week bucket of it (days 1-7, 8-14, 15-21,
     * 22-end of the period, docs/product.md#budget-periods).
     */
    period: text("period", { enum: ["month", "week"] }).notNull(),
    /**
     * The period's name: the first day of the calendar month that names it. With periodWeek, the
     * key an alert is given once by: a family that moves its month's start changes the period's
     * days, not its name, so it is not alerted again.
     */
    periodMonth: date("period_month", { mode: "string" }).notNull(),
    /** 0 for the month, 1 to 4 for a week bucket. */
    periodWeek: integer("period_week").notNull().default(0),
    /** The first and last day of the month or of the week bucket when the alert fired. */
    periodStart: date("period_start", { mode: "string" }).notNull(),
    periodEnd: date("period_end", { mode: "string" }).notNull(),
    /** Percent of the budget: 80 or 100. */
    threshold: integer("threshold").notNull(),
    budget: money("budget").notNull(),
    /**
     * A sum of expenses, so not an expense's numeric(10,2): two amounts below 10^8 can add up past
     * it, and the trigger's insert then failed the expense's own INSERT (a 500 for a valid expense).
     * Unbounded precision, scale 2 like every amount it adds.
     */
    spent: numeric("spent").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("budget_alerts_once_unique").on(
      t.categoryId,
      t.period,
      t.periodMonth,
      t.periodWeek,
      t.threshold,
    ),
    index("budget_alerts_family_idx").on(t.familyId),
    check("budget_alerts_period_check", sql`${t.period} in ('month', 'week')`),
    check("budget_alerts_threshold_check", sql`${t.threshold} in (80, 100)`),
  ],
);

/**
 * A budget period that has not started yet, of a category that spending was written into ahead
 * of it (an installment plan's next months, a future-dated expense): its alerts wait for it
 * (docs/product.md#budget-alerts). The alert trigger adds one per category and held period, keyed
 * by the period's first day; the job that reads them when that day comes deletes each as it checks
 * it (db/functions/budget-alerts.sql, features/notifications/alerts-due-job.ts), so every process
 * may run it and each period is checked once.
 */
export const budgetAlertChecks = pgTable(
  "budget_alert_checks",
  {
    categoryId: uuid("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    familyId: uuid("family_id")
      .notNull()
      .references(() => families.id, { onDelete: "cascade" }),
    /** The held period's first day: the month's or the week bucket's. */
    dueOn: date("due_on", { mode: "string" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.dueOn] }),
    index("budget_alert_checks_due_idx").on(t.dueOn),
    index("budget_alert_checks_family_idx").on(t.familyId),
  ],
);

/**
 * A member's in-app notification (the bell), and the e-mail that goes with it: `email_status`
 * is the outbox (pending until a sender marks it sent, or skipped when the member turned the
 * e-mails off), so an e-mail is sent after the change committed and never twice.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    familyId: uuid("family_id")
      .notNull()
      .references(() => families.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["budget_alert"] }).notNull(),
    budgetAlertId: uuid("budget_alert_id").references(() => budgetAlerts.id, {
      onDelete: "cascade",
    }),
    readAt: timestamp("read_at", { withTimezone: true }),
    emailStatus: text("email_status", { enum: ["pending", "sent", "skipped", "failed"] })
      .notNull()
      .default("pending"),
    emailAttempts: integer("email_attempts").notNull().default(0),
    emailSentAt: timestamp("email_sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
    uniqueIndex("notifications_alert_user_unique").on(t.budgetAlertId, t.userId),
    index("notifications_email_pending_idx")
      .on(t.createdAt)
      .where(sql`${t.emailStatus} = 'pending'`),
    check("notifications_kind_check", sql`${t.kind} in ('budget_alert')`),
    check(
      "notifications_email_status_check",
      sql`${t.emailStatus} in ('pending', 'sent', 'skipped', 'failed')`,
    ),
  ],
);

/**
 * Attempt counters of the rate limits (docs/decisions/002-rate-limits.md): one row per limit and
 * key (an account, an IP), counted with one atomic upsert so every app process on the same
 * database shares them and parallel requests cannot slip past the limit.
 */
export const attemptCounters = pgTable(
  "attempt_counters",
  {
    key: text("key").primaryKey(),
    windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
    count: integer("count").notNull(),
  },
  (t) => [index("attempt_counters_window_idx").on(t.windowStartedAt)],
);

/**
 * CSV imports (docs/product.md#csv-import): one row per committed import, written in
 * the same transaction as its expenses. Keyed by the client's Idempotency-Key per family and
 * user, so a repeated submission finds this row and imports nothing twice; it keeps what the
 * import did (how many lines, how much) for the answer to that repeat and for an import history.
 */
export const imports = pgTable(
  "imports",
  {
    id: id(),
    familyId: uuid("family_id")
      .notNull()
      .references(() => families.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    idempotencyKey: text("idempotency_key").notNull(),
    fileName: text("file_name"),
    importedCount: integer("imported_count").notNull(),
    /** Lines left out as imported before (import_identities), so a repeat answers the same. */
    skippedCount: integer("skipped_count").notNull().default(0),
    // 20,000 lines of up to 99,999,999.99 each.
    totalAmount: numeric("total_amount", { precision: 14, scale: 2 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("imports_idempotency_unique").on(t.familyId, t.userId, t.idempotencyKey)],
);

/**
 * Single-use recovery codes of two-factor sign-in (docs/product.md#two-factor-sign-in): ten per confirmation, shown once,
 * stored as an HMAC-SHA-256 under a key that is not in the database ("h1:", server/two-factor.ts),
 * so a dump cannot be searched for them; a used code keeps its row with `used_at`, so it cannot
 * be used twice.
 */
export const totpRecoveryCodes = pgTable(
  "totp_recovery_codes",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("totp_recovery_codes_user_code_unique").on(t.userId, t.codeHash)],
);

/**
 * The second step of a login with two-factor sign-in on (docs/product.md#two-factor-sign-in): the password was right, a
 * code is still owed. The client holds a random token; only its SHA-256 is kept. It lives five
 * minutes and is deleted when the login completes.
 */
export const loginChallenges = pgTable(
  "login_challenges",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("login_challenges_user_idx").on(t.userId),
    index("login_challenges_expires_idx").on(t.expiresAt),
  ],
);

/**
 * The family's history (docs/product.md#family-history): one row per change to an
 * expense, a category, a recurring rule, an import, a member or an invite, written in the
 * transaction of the change. Rows are only ever inserted (and a deleted expense's row marked
 * restored once); no route updates or deletes them. The actor's name is kept as it was, so a
 * member who left or deleted their account still shows by name. `changes` holds, per changed
 * field, its value before and after (display values: a category's or payer's name, not an id);
 * `snapshot` holds a deleted expense as it was, for the restore.
 */
export const familyHistory = pgTable(
  "family_history",
  {
    id: id(),
    familyId: uuid("family_id")
      .notNull()
      .references(() => families.id, { onDelete: "cascade" }),
    actorUserId: uuid("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    actorName: text("actor_name"),
    kind: text("kind", {
      enum: [
        "expense",
        "category",
        "recurring",
        "import",
        "member",
        "invite",
        "family",
        "paymentMethod",
        "cardBill",
        "installments",
        "settlement",
        "income",
        "transfer",
        "reconciliation",
        "categoryRule",
        "goal",
      ],
    }).notNull(),
    action: text("action").notNull(),
    subjectId: uuid("subject_id"),
    subjectLabel: text("subject_label"),
    changes: jsonb("changes").notNull().default(sql`'[]'::jsonb`),
    snapshot: jsonb("snapshot"),
    restoredAt: timestamp("restored_at", { withTimezone: true }),
    restoredExpenseId: uuid("restored_expense_id"),
    /**
     * An entry about a private expense (docs/product.md#private-expenses): shown in full only to
     * this member, whose it is; to the others it says only that a private expense changed. Gone
     * with their account.
     */
    privateToUserId: uuid("private_to_user_id").references(() => users.id, {
      onDelete: "cascade",
    }),
    createdAt: createdAt(),
  },
  (t) => [
    index("family_history_keyset_idx").on(
      t.familyId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("family_history_actor_idx").on(
      t.familyId,
      t.actorUserId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("family_history_kind_idx").on(
      t.familyId,
      t.kind,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    check(
      "family_history_kind_check",
      sql`${t.kind} in ('expense', 'category', 'recurring', 'import', 'member', 'invite', 'family',
        'paymentMethod', 'cardBill', 'installments', 'settlement', 'income', 'transfer',
        'reconciliation', 'categoryRule', 'goal')`,
    ),
  ],
);

/**
 * How many expenses, incomes and settlements each family has, kept by the database itself
 * (migration 0029's statement triggers add each INSERT's rows and take away each DELETE's, every
 * row counted, the examples too): the quotas read these instead of counting the family's rows
 * (docs/product.md#quotas, server/quotas.ts). A family's row appears with its first counted row.
 */
export const familyCounts = pgTable("family_counts", {
  familyId: uuid("family_id")
    .primaryKey()
    .references(() => families.id, { onDelete: "cascade" }),
  expenses: integer("expenses").notNull().default(0),
  incomes: integer("incomes").notNull().default(0),
  settlements: integer("settlements").notNull().default(0),
});

import type { Category } from "../../contract/categories";
import type { Expense } from "../../contract/expenses";
import type { Family, FamilyMember } from "../../contract/family";

/**
 * Query keys shared by every screen, so a mutation anywhere refetches what it changed (SPEC §4:
 * after every successful mutation the relevant list is refetched). The default query fn GETs the
 * key's string segments joined by '/', plus the query string of a trailing object.
 */
export const queryKeys = {
  currentUser: ["/api/auth/user"] as const,
  family: ["/api/family"] as const,
  familyMembers: ["/api/family/members"] as const,
  categories: ["/api/categories"] as const,
  /** Every expense of the family, newest first (the Expenses screen). */
  expenses: ["/api/expenses"] as const,
  /** One month's expenses only (dashboard and reports never load the whole history). */
  monthExpenses: (year: number, month: number) => ["/api/expenses", { month, year }] as const,
};

export type { Category, Expense, Family, FamilyMember };

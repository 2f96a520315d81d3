import { CALENDAR_MONTH } from "../../contract/budget-period-rule";
import type { Category } from "../../contract/categories";
import type { Family, FamilyPerson } from "../../contract/family";
import type { MonthSummaryResponse } from "../../contract/summary";
import { testUser } from "./test-user";

/**
 * A couple's March 2026 for the screens' views as a member (docs/product.md#viewing-as-a-member):
 * Ana (the signed-in test user, the owner) paid R$ 200,00 of groceries split 60/40, Léo R$ 90,00
 * for himself alone; the answers GET /api/summary gives for the family and for each of them.
 */
export const ANA = testUser.id;
export const LEO = "22222222-2222-4222-8222-222222222222";

export const coupleFamily: Family = {
  id: "5b0e9a6e-2f57-4a8e-9a0e-3c2b1d4e5f60",
  name: "Souza",
  ownerId: ANA,
  role: "owner",
  budgetPeriod: CALENDAR_MONTH,
  cardSpendingBy: "date",
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

export const personNamed = (userId: string, name: string): FamilyPerson => ({
  userId,
  name,
  firstName: null,
  lastName: null,
  email: `${name}@example.org`,
  profileImageUrl: null,
  isMember: true,
});

export const couple = [personNamed(ANA, "Ana"), personNamed(LEO, "Léo")];

/** The couple's one category, "Mercado", with its budgets. */
export const groceries: Category = {
  id: "11111111-1111-4111-8111-111111111111",
  familyId: coupleFamily.id,
  name: "Mercado",
  icon: "tag",
  color: "#16a34a",
  weeklyBudget: "250.00",
  monthlyBudget: "1000.00",
  isActive: true,
  createdAt: "2026-01-01T00:00:00.000Z",
};

const march = (
  spent: string,
  spentByPayer: MonthSummaryResponse["spentByPayer"],
): MonthSummaryResponse => ({
  year: 2026,
  month: 3,
  period: { first: "2026-03-01", last: "2026-03-31" },
  categories: [groceries],
  totalSpent: spent,
  uncategorisedSpent: "0.00",
  privateSpent: "0.00",
  spentByCategory: [{ categoryId: groceries.id, spent }],
  spentByPayer,
  spentByWeek: [spent, "0.00", "0.00", "0.00"],
  latest: [],
  hasExamples: false,
  income: "0.00",
  incomeByMember: [],
});

/** By the URL asked for. Payers most first, as the server sorts them. */
export const coupleMarch: Record<string, MonthSummaryResponse> = {
  "/api/summary?month=3&year=2026": march("290.00", [
    { userId: ANA, spent: "200.00" },
    { userId: LEO, spent: "90.00" },
  ]),
  [`/api/summary?month=3&year=2026&view=${LEO}`]: march("170.00", [
    { userId: LEO, spent: "90.00" },
    { userId: ANA, spent: "80.00" },
  ]),
  [`/api/summary?month=3&year=2026&view=${ANA}`]: march("120.00", [
    { userId: ANA, spent: "120.00" },
  ]),
};

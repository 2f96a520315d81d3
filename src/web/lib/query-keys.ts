import type { QueryClient, QueryKey } from "@tanstack/react-query";
import type { FamilyTopic } from "../../contract/live-updates";

/**
 * The first part of every read's query key: each read of src/web/api keys its cache entries
 * under one of these, with its own parameters after it (a month, a filter, an id), so one prefix
 * covers every month, filter and page of a read without knowing which are cached. The offline
 * cache (offline/offline-cache.ts) picks the reads it saves by them too.
 */
export const queryKeys = {
  currentUser: ["/api/auth/user"],
  signedInDevices: ["/api/profile/sessions"],
  family: ["/api/family"],
  /** The members, and under it their names for the lists and selects ("people"). */
  familyMembers: ["/api/family/members"],
  invitePreview: ["/api/family/invite"],
  splitRules: ["/api/family/split-rules"],
  familyHistory: ["/api/family/history"],
  categories: ["/api/categories"],
  /** The family's category rules, in the order they apply (docs/product.md#category-rules). */
  categoryRules: ["/api/category-rules"],
  /** Every page of every filter of the Expenses screen's list. */
  expenses: ["/api/expenses"],
  /** Each month's summary, and under it the trend and what the coming months already hold. */
  summary: ["/api/summary"],
  committed: ["/api/summary", "committed"],
  notifications: ["/api/notifications"],
  paymentMethods: ["/api/payment-methods"],
  /** The accounts' balances at a month's end (docs/product.md#account-balances). */
  accountBalances: ["/api/accounts/balances"],
  /** The latest transfers between the accounts (docs/product.md#transfers). */
  transfers: ["/api/transfers"],
  /**
   * The family's savings goals and, under it, each goal's contributions
   * (docs/product.md#caixinhas-savings-goals).
   */
  goals: ["/api/goals"],
  /** An account against its bank on a day (docs/product.md#reconciliation), per account and day. */
  reconciliation: ["/api/accounts/reconciliation"],
  /** The accounts less what the cards owe, month by month (docs/product.md#net-worth). */
  netWorth: ["/api/accounts/net-worth"],
  cardBills: ["/api/card-bills"],
  installments: ["/api/installments"],
  /** The rules and every month's bills still due. */
  recurring: ["/api/recurring"],
  balances: ["/api/balances"],
  incomes: ["/api/incomes"],
} as const;

/**
 * The reads each topic of the family's event stream can alter
 * (docs/decisions/009-live-updates-over-sse.md): the stream invalidates them when another member's
 * change is announced (api/live-updates), and a write's own mutation invalidates them as it is
 * answered (the screens on view refetch them, the others when next shown). One list for both: the
 * writer's screen shows what the others' screens show, without waiting for its own echo.
 */
export const keysOfTopic: Record<FamilyTopic, readonly QueryKey[]> = {
  // Everything that shows expenses: the lists and the months' totals (the trend and what the
  // coming months already hold included), the budget alerts an expense may raise, its history
  // entry, a recurring bill it pays, a card purchase's line on a card's bill, the cards' limit
  // used, which is what their bills still owe (docs/product.md#already-committed), a purchase in
  // installments, and who owes whom, which who paid and for whom move
  // (docs/product.md#who-owes-whom).
  expenses: [
    queryKeys.expenses,
    queryKeys.summary,
    queryKeys.notifications,
    queryKeys.familyHistory,
    queryKeys.recurring,
    queryKeys.cardBills,
    queryKeys.paymentMethods,
    queryKeys.installments,
    queryKeys.balances,
    queryKeys.accountBalances,
    queryKeys.reconciliation,
    queryKeys.netWorth,
  ],
  // Income is its list, the month's income and net, the forecast and a history entry; never a
  // budget: income is not spending. It moves the balance of the account it came into (the
  // accounts' list, the dashboard's 'Saldo em contas' and the account's reconciliation).
  incomes: [
    queryKeys.incomes,
    queryKeys.summary,
    queryKeys.familyHistory,
    queryKeys.paymentMethods,
    queryKeys.accountBalances,
    queryKeys.reconciliation,
    queryKeys.netWorth,
  ],
  // Names, colours and budgets show in the lists, the totals and the rules; a deleted category's
  // expenses stay, uncategorised. The category rules are announced under this topic too, and
  // name the categories they give (docs/product.md#category-rules).
  categories: [
    queryKeys.categories,
    queryKeys.categoryRules,
    queryKeys.summary,
    queryKeys.expenses,
    queryKeys.familyHistory,
    queryKeys.recurring,
  ],
  // A rule's bills still to come are part of what the coming months already hold
  // (docs/product.md#already-committed).
  recurring: [queryKeys.recurring, queryKeys.familyHistory, queryKeys.committed],
  // A settlement recorded or undone (docs/product.md#who-owes-whom).
  balances: [queryKeys.balances, queryKeys.familyHistory],
  // Members, roles and names (the lists and totals show who paid), and the budget month's rule
  // (docs/product.md#budget-periods): the month shown by default, the navigation's days, and every
  // month's and the trend's figures (under the summary), published with "expenses". Each is a
  // history entry. The default split: the expense form's preview of a family expense.
  family: [
    queryKeys.family,
    queryKeys.familyMembers,
    queryKeys.splitRules,
    queryKeys.expenses,
    queryKeys.summary,
    queryKeys.familyHistory,
  ],
  notifications: [queryKeys.notifications],
  // The accounts and cards (docs/product.md#payment-methods): the expense lists and forms name
  // them from this one list, so a renamed or archived method needs nothing else; each change is
  // a history entry. A bill's payment is published under this topic too (a transfer, never an
  // expense: docs/decisions/011-cards-bills-installments.md), and a card's days name its bills.
  // A bill paid moves its account's balance, as do an opening balance typed and a transfer
  // between accounts, published under this topic too (transfer-writes), and an entry cleared or
  // an account reconciled with its bank (reconciliation-writes). The savings goals are announced
  // under this topic too, and name the accounts that hold them; a contribution from another
  // account is a transfer (docs/product.md#caixinhas-savings-goals).
  paymentMethods: [
    queryKeys.paymentMethods,
    queryKeys.goals,
    queryKeys.familyHistory,
    queryKeys.cardBills,
    queryKeys.accountBalances,
    queryKeys.transfers,
    queryKeys.reconciliation,
    queryKeys.netWorth,
  ],
};

/** Invalidates the reads of `topics`, each prefix once. */
export function invalidateTopics(queryClient: QueryClient, topics: readonly FamilyTopic[]) {
  const keys = new Map<string, QueryKey>();
  for (const topic of topics) {
    for (const key of keysOfTopic[topic]) keys.set(JSON.stringify(key), key);
  }
  return Promise.all(
    [...keys.values()].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

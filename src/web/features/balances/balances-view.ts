import type { Balances, MemberBalance } from "../../../contract/balances";
import { toCents } from "../../../contract/cents";

const active = (member: MemberBalance) =>
  [member.paid, member.share, member.settledOut, member.settledIn].some(
    (amount) => toCents(amount) !== 0,
  );

/**
 * The pairs of members who owe each other nothing, in the members' order, among those with any
 * expense or settlement: listed under the debts so what is behind a settled balance (a settlement
 * to undo, say) can still be read. A member with nothing has nothing behind any balance.
 */
export function otherPairs({ members, debts }: Pick<Balances, "members" | "debts">) {
  const owing = new Set(
    debts.flatMap(({ debtorUserId: a, creditorUserId: b }) => [`${a} ${b}`, `${b} ${a}`]),
  );
  const ids = members.filter(active).map((member) => member.userId);
  return ids.flatMap((a, index) =>
    ids
      .slice(index + 1)
      .filter((b) => !owing.has(`${a} ${b}`))
      .map((b) => [a, b] as const),
  );
}

/**
 * Who has shares still to come (docs/product.md#who-owes-whom): future installments and
 * future-dated expenses someone else paid, in the members' order; they count from their dates on.
 */
export function stillAhead(members: readonly MemberBalance[]) {
  return members
    .filter((member) => toCents(member.ahead) > 0)
    .map((member) => ({ userId: member.userId, amount: member.ahead }));
}

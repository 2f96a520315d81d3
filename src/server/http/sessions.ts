import { createHmac, randomBytes } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import type { BudgetPeriodRule } from "../../contract/budget-period-rule";
import type { CardSpendingBy, FamilyRole } from "../../contract/family";
import type { Device } from "../../contract/sessions";
import { budgetPeriodRuleOf } from "../api-rows";
import type { Clock } from "../clock";
import type { Db } from "../db/client";
import { families, familyMembers, sessions, users } from "../db/schema";
import type { UserRow } from "../users";
import { describeDevice } from "./user-agent";

/**
 * Server-side sessions in the `sessions` table. The id a client holds is 256 random bits; the
 * table keeps only its HMAC under SESSION_SECRET, so a leaked table opens no session. A login
 * makes two credentials that live and die together: the HttpOnly cookie for the browser and the
 * bearer token for API clients.
 */

const IDLE_TIMEOUT_MS = 30 * 24 * 60 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 90 * 24 * 60 * 60 * 1000;
// Sliding the idle expiry on every request would write on every read; once an hour is enough.
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

export type SessionKind = "cookie" | "bearer";
export type SessionData = {
  userId: string;
  loginId: string;
  kind: SessionKind;
  createdAt: string;
  lastSeenAt: string;
  /** Named from the User-Agent at login (Signed-in devices); absent on logins made before. */
  device?: Device;
};
/** What a login knows about the client that made it; every caller of createLogin passes it. */
export type LoginClient = { userAgent?: string | undefined };
/** `expiresAt`: when the session ends unless a request slides it (the event stream ends then). */
export type ActiveSession = { sid: string; data: SessionData; expiresAt: Date };
/**
 * The caller's family membership, read with the session (null: in no family), and the family's
 * data version at that moment (db/schema.ts, families.dataVersion).
 */
export type Membership = {
  familyId: string;
  role: FamilyRole;
  dataVersion: number;
  /** When the family's budget month starts: every month the family's calls name follows it. */
  budgetPeriod: BudgetPeriodRule;
  /** When a card purchase counts in the budget (docs/product.md#counting-card-spending-by-bill). */
  cardSpendingBy: CardSpendingBy;
};
/** Everything a signed-in request needs about its caller, read in one statement. */
export type Caller = { session: ActiveSession; user: UserRow; membership: Membership | null };

type CallerRow = {
  familyId: string | null;
  role: FamilyRole | null;
  dataVersion: number | null;
  periodStart: BudgetPeriodRule["start"] | null;
  periodDay: number | null;
  periodSaturdays: boolean | null;
  periodClosedDay: BudgetPeriodRule["closedDay"] | null;
  cardSpendingBy: CardSpendingBy | null;
};

const membershipOf = (row: CallerRow): Membership | null =>
  row.familyId !== null &&
  row.role !== null &&
  row.dataVersion !== null &&
  row.periodStart !== null &&
  row.periodDay !== null &&
  row.periodSaturdays !== null &&
  row.periodClosedDay !== null &&
  row.cardSpendingBy !== null
    ? {
        familyId: row.familyId,
        role: row.role,
        dataVersion: row.dataVersion,
        budgetPeriod: budgetPeriodRuleOf({
          periodStart: row.periodStart,
          periodDay: row.periodDay,
          periodSaturdays: row.periodSaturdays,
          periodClosedDay: row.periodClosedDay,
        }),
        cardSpendingBy: row.cardSpendingBy,
      }
    : null;

const newSecret = () => randomBytes(32).toString("base64url");

export class SessionStore {
  /**
   * Built once and prepared by name on each pooled connection: it runs on every signed-in
   * request, and building the query and having PostgreSQL parse and plan it each time cost more
   * than running it.
   */
  private readonly findCaller;

  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly clock: Clock,
  ) {
    this.findCaller = db
      .select({
        sess: sessions.sess,
        expire: sessions.expire,
        user: users,
        familyId: familyMembers.familyId,
        role: familyMembers.role,
        dataVersion: families.dataVersion,
        periodStart: families.periodStart,
        periodDay: families.periodDay,
        periodSaturdays: families.periodSaturdays,
        periodClosedDay: families.periodClosedDay,
        cardSpendingBy: families.cardSpendingBy,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(familyMembers, eq(familyMembers.userId, users.id))
      .leftJoin(families, eq(families.id, familyMembers.familyId))
      .where(eq(sessions.sid, sql.placeholder("sid")))
      .prepare("find_caller");
  }

  private storedId(clientId: string) {
    return createHmac("sha256", this.secret).update(clientId).digest("base64url");
  }

  private expiryFor(data: SessionData, now: Date) {
    return new Date(
      Math.min(now.getTime() + IDLE_TIMEOUT_MS, Date.parse(data.createdAt) + ABSOLUTE_TIMEOUT_MS),
    );
  }

  /**
   * A fresh pair of credentials for a login: never reuses an id the client sent (no fixation).
   * `client` names the device in the Signed-in devices list; without it the login shows as an
   * unknown device.
   */
  async createLogin(
    userId: string,
    client: LoginClient = {},
  ): Promise<{ cookieId: string; bearerToken: string }> {
    const now = this.clock.now();
    // Also the login's id in the Signed-in devices list: it is never a credential (find() looks
    // sessions up by the HMAC of the client's secret only).
    const loginId = randomBytes(16).toString("hex");
    const device = describeDevice(client.userAgent);
    const cookieId = newSecret();
    const bearerToken = newSecret();
    const row = (kind: SessionKind, clientId: string) => {
      const data: SessionData = {
        userId,
        loginId,
        kind,
        createdAt: now.toISOString(),
        lastSeenAt: now.toISOString(),
        device,
      };
      return {
        sid: this.storedId(clientId),
        sess: data,
        expire: this.expiryFor(data, now),
        userId,
      };
    };
    await this.db.insert(sessions).values([row("cookie", cookieId), row("bearer", bearerToken)]);
    // Expired rows are swept here, on a write the app makes anyway, rather than by a timer.
    await this.db.delete(sessions).where(lt(sessions.expire, now));
    return { cookieId, bearerToken };
  }

  /**
   * The session with its user and the user's family membership, in one round trip: it runs on
   * every signed-in request. Read fresh each time, so a logout, a password reset (which deletes
   * the rows) or a removal from the family takes effect on the very next request.
   */
  async find(clientId: string, kind: SessionKind): Promise<Caller | undefined> {
    const sid = this.storedId(clientId);
    const [row] = await this.findCaller.execute({ sid });
    if (!row) return undefined;
    const data = row.sess as SessionData;
    const now = this.clock.now();
    if (data.kind !== kind || row.expire.getTime() <= now.getTime()) return undefined;
    if (data.userId !== row.user.id) return undefined;
    let expiresAt = row.expire;
    if (now.getTime() - Date.parse(data.lastSeenAt) > TOUCH_INTERVAL_MS) {
      const touched = { ...data, lastSeenAt: now.toISOString() };
      expiresAt = this.expiryFor(touched, now);
      await this.db
        .update(sessions)
        .set({ sess: touched, expire: expiresAt })
        .where(eq(sessions.sid, sid));
    }
    const membership = membershipOf(row);
    return { session: { sid, data, expiresAt }, user: row.user, membership };
  }

  /**
   * The caller of a session found earlier, read again without touching it: a long-lived request
   * (the family's event stream) asks whether it may still run after a logout, a revocation or a
   * change of family. Undefined once the session has ended or expired.
   */
  async recheck(session: ActiveSession): Promise<Caller | undefined> {
    const [row] = await this.findCaller.execute({ sid: session.sid });
    if (!row) return undefined;
    const data = row.sess as SessionData;
    if (data.kind !== session.data.kind || row.expire.getTime() <= this.clock.now().getTime()) {
      return undefined;
    }
    if (data.userId !== row.user.id) return undefined;
    const membership = membershipOf(row);
    return {
      session: { sid: session.sid, data, expiresAt: row.expire },
      user: row.user,
      membership,
    };
  }

  /** Logout: ends both credentials of that login. */
  async destroyLogin(session: ActiveSession): Promise<void> {
    await this.db
      .delete(sessions)
      .where(
        and(
          eq(sessions.userId, session.data.userId),
          sql`${sessions.sess}->>'loginId' = ${session.data.loginId}`,
        ),
      );
  }

  /** A password reset ends every session of the user, on every device. */
  async destroyAllForUser(userId: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.userId, userId));
  }

  /**
   * A password change ends every other login of the user and keeps the one that made it (both
   * of its credentials, the cookie and the bearer token, share its loginId).
   */
  async destroyOtherLogins(session: ActiveSession): Promise<void> {
    await this.db
      .delete(sessions)
      .where(
        and(
          eq(sessions.userId, session.data.userId),
          sql`${sessions.sess}->>'loginId' <> ${session.data.loginId}`,
        ),
      );
  }
}

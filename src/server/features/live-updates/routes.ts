import { PassThrough } from "node:stream";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  type FamilyTopic,
  familyTopics,
  liveEventNames,
  MAX_STREAMS_PER_USER,
} from "../../../contract/live-updates";
import type { Clock } from "../../clock";
import { AppError } from "../../errors";
import { mustBeSignedIn } from "../../http/authentication";
import { eventStreamResponse } from "../../http/documented-responses";
import { requireFamily } from "../../http/family-scope";
import type { ActiveSession, SessionStore } from "../../http/sessions";
import { UserSlots } from "../../http/user-slots";
import type { FamilyEvents } from "./family-events";
import { StreamCaps } from "./stream-caps";

/**
 * A comment line this often keeps a proxy (docs/scaling.md) from closing a quiet stream and lets
 * the server notice a client that went away; EventSource ignores it.
 */
const HEARTBEAT_MS = 25_000;
/** What EventSource waits before it reconnects after a dropped stream. */
const RECONNECT_MS = 3_000;
/**
 * Bytes a stream may have waiting in this process, past what the kernel's socket buffers took:
 * an event is under 200 bytes and topics are coalesced, so a client that reads at all never comes
 * near; one that does not has its stream ended rather than held in memory (decision 009, "Bounded").
 */
const MAX_QUEUED_BYTES = 4 * 1024;
/** setTimeout's longest wait; a session further from its expiry is looked at again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
const isTopic = (topic: string): topic is FamilyTopic =>
  (familyTopics as readonly string[]).includes(topic);

/**
 * GET /api/events: the caller's family's changes as Server-Sent Events
 * (docs/decisions/009-live-updates-over-sse.md). Topics only, never data; the stream ends as soon
 * as its session ends (logout, revocation, expiry) or its user is no longer in that family, and
 * when its client does not take its events.
 */
export const liveUpdateRoutes =
  (deps: {
    events: FamilyEvents;
    store: SessionStore;
    clock: Clock;
    limits: { max: number; perIp: number };
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const streams = new UserSlots(MAX_STREAMS_PER_USER, () => new AppError("too_many_streams"));
    const caps = new StreamCaps(deps.limits);
    const open = new Set<() => void>();
    // A graceful stop would otherwise wait for every open stream to end by itself.
    app.addHook("preClose", async () => {
      for (const end of [...open]) end();
    });

    app.addHook("preValidation", mustBeSignedIn);

    app.get(
      "/api/events",
      {
        schema: {
          response: {
            200: eventStreamResponse(
              "The caller's family's changes as Server-Sent Events: `ready` once subscribed, with the family's data version (`version`; compare the `x-family-version` header of the reads), then `change` with the topics that changed (expenses, categories, recurring, family, notifications, ...), and `resync` when some may have been missed. A client that does not read its events has its stream ended",
            ),
          },
        },
      },
      async (request, reply) => {
        const scope = requireFamily(request);
        const caller = request.auth;
        if (!caller) throw new AppError("unauthorized");
        reply
          .header("content-type", "text/event-stream; charset=utf-8")
          .header("x-accel-buffering", "no")
          // Its connection ends with it: a stream ended by a graceful stop must not leave a
          // keep-alive socket that holds the stop until the keep-alive timeout.
          .header("connection", "close");
        // HEAD: the headers alone, with no stream held open.
        if (request.method === "HEAD") return reply.send();
        const releaseUser = streams.take(scope.userId);
        let releaseCap: () => void;
        try {
          releaseCap = caps.take(request.ip);
        } catch (error) {
          releaseUser();
          throw error;
        }
        const body = new PassThrough();
        let unsubscribe: (() => void) | undefined;
        let heartbeat: NodeJS.Timeout | undefined;
        let expiry: NodeJS.Timeout | undefined;
        let ended = false;
        const end = () => {
          if (ended) return;
          ended = true;
          open.delete(end);
          clearInterval(heartbeat);
          clearTimeout(expiry);
          unsubscribe?.();
          releaseUser();
          releaseCap();
          body.end();
        };
        open.add(end);
        // The client went away (or the response finished): the stream's place is given back.
        reply.raw.once("close", end);
        // What waits in this process: the body's two sides and the response's (its socket's
        // included). The kernel's buffers hold a few MB before any of it grows.
        const queued = () => body.writableLength + body.readableLength + reply.raw.writableLength;
        const write = (chunk: string) => {
          if (ended) return;
          const taken = body.write(chunk);
          if (!taken || queued() > MAX_QUEUED_BYTES) {
            // The client does not read: the stream ends now, its socket with what it holds (a
            // reset, so the kernel frees the buffers too), and EventSource's reconnection
            // refetches everything (web api/live-updates).
            end();
            request.raw.socket?.resetAndDestroy();
          }
        };

        // One pending event at most: the topics heard since the last write are sent together on
        // the next turn of the event loop, and a resync stands for every topic.
        const pending = new Set<FamilyTopic>();
        let resyncPending = false;
        let flushing = false;
        const flush = () => {
          flushing = false;
          if (resyncPending) write(sse(liveEventNames.resync, {}));
          else if (pending.size > 0) write(sse(liveEventNames.change, { topics: [...pending] }));
          resyncPending = false;
          pending.clear();
        };
        // Nothing goes out before `ready`: what is heard while the version is read waits for it.
        let readySent = false;
        const scheduleFlush = () => {
          if (flushing || ended || !readySent) return;
          flushing = true;
          setImmediate(flush);
        };

        // The session's expiry as last read: the stream ends then unless a request slid it.
        const watchExpiry = (session: ActiveSession) => {
          clearTimeout(expiry);
          if (ended) return;
          const left = session.expiresAt.getTime() - deps.clock.now().getTime();
          expiry = setTimeout(() => void checkAccess(), Math.min(Math.max(left, 0), MAX_TIMER_MS));
          expiry.unref();
        };
        let checking: Promise<void> | undefined;
        let checkAgain = false;
        const checkOnce = async () => {
          try {
            const now = await deps.store.recheck(caller.session);
            if (now?.membership?.familyId !== scope.familyId) end();
            else watchExpiry(now.session);
          } catch {
            // The check could not run: the stream ends and EventSource reconnects, which
            // authenticates it again.
            end();
          }
        };
        // One check at a time; a reason to check that comes during one runs another after it.
        const checkAccess = async () => {
          if (ended) return;
          if (checking) {
            checkAgain = true;
            return checking;
          }
          checking = (async () => {
            do {
              checkAgain = false;
              await checkOnce();
            } while (checkAgain && !ended);
          })().finally(() => {
            checking = undefined;
          });
          return checking;
        };

        try {
          unsubscribe = await deps.events.subscribe({
            familyId: scope.familyId,
            userId: scope.userId,
            changed: (topics) => {
              for (const topic of topics) if (isTopic(topic)) pending.add(topic);
              scheduleFlush();
            },
            accessChanged: () => void checkAccess(),
            resync: () => {
              resyncPending = true;
              scheduleFlush();
            },
          });
        } catch (error) {
          end();
          throw error;
        }
        if (ended) unsubscribe();
        // Read once listening: whatever the version misses reaches the stream as a change.
        const listening = await deps.store.recheck(caller.session).catch(() => undefined);
        if (listening?.membership?.familyId !== scope.familyId) {
          end();
          throw new AppError(listening ? "not_in_family" : "unauthorized");
        }
        watchExpiry(listening.session);
        heartbeat = setInterval(() => write(": keep-alive\n\n"), HEARTBEAT_MS);
        heartbeat.unref();
        write(`retry: ${RECONNECT_MS}\n\n`);
        write(sse(liveEventNames.ready, { version: listening.membership.dataVersion }));
        readySent = true;
        if (resyncPending || pending.size > 0) scheduleFlush();
        return reply.send(body);
      },
    );
  };

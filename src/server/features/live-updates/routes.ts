import { PassThrough } from "node:stream";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  type FamilyTopic,
  liveEventNames,
  MAX_STREAMS_PER_USER,
} from "../../../contract/live-updates";
import { AppError } from "../../errors";
import { mustBeSignedIn } from "../../http/authentication";
import { eventStreamResponse } from "../../http/documented-responses";
import { requireFamily } from "../../http/family-scope";
import type { SessionStore } from "../../http/sessions";
import { UserSlots } from "../../http/user-slots";
import type { FamilyEvents } from "./family-events";

/**
 * A comment line this often keeps a proxy (docs/scaling.md) from closing a quiet stream and lets
 * the server notice a client that went away; EventSource ignores it.
 */
const HEARTBEAT_MS = 25_000;
/** What EventSource waits before it reconnects after a dropped stream. */
const RECONNECT_MS = 3_000;

const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * GET /api/events: the caller's family's changes as Server-Sent Events
 * (docs/decisions/009-live-updates-over-sse.md). Topics only, never data; the stream ends as soon
 * as its session ends or its user is no longer in that family.
 */
export const liveUpdateRoutes =
  (deps: { events: FamilyEvents; store: SessionStore }): FastifyPluginAsyncZod =>
  async (app) => {
    const streams = new UserSlots(MAX_STREAMS_PER_USER, () => new AppError("too_many_streams"));
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
              "The caller's family's changes as Server-Sent Events: `ready` once subscribed, then `change` with the topics that changed (expenses, categories, recurring, family, notifications), and `resync` when some may have been missed",
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
        const release = streams.take(scope.userId);
        const body = new PassThrough();
        let unsubscribe: (() => void) | undefined;
        let heartbeat: NodeJS.Timeout | undefined;
        let ended = false;
        const end = () => {
          if (ended) return;
          ended = true;
          open.delete(end);
          clearInterval(heartbeat);
          unsubscribe?.();
          release();
          body.end();
        };
        open.add(end);
        // The client went away (or the response finished): the stream's place is given back.
        reply.raw.once("close", end);
        const write = (chunk: string) => {
          if (!ended) body.write(chunk);
        };
        let checking = false;
        const checkAccess = async () => {
          if (checking || ended) return;
          checking = true;
          try {
            const now = await deps.store.recheck(caller.session);
            if (now?.membership?.familyId !== scope.familyId) end();
          } catch {
            // The check could not run: the stream ends and EventSource reconnects, which
            // authenticates it again.
            end();
          } finally {
            checking = false;
          }
        };
        try {
          unsubscribe = await deps.events.subscribe({
            familyId: scope.familyId,
            userId: scope.userId,
            changed: (topics: FamilyTopic[]) => write(sse(liveEventNames.change, { topics })),
            accessChanged: () => void checkAccess(),
            resync: () => write(sse(liveEventNames.resync, {})),
          });
        } catch (error) {
          end();
          throw error;
        }
        if (ended) unsubscribe();
        heartbeat = setInterval(() => write(": keep-alive\n\n"), HEARTBEAT_MS);
        heartbeat.unref();
        write(`retry: ${RECONNECT_MS}\n\n`);
        write(sse(liveEventNames.ready, {}));
        return reply.send(body);
      },
    );
  };

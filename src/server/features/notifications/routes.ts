import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  notificationListSchema,
  notificationParamsSchema,
  unreadCountSchema,
} from "../../../contract/notifications";
import { mustBeSignedIn } from "../../http/authentication";
import { requireFamily } from "../../http/family-scope";
import * as service from "./service";

/** The bell (docs/product.md#budget-alerts): the caller's own notifications, in their family. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preValidation", mustBeSignedIn);

  app.get(
    "/api/notifications",
    { schema: { response: { 200: notificationListSchema } } },
    async (request) => service.listNotifications(app.db, requireFamily(request)),
  );

  // What the header polls: one indexed count, not the list.
  app.get(
    "/api/notifications/unread-count",
    { schema: { response: { 200: unreadCountSchema } } },
    async (request) => ({ unreadCount: await service.unreadCount(app.db, requireFamily(request)) }),
  );

  app.post(
    "/api/notifications/:id/read",
    { schema: { params: notificationParamsSchema, response: { 200: unreadCountSchema } } },
    async (request) => {
      const scope = requireFamily(request);
      return service.markRead(app.ledger, scope, request.params.id, app.clock.now());
    },
  );

  app.post(
    "/api/notifications/read-all",
    { schema: { response: { 200: unreadCountSchema } } },
    async (request) => {
      const scope = requireFamily(request);
      return service.markAllRead(app.ledger, scope, app.clock.now());
    },
  );
};

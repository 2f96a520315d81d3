import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { messageResponseSchema } from "../../../contract/auth";
import {
  recoveryCodesResponseSchema,
  twoFactorConfirmInputSchema,
  twoFactorProofInputSchema,
  twoFactorSetupInputSchema,
  twoFactorSetupResponseSchema,
} from "../../../contract/two-factor";
import { mustBeSignedIn, requireUser } from "../../http/authentication";
import { requestLanguage } from "../../http/language";
import { withReauthLimits } from "../../http/reauth-limits";
import { translate } from "../../i18n";
import * as twoFactor from "./service";

/**
 * Profile's set-up of two-factor sign-in (docs/product.md#two-factor-sign-in): turning it on and
 * off, new recovery codes; the sign-in's second step is features/auth's. Signed in only. Every
 * route checks a password or a code, so each runs within the re-authentication limits
 * (http/reauth-limits.ts).
 */
export const twoFactorRoutes =
  (deps: Pick<twoFactor.TwoFactorDeps, "verifyPassword" | "keys">): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook("preValidation", mustBeSignedIn);
    const context = () => ({ db: app.db, clock: app.clock, ...deps });

    app.post(
      "/api/profile/two-factor/setup",
      {
        schema: {
          body: twoFactorSetupInputSchema,
          response: { 200: twoFactorSetupResponseSchema },
        },
      },
      async (request) =>
        withReauthLimits(request, () =>
          twoFactor.startSetup(context(), requireUser(request), request.body),
        ),
    );

    app.post(
      "/api/profile/two-factor/confirm",
      {
        schema: {
          body: twoFactorConfirmInputSchema,
          response: { 200: recoveryCodesResponseSchema },
        },
      },
      async (request) =>
        withReauthLimits(request, () =>
          twoFactor.confirmSetup(context(), requireUser(request), request.body),
        ),
    );

    app.post(
      "/api/profile/two-factor/disable",
      { schema: { body: twoFactorProofInputSchema, response: { 200: messageResponseSchema } } },
      async (request) => {
        await withReauthLimits(request, () =>
          twoFactor.disable(context(), requireUser(request), request.body),
        );
        return { message: translate(requestLanguage(request), "messages.twoFactorDisabled") };
      },
    );

    app.post(
      "/api/profile/two-factor/recovery-codes",
      {
        schema: { body: twoFactorProofInputSchema, response: { 200: recoveryCodesResponseSchema } },
      },
      async (request) =>
        withReauthLimits(request, () =>
          twoFactor.renewRecoveryCodes(context(), requireUser(request), request.body),
        ),
    );
  };

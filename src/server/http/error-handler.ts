import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ApiError, ErrorCode } from "../../contract/errors";
import { AppError } from "../errors";
import { translate } from "../i18n";
import { requestLanguage } from "./language";
import { markNoStore } from "./no-store";

/** Fastify's own errors (body parsing, limits) mapped onto our codes so clients see one shape. */
const fastifyCodeToAppCode: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "invalid_json",
  FST_ERR_CTP_EMPTY_JSON_BODY: "invalid_json",
  FST_ERR_CTP_BODY_TOO_LARGE: "payload_too_large",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "unsupported_media_type",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "bad_request",
};

function toAppError(error: FastifyError | Error): AppError {
  if (error instanceof AppError) return error;
  const fastifyError = error as FastifyError;
  const mapped = fastifyError.code ? fastifyCodeToAppCode[fastifyError.code] : undefined;
  if (mapped) return new AppError(mapped);
  // JSON.parse failures surface as a SyntaxError carrying status 400.
  if (error instanceof SyntaxError && fastifyError.statusCode === 400) {
    return new AppError("invalid_json");
  }
  const status = fastifyError.statusCode;
  if (status === 429) return new AppError("rate_limited");
  if (status === 503) return new AppError("service_unavailable");
  if (status && status >= 400 && status < 500) return new AppError("bad_request", { status });
  return new AppError("internal");
}

function errorBody(request: FastifyRequest, error: AppError): ApiError {
  const language = requestLanguage(request);
  const body: ApiError = {
    message: translate(language, error.messageKey, error.params),
    code: error.code,
  };
  if (error.fieldErrors) {
    body.errors = error.fieldErrors.map((field) => ({
      path: field.path,
      message: translate(language, field.messageKey, field.params),
    }));
  }
  return body;
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  // Also here: the router's own refusals (frameworkErrors in app.ts) are sent before any hook.
  markNoStore(request, reply);
  return reply.status(error.statusCode).type("application/json").send(errorBody(request, error));
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    const appError = toAppError(error);
    if (appError.statusCode >= 500) request.log.error({ err: error }, "request failed");
    return sendError(request, reply, appError);
  });
}

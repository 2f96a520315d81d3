import type { FastifyServerOptions } from "fastify";
import { type DestinationStream, stdSerializers } from "pino";
import { databaseErrorSummary } from "../db/errors";

/**
 * Request logs never carry secrets: only method, a redacted URL and the address are logged for a
 * request (no headers, so no cookies or Authorization), no bodies (so no passwords), any token,
 * code or password in a query string is replaced, and database errors go by their code
 * (serializeError).
 */
const secretQueryParameter = /([?&](?:token|code|password|secret|key)=)[^&#]*/gi;
/**
 * An invite code in a path is as good as the invite (docs/product.md#invites): the join link
 * (/api/family/join/CODE), its preview (/api/family/invite/CODE), the confirmation screen
 * (/join/CODE) and the sign-in that leads back to it (/login?next=%2Fjoin%2FCODE, encoded).
 */
const invitePathCode = /((?:\/|%2f)(?:join|invite)(?:\/|%2f))[^/?#&]+/gi;

const redactUrl = (url: string) =>
  url.replace(secretQueryParameter, "$1[REDACTED]").replace(invitePathCode, "$1[REDACTED]");

/** Only the "at ..." lines of a stack: its first lines repeat the message. */
const stackFrames = (error: unknown) =>
  typeof (error as { stack?: unknown })?.stack === "string"
    ? (error as { stack: string }).stack
        .split("\n")
        .filter((line) => line.trimStart().startsWith("at "))
        .join("\n")
    : undefined;

/**
 * Every logged `err`. A database error is logged by its code, constraint, table and column and
 * where it was thrown, never by its message, detail or query parameters: those hold the values of
 * the row (a password hash, a token, an e-mail), and a NUL byte in a request once put a password
 * hash in the log this way. Any other error is logged as pino logs errors.
 */
export function serializeError(error: unknown) {
  const summary = databaseErrorSummary(error);
  if (summary) return { ...summary, stack: stackFrames(error) };
  return error instanceof Error ? stdSerializers.err(error) : error;
}

export function loggerOptions(
  level: string,
  stream?: DestinationStream,
): NonNullable<FastifyServerOptions["loggerInstance"]> | FastifyServerOptions["logger"] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        "req.headers.authorization",
        "req.headers.cookie",
        'res.headers["set-cookie"]',
        "password",
        "*.password",
        "token",
        "*.token",
      ],
      censor: "[REDACTED]",
    },
    serializers: {
      err: serializeError,
      req(request: {
        method: string;
        url: string;
        ip?: string;
        socket?: { remoteAddress?: string };
      }) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip ?? request.socket?.remoteAddress,
        };
      },
    },
  } as FastifyServerOptions["logger"];
}

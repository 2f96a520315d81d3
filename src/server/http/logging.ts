import type { FastifyServerOptions } from "fastify";
import type { DestinationStream } from "pino";

/**
 * Request logs never carry secrets: only method, a redacted URL and the address are logged for a
 * request (no headers, so no cookies or Authorization), no bodies (so no passwords), and any
 * token, code or password in a query string is replaced.
 */
const secretQueryParameter = /([?&](?:token|code|password|secret|key)=)[^&#]*/gi;

const redactUrl = (url: string) => url.replace(secretQueryParameter, "$1[REDACTED]");

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

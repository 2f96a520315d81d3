import type { FastifyBaseLogger } from "fastify";

export type MailMessage = { to: string; subject: string; text: string; html: string };
export type Mailer = { send(message: MailMessage): Promise<void> };

/** How long an SMTP server may take to connect, to greet, and to stay silent on an open connection. */
type SmtpTimeouts = { connectionMs: number; greetingMs: number; socketMs: number };
const smtpTimeouts: SmtpTimeouts = { connectionMs: 10_000, greetingMs: 10_000, socketMs: 15_000 };

/**
 * Mail goes through SMTP_URL when set. Without it (a household running on one machine) each mail
 * is written to the log instead: subject, recipient and links, so a reset link can still be
 * found by whoever runs the server.
 */
export function createMailer(
  config: { smtpUrl: string | undefined; mailFrom: string },
  logger: Pick<FastifyBaseLogger, "info">,
  timeouts: SmtpTimeouts = smtpTimeouts,
): Mailer {
  if (!config.smtpUrl) {
    return {
      async send(message) {
        const links = message.text.match(/https?:\/\/\S+/g) ?? [];
        logger.info(
          { mail: { to: message.to, subject: message.subject, links } },
          "mail (SMTP_URL not set)",
        );
      },
    };
  }
  const smtpUrl = config.smtpUrl;
  // Loaded with the first mail, not at start: nodemailer costs ~90 ms of every start otherwise.
  let transport: Promise<import("nodemailer").Transporter> | undefined;
  return {
    async send(message) {
      // The alert outbox sends inside a transaction, which the database ends after a minute idle
      // (src/server/db/timeouts.ts): an SMTP server that stops answering must fail the send well
      // before that (nodemailer waits up to 2 and 10 minutes by default), so the mail counts a
      // failed attempt and is tried again, rather than its transaction being cut under it.
      transport ??= import("nodemailer").then((nodemailer) =>
        nodemailer.default.createTransport({
          url: smtpUrl,
          connectionTimeout: timeouts.connectionMs,
          greetingTimeout: timeouts.greetingMs,
          socketTimeout: timeouts.socketMs,
        }),
      );
      await (await transport).sendMail({ from: config.mailFrom, ...message });
    },
  };
}

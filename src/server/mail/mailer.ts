import type { FastifyBaseLogger } from "fastify";

export type MailMessage = { to: string; subject: string; text: string; html: string };
export type Mailer = { send(message: MailMessage): Promise<void> };

/**
 * Mail goes through SMTP_URL when set. Without it (a household running on one machine) each mail
 * is written to the log instead: subject, recipient and links, so a reset link can still be
 * found by whoever runs the server.
 */
export function createMailer(
  config: { smtpUrl: string | undefined; mailFrom: string },
  logger: Pick<FastifyBaseLogger, "info">,
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
      transport ??= import("nodemailer").then((nodemailer) =>
        nodemailer.default.createTransport(smtpUrl),
      );
      await (await transport).sendMail({ from: config.mailFrom, ...message });
    },
  };
}

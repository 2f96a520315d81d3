import type { Language } from "../../contract/common";
import { translate } from "../i18n";
import type { MailMessage } from "./mailer";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A short mail with one link, in the recipient's language, as plain text and simple HTML. */
function linkMail(
  kind: "reset" | "verify",
  language: Language,
  to: string,
  name: string,
  link: string,
): MailMessage {
  const t = (key: string, params?: Record<string, unknown>) => translate(language, key, params);
  const greeting = t("mail.greeting", { name });
  const body = t(`mail.${kind}.body`);
  const ignore = t(`mail.${kind}.ignore`);
  const signature = t("mail.signature");
  return {
    to,
    subject: t(`mail.${kind}.subject`),
    text: `${greeting}\n\n${body}\n\n${link}\n\n${ignore}\n\n${signature}\n`,
    html:
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p>` +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` +
      `<p>${escapeHtml(ignore)}</p><p>${escapeHtml(signature)}</p>`,
  };
}

export const passwordResetMail = (language: Language, to: string, name: string, link: string) =>
  linkMail("reset", language, to, name, link);

export const emailVerificationMail = (language: Language, to: string, name: string, link: string) =>
  linkMail("verify", language, to, name, link);

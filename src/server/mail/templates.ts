import type { Language } from "../../contract/common";
import type { BudgetAlert } from "../../contract/notifications";
import { budgetAlertMessage } from "../../domain/budget-alert-message";
import { translate } from "../i18n";
import type { MailMessage } from "./mailer";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The password reset: one link, in the recipient's language, as plain text and simple HTML. */
export function passwordResetMail(
  language: Language,
  to: string,
  name: string,
  link: string,
): MailMessage {
  const t = (key: string, params?: Record<string, unknown>) => translate(language, key, params);
  const greeting = t("mail.greeting", { name });
  const body = t("mail.reset.body");
  const ignore = t("mail.reset.ignore");
  const signature = t("mail.signature");
  return {
    to,
    subject: t("mail.reset.subject"),
    text: `${greeting}\n\n${body}\n\n${link}\n\n${ignore}\n\n${signature}\n`,
    html:
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p>` +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` +
      `<p>${escapeHtml(ignore)}</p><p>${escapeHtml(signature)}</p>`,
  };
}

/**
 * A budget alert (docs/product.md#budget-alerts): the bell's sentence, a link to the period's
 * dashboard, and where to turn these mails off.
 */
export function budgetAlertMail(
  language: Language,
  to: string,
  name: string,
  alert: BudgetAlert,
  link: string,
): MailMessage {
  const t = (key: string, params?: Record<string, unknown>) => translate(language, key, params);
  const greeting = t("mail.greeting", { name });
  const sentence = budgetAlertMessage(alert, language, t);
  const open = t("mail.budgetAlert.open");
  const optOut = t("mail.budgetAlert.optOut");
  const signature = t("mail.signature");
  return {
    to,
    subject: t("mail.budgetAlert.subject", {
      category: alert.categoryName,
      threshold: alert.threshold,
    }),
    text: `${greeting}\n\n${sentence}\n\n${open}\n${link}\n\n${optOut}\n\n${signature}\n`,
    html:
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(sentence)}</p>` +
      `<p>${escapeHtml(open)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` +
      `<p>${escapeHtml(optOut)}</p><p>${escapeHtml(signature)}</p>`,
  };
}

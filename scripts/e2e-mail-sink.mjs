// The e2e server's SMTP server: the app sends its mails through SMTP_URL to it, as it would to a
// real one, and each mail received is written to the server's log as one JSON line
// ({"mail": {to, subject, links, text}}), which is where the tests read them (e2e/accounts.ts).
import { writeSync } from "node:fs";
import { SMTPServer } from "smtp-server";

const decodeQuotedPrintable = (text) =>
  Buffer.from(
    text
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");

/** A header's value, unfolded, with RFC 2047 encoded words (nodemailer's =?UTF-8?Q?...?=) decoded. */
function header(head, name) {
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const line = unfolded.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name}: `));
  return (line?.slice(name.length + 2) ?? "")
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_, word) => decodeQuotedPrintable(word.replace(/_/g, " ")))
    .replace(/=\?UTF-8\?B\?(.*?)\?=/gi, (_, word) => Buffer.from(word, "base64").toString("utf8"));
}

/** The text/plain part of a mail as nodemailer writes it (single part or multipart/alternative). */
function plainText(raw) {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  for (const part of parts) {
    const [head = "", ...body] = part.split(/\r?\n\r?\n/);
    if (!/content-type: text\/plain/i.test(head)) continue;
    const text = body.join("\n\n");
    const encoding = header(head, "content-transfer-encoding").toLowerCase();
    if (encoding === "quoted-printable") return decodeQuotedPrintable(text);
    if (encoding === "base64") return Buffer.from(text, "base64").toString("utf8");
    return text;
  }
  return "";
}

/** Listens on a free loopback port; resolves to the SMTP_URL to give the app. */
export async function startMailSink(logFd) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on("data", (chunk) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const head = raw.split(/\r?\n\r?\n/)[0] ?? "";
        const text = plainText(raw);
        for (const to of session.envelope.rcptTo.map((r) => r.address)) {
          const mail = {
            to,
            subject: header(head, "subject"),
            links: text.match(/https?:\/\/\S+/g) ?? [],
            text,
          };
          writeSync(
            logFd,
            `${JSON.stringify({ msg: "mail received by the e2e SMTP server", mail })}\n`,
          );
        }
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `smtp://127.0.0.1:${server.server.address().port}`, close: () => server.close() };
}

import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { login, registerUser } from "../testing/api-helpers";
import { createTestApp, type TestApp } from "../testing/test-app";

/**
 * Mail through a real SMTP server on loopback: the reset mail arrives in the user's language with
 * a link built from APP_URL, and following that link resets the password.
 */

type Received = { from: string; to: string[]; raw: string };
const received: Received[] = [];
let smtp: SMTPServer;
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk) => {
        raw += chunk;
      });
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await createTestApp({
    env: {
      SMTP_URL: `smtp://budget:secret@127.0.0.1:${port}`,
      MAIL_FROM: "Orçamento <budget@example.org>",
      APP_URL: "https://budget.example.org",
    },
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

// Just enough MIME decoding to read what a person would: quoted-printable bodies and RFC 2047
// encoded-word headers.
const decodeQuotedPrintable = (text: string) =>
  Buffer.from(
    text
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");

const header = (raw: string, name: string) => {
  const unfolded = raw.split(/\r?\n\r?\n/)[0]?.replace(/\r?\n[ \t]+/g, " ") ?? "";
  const value =
    unfolded
      .split(/\r?\n/)
      .find((line) => line.startsWith(`${name}: `))
      ?.slice(name.length + 2) ?? "";
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_, word: string) =>
      decodeQuotedPrintable(word.replace(/_/g, " ")),
    );
};

describe("the password reset mail", () => {
  it("arrives through SMTP_URL in the user's language, and its link resets the password", async () => {
    const { email, password } = await registerUser(t.app, { preferredLanguage: "pt" });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/forgot-password",
      payload: { email },
    });
    expect(res.statusCode).toBe(200);
    await expect
      .poll(() => received.find((mail) => mail.to.includes(email)), { timeout: 10_000 })
      .toBeDefined();
    const mail = received.find((m) => m.to.includes(email)) as Received;
    expect(mail.from).toBe("budget@example.org");
    expect(header(mail.raw, "Subject")).toBe("Redefina sua senha do Orçamento Familiar");
    const text = decodeQuotedPrintable(mail.raw);
    expect(text).toContain("Recebemos um pedido para redefinir sua senha.");
    const link = text.match(
      /https:\/\/budget\.example\.org\/reset-password\?token=[A-Za-z0-9_-]+/,
    )?.[0];
    expect(link).toBeDefined();

    const token = new URL(link as string).searchParams.get("token");
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, password: "via the mail link", confirmPassword: "via the mail link" },
    });
    expect(reset.statusCode).toBe(200);
    await login(t.app, email, "via the mail link");
    const old = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { email, password },
    });
    expect(old.statusCode).toBe(401);
  });
});

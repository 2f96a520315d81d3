import type { AddressInfo } from "node:net";
import { createServer, type Server, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createMailer } from "./mailer";

const message = { to: "ana@example.com", subject: "Teste", text: "Olá", html: "<p>Olá</p>" };
const quiet = { info: () => undefined };

let server: Server | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** An SMTP server that accepts the connection and never says a word. */
async function silentServer(): Promise<number> {
  server = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server?.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

describe("mail through an SMTP server that stops answering", () => {
  it("fails the send once the greeting's time is up, instead of waiting nodemailer's minutes", async () => {
    const port = await silentServer();
    const mailer = createMailer(
      { smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: "Family Budget <no-reply@localhost>" },
      quiet,
      { connectionMs: 300, greetingMs: 300, socketMs: 300 },
    );
    const started = Date.now();
    await expect(mailer.send(message)).rejects.toThrow(/greeting|timeout/i);
    // Well inside the minute after which the database ends the outbox's idle transaction.
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

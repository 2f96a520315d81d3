import { connect } from "node:net";
import { threadId } from "node:worker_threads";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  IMPORT_MAX_COLUMNS,
  IMPORT_PREVIEW_MAX_BYTES,
  type ImportPreview,
  type ImportPreviewInput,
  importPreviewSchema,
} from "../../../contract/imports";
import { AppError } from "../../errors";
import { type SignedIn, signUp } from "../../testing/api-helpers";
import { signUpWithFamily } from "../../testing/family-helpers";
import { createTestApp, type TestApp } from "../../testing/test-app";
import type { PreviewLookups } from "./parse";
import { PREVIEW_LIMITS, PreviewPool, previewPool } from "./preview-pool";

/**
 * What keeps a hostile file from costing the server (docs/product.md#csv-import): the file is
 * read in the preview worker, a line may have IMPORT_MAX_COLUMNS cells, the answer at most
 * IMPORT_PREVIEW_MAX_BYTES, one person two previews under way, at most eight files waiting in
 * all, served one person at a time in turn, and a file whose client left dropped unread. No timings
 * here: the event loop under eight hostile previews is measured by `npm run bench`
 * (bench/hostile-preview.mjs).
 */

let t: TestApp;
let owner: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpWithFamily(t.app, { language: "pt" });
});
afterAll(() => t.close());

const base64 = (text: string) => Buffer.from(text).toString("base64");
const preview = (payload: ImportPreviewInput) =>
  t.app.inject({
    method: "POST",
    url: "/api/imports/preview",
    headers: { cookie: owner.cookie },
    payload,
  });

/** `lines` lines of `cells` cells: a date, an amount, then text. */
const wideFile = (lines: number, cells: number) =>
  Array.from({ length: lines }, (_, i) =>
    ["10/03/2026", `-${i + 1},00`, ...Array.from({ length: cells - 2 }, () => "x")].join(";"),
  ).join("\n");

describe("the preview's caps", () => {
  it("is parsed in the worker thread, not on the event loop", async () => {
    previewPool.lastThreadId = threadId;
    const res = await preview({ contentBase64: base64(wideFile(3, 3)) });
    expect(res.statusCode, res.body).toBe(200);
    expect(importPreviewSchema.parse(res.json()).lines).toHaveLength(3);
    expect(previewPool.lastThreadId).not.toBe(threadId);
    expect(previewPool.lastThreadId).toBeGreaterThan(0);
  });

  it(`reads ${IMPORT_MAX_COLUMNS} cells on a line and refuses one more, naming the line`, async () => {
    const widest = await preview({ contentBase64: base64(wideFile(3, IMPORT_MAX_COLUMNS)) });
    expect(widest.statusCode, widest.body).toBe(200);
    expect((widest.json() as ImportPreview).columnNames).toHaveLength(IMPORT_MAX_COLUMNS);

    const wider = `${wideFile(1, 3)}\n${wideFile(1, IMPORT_MAX_COLUMNS + 1)}`;
    const refused = await preview({ contentBase64: base64(wider), options: { separator: ";" } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      "A linha 2 tem mais de 50 colunas: um extrato bancário tem bem menos. Confira o separador ou exporte o extrato de novo.",
    );
  });

  it("refuses the report's hostile file (lines of 130 one-character cells) at once", async () => {
    const res = await preview({ contentBase64: base64(wideFile(20, 130)) });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("validation_error");
    expect(res.json().message).toMatch(/^A linha 1 tem mais de 50 colunas/);
  });

  it("refuses a file whose answer would pass the byte cap", async () => {
    // 8 cells of 40 backslashes a line: JSON doubles each, and a line's cells come back in full
    // (about 790 bytes of answer for 264 of file), so 14,000 lines answer more than 10 MB.
    const cell = "\\".repeat(40);
    const line = (i: number) => ["10/03/2026", `-${i + 1},00`, ...Array(6).fill(cell)].join(";");
    const text = Array.from({ length: 14_000 }, (_, i) => line(i)).join("\n");
    expect(Buffer.byteLength(text)).toBeLessThan(IMPORT_PREVIEW_MAX_BYTES / 2);
    const res = await preview({ contentBase64: base64(text) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      "O arquivo tem texto demais para a prévia (mais de 10 MB de linhas). Divida-o e importe cada parte.",
    );
    // Under the cap the same lines are answered.
    const fewer = Array.from({ length: 2_000 }, (_, i) => line(i)).join("\n");
    const answered = await preview({ contentBase64: base64(fewer) });
    expect(answered.statusCode).toBe(200);
    expect(Buffer.byteLength(answered.body)).toBeLessThan(IMPORT_PREVIEW_MAX_BYTES);
  });

  it("lets one person have two previews under way, and answers a third with a 429", async () => {
    const file = base64(wideFile(5_000, 6));
    const answers = await Promise.all([1, 2, 3].map(() => preview({ contentBase64: file })));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 200, 429]);
    const busy = answers.find((res) => res.statusCode === 429);
    expect(busy?.json()).toEqual({
      code: "rate_limited",
      message: "Um arquivo seu ainda está sendo lido. Aguarde e tente novamente.",
    });
    // Once they are answered, the next one is read.
    expect((await preview({ contentBase64: base64(wideFile(2, 3)) })).statusCode).toBe(200);
  });
});

const noLookups: PreviewLookups = {
  duplicates: new Int32Array(0),
  categories: [],
  refunds: [],
  rules: new Map(),
  transfers: new Map(),
  cards: [],
};
const fileBody = (lines: number) =>
  Buffer.from(JSON.stringify({ contentBase64: base64(wideFile(lines, 6)) }));

describe("the preview queue", () => {
  it("serves one person at a time in turn: another's file goes before a person's next ones", async () => {
    const pool = new PreviewPool({ perPerson: 3, waiting: 8 });
    const order: string[] = [];
    const send = (owner: string, lines: number) =>
      pool.preview(
        fileBody(lines),
        async () => {
          order.push(owner);
          return noLookups;
        },
        { owner },
      );
    const heavy = [send("ana", 3_000), send("ana", 3_000), send("ana", 3_000)];
    const light = send("leo", 1);
    await Promise.all([...heavy, light]);
    // A FIFO would read Léo's one line after all three of Ana's files.
    expect(order).toEqual(["ana", "leo", "ana", "ana"]);
  });

  it("refuses a file past the files waiting in all at once, translated, and reads the others", async () => {
    const pool = new PreviewPool({ perPerson: 2, waiting: 2 });
    const sent = ["a", "b", "c", "d"].map((owner) =>
      pool
        .preview(fileBody(2_000), async () => noLookups, { owner })
        .then(
          () => "read",
          (error: AppError) => error,
        ),
    );
    const [a, b, c, d] = await Promise.all(sent);
    expect([a, b, c]).toEqual(["read", "read", "read"]);
    expect(d).toBeInstanceOf(AppError);
    expect(d).toMatchObject({ code: "rate_limited", messageKey: "errors.import_previews_full" });
    // The queue emptied: the next file is read.
    await expect(
      pool.preview(fileBody(1), async () => noLookups, { owner: "d" }),
    ).resolves.toBeTruthy();
  });

  it("drops a waiting file whose request closed, unread, and gives the person's place back", async () => {
    const pool = new PreviewPool({ perPerson: 1, waiting: 8 });
    const looked: string[] = [];
    const lookup = (owner: string) => async () => {
      looked.push(owner);
      return noLookups;
    };
    const settled: string[] = [];
    const first = pool
      .preview(fileBody(3_000), lookup("ana"), { owner: "ana" })
      .then(() => settled.push("ana"));
    const leaving = new AbortController();
    const gone = pool.preview(fileBody(3), lookup("leo"), { owner: "leo", signal: leaving.signal });
    expect(pool.waitingFiles).toBe(1);
    leaving.abort();
    await expect(gone).rejects.toMatchObject({ code: "bad_request" });
    settled.push("leo");
    expect(pool.waitingFiles).toBe(0);
    await first;
    // Dropped from the queue at once, not when its turn came after Ana's file.
    expect(settled).toEqual(["leo", "ana"]);
    // Léo's place came back: his next file is read.
    await pool.preview(fileBody(3), lookup("leo"), { owner: "leo" });
    expect(looked).toEqual(["ana", "leo"]);
  });
});

/** The app on a port (3320-3329, the first free one): a client leaving needs a real socket. */
async function listenInRange(app: FastifyInstance): Promise<number> {
  for (let port = 3320; port <= 3329; port++) {
    try {
      await app.listen({ port, host: "127.0.0.1" });
      return port;
    } catch (error) {
      if ((error as { code?: string }).code !== "EADDRINUSE") throw error;
    }
  }
  throw new Error("no free port in 3320-3329");
}

describe("the preview queue, through the API", () => {
  it(`answers a 429 past ${PREVIEW_LIMITS.waiting} files waiting in all, translated`, async () => {
    const people = await Promise.all(
      Array.from({ length: PREVIEW_LIMITS.waiting + 3 }, () =>
        signUpWithFamily(t.app, { language: "pt" }),
      ),
    );
    const send = (person: SignedIn) =>
      t.app.inject({
        method: "POST",
        url: "/api/imports/preview",
        headers: { cookie: person.cookie },
        payload: { contentBase64: base64(wideFile(3, 3)) },
      });
    // The first file's lookups wait on a lock of the expenses: it stays the one being read, so
    // which files wait and which are refused does not depend on the machine's speed.
    const lock = await t.database.pool.connect();
    await lock.query("begin");
    await lock.query("lock table expenses in access exclusive mode");
    try {
      const [first, ...rest] = people;
      if (!first) throw new Error("no one to send the first file");
      const reading = send(first);
      while (!previewPool.reading) await sleep(5);
      const waiting = rest.slice(0, PREVIEW_LIMITS.waiting).map(send);
      while (previewPool.waitingFiles < PREVIEW_LIMITS.waiting) await sleep(5);
      const refused = await Promise.all(rest.slice(PREVIEW_LIMITS.waiting).map(send));
      expect(refused.map((res) => res.statusCode)).toEqual([429, 429]);
      expect(refused[0]?.json()).toEqual({
        code: "rate_limited",
        message: "Muitos arquivos estão sendo lidos agora. Tente novamente em alguns segundos.",
      });
      await lock.query("rollback");
      const answered = await Promise.all([reading, ...waiting]);
      expect(answered.map((res) => res.statusCode)).toEqual(
        Array(PREVIEW_LIMITS.waiting + 1).fill(200),
      );
    } finally {
      await lock.query("rollback");
      lock.release();
    }
  }, 60_000);

  it("drops the file of a client that left before it was read: it is never looked up", async () => {
    const listening = await createTestApp();
    try {
      const port = await listenInRange(listening.app);
      const ana = await signUpWithFamily(listening.app);
      const leo = await signUp(listening.app);
      await listening.app.inject({
        method: "POST",
        url: "/api/family",
        headers: { cookie: leo.cookie },
        payload: { name: "Outra" },
      });
      // Ana's file is being read, its lookups held by a lock of the expenses; Léo's waits, and
      // Léo closes the connection.
      const lock = await listening.database.pool.connect();
      await lock.query("begin");
      await lock.query("lock table expenses in access exclusive mode");
      listening.statements.reset();
      let answered = false;
      const heavy = listening.app
        .inject({
          method: "POST",
          url: "/api/imports/preview",
          headers: { cookie: ana.cookie },
          payload: { contentBase64: base64(wideFile(3, 3)) },
        })
        .then((res) => {
          answered = true;
          return res;
        });
      try {
        while (!previewPool.reading) await sleep(5);
        const body = JSON.stringify({ contentBase64: base64(wideFile(3, 3)) });
        const socket = connect({ host: "127.0.0.1", port });
        socket.write(
          `POST /api/imports/preview HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${leo.cookie}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
        );
        while (previewPool.waitingFiles === 0) await sleep(5);
        socket.destroy();
        while (previewPool.waitingFiles > 0) await sleep(5);
        // Left the queue while Ana's file was still being read, not when its turn came.
        expect(answered).toBe(false);
      } finally {
        await lock.query("rollback");
        lock.release();
      }
      expect((await heavy).statusCode).toBe(200);
      await sleep(200);
      // Ana's lookups only (the lines she has, the rules that match them): Léo's file was not
      // read, so nothing was looked up for it.
      const lookups = listening.statements.texts.filter((text) =>
        text.includes("jsonb_to_recordset"),
      );
      expect(lookups).toHaveLength(2);
    } finally {
      listening.app.server.closeAllConnections();
      await listening.close();
    }
  }, 60_000);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

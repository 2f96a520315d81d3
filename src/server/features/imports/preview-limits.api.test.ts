import { threadId } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  IMPORT_MAX_COLUMNS,
  IMPORT_PREVIEW_MAX_BYTES,
  type ImportPreview,
  type ImportPreviewInput,
  importPreviewSchema,
} from "../../../contract/imports";
import type { SignedIn } from "../../testing/api-helpers";
import { signUpWithFamily } from "../../testing/family-helpers";
import { createTestApp, type TestApp } from "../../testing/test-app";
import { previewPool } from "./preview-pool";

/**
 * What keeps a hostile file from costing the server (docs/product.md#csv-import): the file is
 * read in the preview worker, a line may have IMPORT_MAX_COLUMNS cells, the answer at most
 * IMPORT_PREVIEW_MAX_BYTES, and one person two previews under way. No timings here: the
 * event loop under eight hostile previews is measured by `npm run bench` (bench/hostile-preview.mjs).
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

// Writes a .gz and a .br next to every text file of the built web app, once, at build time, at
// the best compression: the server sends them as they are (@fastify/static's preCompressed,
// src/server/http/web-app.ts) instead of 700 KB of plain JavaScript to a phone, or compressing on
// every request (docs/internals/web.md#what-the-landing-page-loads).
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const compressible = /\.(?:js|css|html|svg|json|webmanifest|txt)$/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

export function precompress(webDir) {
  for (const file of files(webDir)) {
    if (!compressible.test(file) || file.includes(`${join(webDir, ".vite")}`)) continue;
    const content = readFileSync(file);
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
    );
  }
}

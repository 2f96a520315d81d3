/**
 * Zod probes for eval support with `new Function("")` when it builds an object schema, to compile
 * faster parsers. Under our CSP (script-src 'self', no 'unsafe-eval') the probe is reported as a
 * violation; jitless mode skips it. It must be on before the first schema is built, wherever the
 * bundler puts the schemas: main.tsx imports this first, vite.config.ts builds it into the chunk
 * that holds zod (its "shared" group) ahead of zod, and it sets the object zod adopts as its
 * configuration, `globalThis.__zod_globalConfig` (node_modules/zod/v4/core/core.js; what
 * `z.config()` writes).
 * It imports nothing, so nothing can run before it.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;

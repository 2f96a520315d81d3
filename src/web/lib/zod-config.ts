import { z } from "zod";

/**
 * Zod probes for eval support with `new Function("")` to compile faster parsers. Under our CSP
 * (script-src 'self', no 'unsafe-eval') the probe fails and the browser reports a CSP violation
 * on every page load; jitless mode skips the probe. Imported first by main.tsx, before any schema
 * is built.
 */
z.config({ jitless: true });

// The preview worker's entry when the server runs from source (tsx, Vitest): Node 20 does not run
// a worker's --import hooks before its entry, so tsx is registered here before the .ts file loads.
// The built server starts dist/server/import-preview-worker.js instead (preview-pool.ts).
import { register } from "tsx/esm/api";

register();
await import("./preview-worker.ts");

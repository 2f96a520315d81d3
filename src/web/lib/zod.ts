// What `import ... from "zod"` means in the web build (vite.config.ts's zodConfigFirst plugin): zod,
// with its jitless configuration applied first (zod-config.ts). main.tsx used to import the
// configuration itself, which put zod's chunk on the landing page; now only the chunks that use
// zod load it, and the configuration always comes with it.
import "./zod-config";

export * from "zod";
export { default } from "zod";

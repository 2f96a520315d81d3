// The Node.js flags `npm start` runs the server with (package.json's "start" script: V8's
// --optimize-for-size, docs/benchmarks.md#memory-after-the-load): the bench's servers run with the
// same, so its memory and speed are the app's as a person starts it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { projectRoot } from "../scripts/source-stamp.mjs";

const start = JSON.parse(readFileSync(join(projectRoot, "package.json"), "utf8")).scripts.start;
const words = start.split(/\s+/);
if (words[0] !== "node") throw new Error(`package.json's start script is not node: ${start}`);
export const npmStartFlags = words.slice(1).filter((word) => word.startsWith("--"));

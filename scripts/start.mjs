// `npm start`: build what changed since the last build, then run the server in this process
// (so SIGTERM/SIGINT reach it directly).
import { buildAll } from "./build.mjs";
import { buildIsCurrent, projectRoot } from "./source-stamp.mjs";

if (!(await buildIsCurrent())) {
  console.log("Building the app (first start or sources changed)...");
  await buildAll({ quiet: true });
}
await import(`${projectRoot}/dist/server/main.js`);

// `npm run dev`: the server with reload on change (tsx watch) and the web app reloaded on change,
// styles swapped in place (Vite on http://localhost:5173, proxying /api to the server).
import { spawn } from "node:child_process";
import { projectRoot } from "./source-stamp.mjs";

const children = [
  spawn(process.execPath, ["--import", "tsx", "--watch", "src/server/main.ts"], {
    cwd: projectRoot,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? "development" },
  }),
  spawn(process.execPath, ["node_modules/vite/bin/vite.js"], {
    cwd: projectRoot,
    stdio: "inherit",
  }),
];

const stopAll = (signal) => {
  for (const child of children) if (child.exitCode === null) child.kill(signal);
};
process.on("SIGINT", () => stopAll("SIGINT"));
process.on("SIGTERM", () => stopAll("SIGTERM"));
for (const child of children) {
  child.on("exit", (code) => {
    stopAll("SIGTERM");
    process.exitCode = code ?? 0;
  });
}

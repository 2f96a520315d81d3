import { readFile } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";

// What the scenarios that run a server of their own read off it (docs/benchmarks.md): its memory,
// the percentiles of their samples, and when it answers.

/** The process's resident memory now, in MB (0 once it is gone). */
export const rssMb = async (pid) => {
  const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
};

/** The nearest-rank percentile `p` (0-100) of `values`; 0 for none. */
export const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

/** Waits until the server at `base` answers /api/health; throws if `child` exits first. */
export async function untilHealthy(base, child) {
  for (;;) {
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (child.exitCode !== null) throw new Error("the server exited");
    await sleep(50);
  }
}

import { describe, expect, it } from "vitest";
import { type BackgroundJob, BackgroundJobs } from "./background-jobs";

describe("the app's background jobs", () => {
  it("start in the order registered and stop in reverse, each stop awaited before the next", async () => {
    const events: string[] = [];
    const job = (name: string, stopMs: number): BackgroundJob => ({
      start: () => events.push(`start ${name}`),
      stop: async () => {
        events.push(`stopping ${name}`);
        await new Promise((resolve) => setTimeout(resolve, stopMs));
        events.push(`stopped ${name}`);
      },
    });
    const jobs = new BackgroundJobs();
    const outbox = job("outbox", 5);
    // Handed back, for app.ts to keep the outbox it registers.
    expect(jobs.add(outbox)).toBe(outbox);
    jobs.add(job("recurring", 20));
    jobs.add(job("backup", 1));
    jobs.start();
    await jobs.stop();
    expect(events).toEqual([
      "start outbox",
      "start recurring",
      "start backup",
      "stopping backup",
      "stopped backup",
      "stopping recurring",
      "stopped recurring",
      "stopping outbox",
      "stopped outbox",
    ]);
  });
});

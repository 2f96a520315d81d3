import { describe, expect, it } from "vitest";
import { cn, loadClassMerge } from "./utils";

describe("cn", () => {
  it("joins before tailwind-merge is loaded, and merges conflicts after", async () => {
    expect(cn("p-2", false, "font-bold")).toBe("p-2 font-bold");
    await loadClassMerge();
    expect(cn("p-2 shadow-sm", "p-4 shadow-xl")).toBe("p-4 shadow-xl");
  });
});

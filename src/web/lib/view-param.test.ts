import { describe, expect, it } from "vitest";
import { summaryQuerySchema } from "../../contract/summary";
import { viewParamOf } from "./view-param";

const viewOf = (search: string) => viewParamOf(new URLSearchParams(search));

describe("viewParamOf", () => {
  it("takes a user id, and nothing the API would refuse", () => {
    const id = "0F0E9A6E-2F57-4A8E-9A0E-3C2B1D4E5F61";
    expect(viewOf(`month=3&year=2026&view=${id}`)).toBe(id.toLowerCase());
    for (const search of ["", "view=", "view=ana", "view=0f0e9a6e-2f57-4a8e-9a0e-3c2b1d4e5f6"]) {
      expect(viewOf(search), search).toBeNull();
    }
  });

  it("agrees with the API's own check on what it takes", () => {
    for (const view of [
      "0f0e9a6e-2f57-4a8e-9a0e-3c2b1d4e5f61",
      "0f0e9a6e-2f57-7a8e-9a0e-3c2b1d4e5f61",
      "0f0e9a6e-2f57-0a8e-9a0e-3c2b1d4e5f61",
      "0f0e9a6e-2f57-4a8e-0a0e-3c2b1d4e5f61",
      "not-a-uuid",
    ]) {
      const taken = viewOf(`view=${view}`) !== null;
      expect(taken, view).toBe(
        summaryQuerySchema.safeParse({ month: 3, year: 2026, view }).success,
      );
    }
  });
});

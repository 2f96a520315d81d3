// @vitest-environment jsdom
import { act } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { renderHooksWithCache } from "../../testing/render-hooks";
import { cardBillsQueryOptions } from "../card-bills/get-card-bills";
import { paymentMethodsQueryKey } from "../payment-methods/get-payment-methods";
import { useCommitImport } from "./commit-import";

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(() => vi.unstubAllGlobals());

describe("an import", () => {
  // docs/product.md#into-a-card: the lines land in the card's bills and move its limit used.
  it("refreshes the card's bills, the methods, the lists and the months", async () => {
    const fetchMock = vi.fn<typeof fetch>(async () =>
      Response.json({ id: "i1", importedCount: 1, totalAmount: "10.00", createdAt: "" }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const bills = cardBillsQueryOptions("card-1").queryKey;
    const keys = [bills, paymentMethodsQueryKey, ["/api/expenses", {}], ["/api/summary", 2026]];
    const { client, hooks, unmount } = renderHooksWithCache(() => useCommitImport(), keys);
    await act(async () => {
      await hooks().mutateAsync({
        input: {
          paymentMethodId: "11111111-1111-4111-8111-111111111111",
          lines: [
            {
              date: "2026-11-05",
              description: "Geladeira",
              amount: "10.00",
              categoryId: "22222222-2222-4222-8222-222222222222",
              installment: { number: 2, count: 12 },
            },
          ],
        },
        idempotencyKey: "k1",
      });
    });
    unmount();
    for (const key of keys)
      expect(client.getQueryState(key)?.isInvalidated, String(key)).toBe(true);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/imports");
    expect(JSON.parse(String(init?.body))).toMatchObject({
      paymentMethodId: "11111111-1111-4111-8111-111111111111",
      lines: [{ installment: { number: 2, count: 12 } }],
    });
  });
});

import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { QueryClient, type QueryKey } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { familyTopics } from "../../contract/live-updates";
import { invalidateTopics, keysOfTopic, queryKeys } from "./query-keys";

const webDir = fileURLToPath(new URL("..", import.meta.url));

/** The source files of src/web, tests left out. */
function webSources(dir = webDir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return webSources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const isPrefixOf = (prefix: QueryKey, key: QueryKey) =>
  prefix.length <= key.length && prefix.every((part, i) => part === key[i]);

/** The reads that are no family's data: no topic of the family's stream is about them. */
const notFamilyData: readonly QueryKey[] = [
  queryKeys.currentUser,
  queryKeys.signedInDevices,
  // An invite's preview is read by someone who is not in the family yet.
  queryKeys.invitePreview,
];

describe("queryKeys", () => {
  it("is where every query key of src/web starts: no other file writes one out", () => {
    const writtenOut = webSources()
      .filter((path) => !path.endsWith(join("lib", "query-keys.ts")))
      .filter((path) => /\[\s*"\/api\//.test(readFileSync(path, "utf8")))
      .map((path) => relative(webDir, path));
    expect(writtenOut).toEqual([]);
  });

  it("has each prefix once", () => {
    const written = Object.values(queryKeys).map((key) => JSON.stringify(key));
    expect(new Set(written).size).toBe(written.length);
  });

  it.each(Object.entries(queryKeys))(
    "lets some topic of the family's stream reach %s, unless it is no family's data",
    (_name, key) => {
      const topics = familyTopics.filter((topic) =>
        keysOfTopic[topic].some((prefix) => isPrefixOf(prefix, key)),
      );
      if (notFamilyData.includes(key)) expect(topics).toEqual([]);
      else expect(topics).not.toEqual([]);
    },
  );
});

describe("keysOfTopic", () => {
  it("names only prefixes of queryKeys", () => {
    const known = Object.values(queryKeys);
    for (const topic of familyTopics) {
      for (const key of keysOfTopic[topic]) expect(known, topic).toContain(key);
    }
  });

  it("has an expense change reach everything that shows expenses", () => {
    expect(keysOfTopic.expenses).toEqual(
      expect.arrayContaining([
        queryKeys.expenses,
        queryKeys.summary,
        queryKeys.notifications,
        queryKeys.familyHistory,
        queryKeys.recurring,
        queryKeys.cardBills,
        queryKeys.paymentMethods,
        queryKeys.installments,
        queryKeys.balances,
      ]),
    );
  });
});

describe("invalidateTopics", () => {
  it("invalidates every read under the topics' prefixes and nothing else", async () => {
    const queryClient = new QueryClient();
    const shown = {
      page: [...queryKeys.expenses, "page", {}],
      bill: [...queryKeys.cardBills, "bill", "b1"],
      categories: queryKeys.categories,
      user: queryKeys.currentUser,
    };
    for (const key of Object.values(shown)) queryClient.setQueryData(key, { answered: true });
    await invalidateTopics(queryClient, ["expenses"]);
    const invalidated = (key: QueryKey) => queryClient.getQueryState(key)?.isInvalidated;
    expect(invalidated(shown.page)).toBe(true);
    expect(invalidated(shown.bill)).toBe(true);
    expect(invalidated(shown.categories)).toBe(false);
    expect(invalidated(shown.user)).toBe(false);
  });
});

// The hashes' memory (docs/benchmarks.md#memory-after-the-load): at most HASHES_AT_ONCE argon2
// calls run at once, the others wait in line and all of them answer. argon2 is replaced by calls
// that finish when the test says, so the test sees how many were started.
import { beforeEach, describe, expect, it, vi } from "vitest";

const started: (() => void)[] = [];
vi.mock("@node-rs/argon2", () => {
  const call = <T>(value: T) =>
    new Promise<T>((resolve) => {
      started.push(() => resolve(value));
    });
  return {
    hash: vi.fn(() => call("$argon2id$stub")),
    verify: vi.fn(() => call(true)),
  };
});

const { HASHES_AT_ONCE, passwordHasher } = await import("./passwords");

/** Lets the hasher's queue move on. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  started.length = 0;
});

describe("password hashing in line", () => {
  it(`runs at most ${HASHES_AT_ONCE} hashes and checks at once, and answers every one`, async () => {
    const passwords = passwordHasher("owasp");
    const answers = [
      ...Array.from({ length: 3 }, (_, i) => passwords.hash(`password ${i}`)),
      ...Array.from({ length: 3 }, () => passwords.verify("$argon2id$stub", "password")),
    ];
    await settle();
    expect(started).toHaveLength(HASHES_AT_ONCE);
    let finished = 0;
    while (finished < answers.length) {
      started[finished]?.();
      finished++;
      await settle();
      expect(started.length).toBe(Math.min(answers.length, finished + HASHES_AT_ONCE));
    }
    expect(await Promise.all(answers)).toEqual([
      "$argon2id$stub",
      "$argon2id$stub",
      "$argon2id$stub",
      true,
      true,
      true,
    ]);
  });
});

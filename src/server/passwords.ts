import { hash, verify } from "@node-rs/argon2";
import pLimit from "p-limit";
import type { Config } from "./config";

/**
 * argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane), what every server runs.
 * The tests' apps hash with argon2id's smallest memory and one pass (testing/test-app.ts):
 * each of their ~2,200 hashes and checks then costs 0.5 ms instead of 17, about 27 s of the API
 * suite's two minutes, and nothing they prove depends on the cost. A hash names its own
 * parameters, so `verify` reads either. 2 = Algorithm.Argon2id, written as a number because the
 * package exports it as a const enum.
 */
const costs = {
  owasp: { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 },
  "tests-only": { algorithm: 2, memoryCost: 1_024, timeCost: 1, parallelism: 1 },
} as const satisfies Record<Config["passwordHashing"], object>;

export type Passwords = {
  hash(password: string): Promise<string>;
  /** False for a wrong password or a hash argon2 cannot read. */
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Checks against a hash of no one's, so an unknown e-mail takes as long as a wrong password. */
  verifyAgainstDummy(password: string): Promise<false>;
};

/**
 * How many hashes and checks run at once. Each takes 19 MiB outside V8's heap, on libuv's
 * threads (four by default), and the C library may keep a thread's 19 MiB after it is freed:
 * after five seconds of sign-ins four at a time the app's RSS was 135-184 MB, two at a time
 * 127-130 MB, with as many sign-ins per second on this 2-core machine (62-69 against 64-67; one at
 * a time, 52-58). A burst waits in line instead (docs/benchmarks.md#memory-after-the-load).
 */
export const HASHES_AT_ONCE = 2;

export function passwordHasher(hashing: Config["passwordHashing"]): Passwords {
  const options = costs[hashing];
  const inLine = pLimit(HASHES_AT_ONCE);
  const hashPassword = (password: string) => inLine(() => hash(password, options));
  const verifyPassword = (passwordHash: string, password: string) =>
    inLine(() => verify(passwordHash, password)).catch(() => false);
  let dummyHash: Promise<string> | undefined;
  return {
    hash: hashPassword,
    verify: verifyPassword,
    async verifyAgainstDummy(password) {
      dummyHash ??= hashPassword("not-a-real-password-for-timing");
      await verifyPassword(await dummyHash, password);
      return false;
    },
  };
}

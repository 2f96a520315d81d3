import { describe, expect, it } from "vitest";
import { passwordHasher } from "./passwords";

describe("password hashing", () => {
  it("stores argon2id at OWASP's minimum on every server, and reads a hash of either cost", async () => {
    const owasp = passwordHasher("owasp");
    const cheap = passwordHasher("tests-only");
    const stored = await owasp.hash("correct horse battery staple");
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await cheap.hash("x")).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    // A hash names its parameters: whichever hasher checks it reads them from the hash.
    expect(await cheap.verify(stored, "correct horse battery staple")).toBe(true);
    expect(await owasp.verify(stored, "correct horse battery stapler")).toBe(false);
    expect(await owasp.verify("not a hash", "anything")).toBe(false);
    expect(await owasp.verifyAgainstDummy("not-a-real-password-for-timing")).toBe(false);
  });
});

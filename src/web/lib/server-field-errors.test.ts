import { describe, expect, it, vi } from "vitest";
import { ApiRequestError } from "./api-client";
import { showServerFieldErrors } from "./server-field-errors";

const common = "Esta senha está entre as mais comuns. Escolha outra.";

describe("showServerFieldErrors", () => {
  it("puts a listed field's error under it, focusing the first", () => {
    const setError = vi.fn();
    const error = new ApiRequestError(400, {
      code: "validation_error",
      message: "Dados inválidos",
      errors: [
        { path: "password", message: common },
        { path: "somethingElse", message: "x" },
      ],
    });
    expect(showServerFieldErrors(error, setError, ["password"])).toBe(true);
    expect(setError.mock.calls).toEqual([
      ["password", { type: "server", message: common }, { shouldFocus: true }],
    ]);
  });

  it("leaves every other failure to the caller", () => {
    const setError = vi.fn();
    const other = new ApiRequestError(409, { code: "email_taken", message: "Já existe" });
    expect(showServerFieldErrors(other, setError, ["password"])).toBe(false);
    expect(showServerFieldErrors(new Error("network"), setError, ["password"])).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});

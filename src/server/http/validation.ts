import type { FastifySchemaCompiler } from "fastify";
import type { z } from "zod";
import { AppError, type FieldError } from "../errors";

/**
 * Request validation with the shared zod contract. Messages in the contract are catalogue keys
 * (`validation.*`) so the same schema gives translated errors on the form and on the server;
 * zod's own issues are mapped to generic keys here.
 */

function fieldErrorsOf(issue: z.core.$ZodIssue & { input?: unknown }): FieldError[] {
  const path = issue.path.map(String).join(".");
  if (issue.message.startsWith("validation.")) {
    const { minimum, maximum } = issue as { minimum?: unknown; maximum?: unknown };
    return [{ path, messageKey: issue.message, params: { min: minimum, max: maximum } }];
  }
  switch (issue.code) {
    case "unrecognized_keys":
      return issue.keys.map((key) => ({
        path: path ? `${path}.${key}` : key,
        messageKey: "validation.unknownField",
      }));
    case "invalid_type":
      return [
        {
          path,
          messageKey: issue.input === undefined ? "validation.required" : "validation.invalidType",
        },
      ];
    case "too_small":
      return [
        issue.origin === "string"
          ? { path, messageKey: "validation.tooShort", params: { min: issue.minimum } }
          : { path, messageKey: "validation.tooSmall", params: { min: issue.minimum } },
      ];
    case "too_big":
      return [
        issue.origin === "string"
          ? { path, messageKey: "validation.tooLong", params: { max: issue.maximum } }
          : { path, messageKey: "validation.tooBig", params: { max: issue.maximum } },
      ];
    case "invalid_value":
      return [{ path, messageKey: "validation.invalidOption" }];
    case "invalid_format":
      return [{ path, messageKey: "validation.invalidFormat" }];
    default:
      return [{ path, messageKey: "validation.invalid" }];
  }
}

function validationError(error: z.ZodError): AppError {
  return new AppError("validation_error", { fieldErrors: error.issues.flatMap(fieldErrorsOf) });
}

export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    // reportInput lets a missing field be told from a wrong one; the input never leaves the server.
    const result = schema.safeParse(data, { reportInput: true });
    return result.success ? { value: result.data } : { error: validationError(result.error) };
  };

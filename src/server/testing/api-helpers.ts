import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { User } from "../../contract/user";

let sequence = 0;

/** A unique e-mail per call, so tests never depend on each other's data. */
export const uniqueEmail = (label = "user") => `${label}.${Date.now()}.${++sequence}@example.org`;

export type SignedIn = {
  user: User;
  cookie: string;
  token: string;
  email: string;
  password: string;
};

export const cookieHeader = (setCookie: string | string[] | undefined) => {
  const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  return (first ?? "").split(";")[0] ?? "";
};

export async function registerUser(
  app: FastifyInstance,
  overrides: Partial<{
    email: string;
    password: string;
    name: string;
    preferredLanguage: string;
  }> = {},
) {
  const input = {
    email: uniqueEmail(),
    password: "correct horse",
    name: "Ana Souza",
    preferredLanguage: "en",
    ...overrides,
  };
  const res = await app.inject({ method: "POST", url: "/api/auth/register", payload: input });
  expect(res.statusCode, res.body).toBe(201);
  return { ...input, user: res.json().user as User };
}

export async function login(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<SignedIn> {
  const res = await app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email, password },
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return {
    user: body.user,
    token: body.token,
    cookie: cookieHeader(res.headers["set-cookie"]),
    email,
    password,
  };
}

/** Registers a new user and logs them in. */
export async function signUp(
  app: FastifyInstance,
  overrides: Parameters<typeof registerUser>[1] = {},
): Promise<SignedIn> {
  const registered = await registerUser(app, overrides);
  return login(app, registered.email, registered.password);
}

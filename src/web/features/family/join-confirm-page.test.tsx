// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { Route, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { Toaster } from "../../components/ui/toaster";
import { initI18n } from "../../i18n/init";
import { createQueryClient } from "../../lib/query-client";
import { resetToastsForTests } from "../../lib/use-toast";
import { JoinConfirmPage } from "./join-confirm-page";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

let container: HTMLDivElement;
let root: Root;
let location: ReturnType<typeof memoryLocation>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** Answers by method and path; anything else (the refetches after a join) gets an empty list. */
function stubApi(answers: Record<string, () => Response>) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const key = `${init?.method ?? "GET"} ${String(input)}`;
    return answers[key]?.() ?? json(200, []);
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const settle = () =>
  act(async () => {
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  });

async function open(path: string) {
  location = memoryLocation({ path, record: true });
  act(() =>
    root.render(
      <QueryClientProvider client={createQueryClient()}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <Route path="/join/:code">
            <JoinConfirmPage />
          </Route>
        </Router>
        <Toaster />
      </QueryClientProvider>,
    ),
  );
  await settle();
}

const button = (name: string) =>
  [...container.querySelectorAll("button")].find((b) => b.textContent === name);

const preview = { familyName: "Família Souza", invitedByName: "Ana Souza" };
const apiError = (code: string, message: string) => ({ code, message });

beforeAll(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  initI18n("pt");
});

beforeEach(() => {
  resetToastsForTests();
  container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
  resetToastsForTests();
});

describe("<JoinConfirmPage />", () => {
  it("shows the family and who invited, and joins only when asked, with a JSON POST", async () => {
    const fetchMock = stubApi({
      "GET /api/family/invite/ABCD2345": () => json(200, preview),
      "POST /api/family/join": () =>
        json(200, {
          id: "3f1c2a7e-9b4d-4c1a-8e2f-5a6b7c8d9e0f",
          name: "Família Souza",
          ownerId: "3f1c2a7e-9b4d-4c1a-8e2f-5a6b7c8d9e0f",
          role: "member",
          budgetPeriod: { start: "first-day", day: 1, saturdays: false, closedDay: "stay" },
          createdAt: "2026-03-01T00:00:00.000Z",
          updatedAt: "2026-03-01T00:00:00.000Z",
        }),
    });
    await open("/join/ABCD2345");
    expect(container.querySelector("h1")?.textContent).toBe("Convite para uma família");
    expect(container.querySelector("h2")?.textContent).toBe("Família Souza");
    expect(container.textContent).toContain("Ana Souza convidou você para entrar nesta família.");
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);

    await act(async () => button("Entrar na família")?.click());
    await settle();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(post?.[0]).toBe("/api/family/join");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ inviteCode: "ABCD2345" });
    expect(new Headers(post?.[1]?.headers).get("Content-Type")).toBe("application/json");
    expect(location.history?.at(-1)).toBe("/?success=familia-ingressada");
  });

  it("says 'invited' without a name when the inviter has none", async () => {
    stubApi({
      "GET /api/family/invite/ABCD2345": () => json(200, { ...preview, invitedByName: null }),
    });
    await open("/join/ABCD2345");
    expect(container.textContent).toContain("Você foi convidado para entrar nesta família.");
  });

  it("sends a code that would not join to the link's own error feedback", async () => {
    for (const [code, feedback] of [
      ["invalid_invite_code", "codigo-invalido"],
      ["invite_expired", "codigo-expirado"],
      ["already_in_family", "ja-tem-familia"],
    ]) {
      stubApi({
        "GET /api/family/invite/ABCD2345": () => json(410, apiError(String(code), "x")),
      });
      await open("/join/ABCD2345");
      expect(location.history?.at(-1)).toBe(`/?error=${feedback}`);
      expect(button("Entrar na família")).toBeUndefined();
    }
  });

  it("shows any other failure of the preview on the screen, in the server's words", async () => {
    stubApi({
      "GET /api/family/invite/ABCD2345": () =>
        json(429, apiError("rate_limited", "Muitas tentativas. Tente mais tarde.")),
    });
    await open("/join/ABCD2345");
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(
      "ErroMuitas tentativas. Tente mais tarde.",
    );
    expect(location.history).toEqual(["/join/ABCD2345"]);
  });

  it("maps a failed join like the link, and toasts any other failure", async () => {
    let joinAnswer = () => json(409, apiError("already_in_family", "x"));
    stubApi({
      "GET /api/family/invite/ABCD2345": () => json(200, preview),
      "POST /api/family/join": () => joinAnswer(),
    });
    await open("/join/ABCD2345");
    await act(async () => button("Entrar na família")?.click());
    await settle();
    expect(location.history?.at(-1)).toBe("/?error=ja-tem-familia");

    joinAnswer = () => json(429, apiError("rate_limited", "Muitas tentativas. Tente mais tarde."));
    await open("/join/ABCD2345");
    await act(async () => button("Entrar na família")?.click());
    await settle();
    expect(location.history).toEqual(["/join/ABCD2345"]);
    expect(document.body.textContent).toContain("Muitas tentativas. Tente mais tarde.");
  });
});

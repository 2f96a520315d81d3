import i18next, { type TFunction } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import { deviceName, lastSeenText } from "./device-label";
// The profile's own texts, its namespace as the app loads it (i18n/init.ts).
import en from "./locales/en.json";
import es from "./locales/es.json";
import pt from "./locales/pt.json";

let t: Record<"en" | "pt" | "es", TFunction>;
beforeAll(async () => {
  const make = async (language: string, resources: object) => {
    const instance = i18next.createInstance();
    await instance.init({
      lng: language,
      resources: { [language]: { translation: resources } },
      interpolation: { escapeValue: false },
    });
    return instance.t;
  };
  t = { en: await make("en", en), pt: await make("pt", pt), es: await make("es", es) };
});

const now = new Date("2026-03-15T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const HOUR = 60 * 60 * 1000;

describe("deviceName", () => {
  it("says 'X on Y' in each language", () => {
    const device = { type: "phone", os: "Android", browser: "Chrome" } as const;
    expect(deviceName(device, t.pt)).toBe("Chrome no Android");
    expect(deviceName(device, t.en)).toBe("Chrome on Android");
    expect(deviceName(device, t.es)).toBe("Chrome en Android");
  });

  it("names what it knows, and an unknown device as such", () => {
    expect(deviceName({ type: "desktop", os: null, browser: "Firefox" }, t.pt)).toBe("Firefox");
    expect(deviceName({ type: "desktop", os: "Linux", browser: null }, t.pt)).toBe("Linux");
    expect(deviceName({ type: "unknown", os: null, browser: null }, t.pt)).toBe(
      "Dispositivo desconhecido",
    );
  });
});

describe("lastSeenText", () => {
  it("is 'in the last hour' under an hour, since the server records it to the hour", () => {
    expect(lastSeenText(ago(59 * 60 * 1000), now, "pt", t.pt)).toBe("Ativo na última hora");
    expect(lastSeenText(ago(0), now, "en", t.en)).toBe("Active in the last hour");
  });

  it("counts hours, days and months in the user's language", () => {
    expect(lastSeenText(ago(3 * HOUR), now, "pt", t.pt)).toBe("Ativo há 3 horas");
    expect(lastSeenText(ago(3 * HOUR + 59 * 60 * 1000), now, "en", t.en)).toBe(
      "Active 3 hours ago",
    );
    expect(lastSeenText(ago(25 * HOUR), now, "pt", t.pt)).toBe("Ativo ontem");
    expect(lastSeenText(ago(5 * 24 * HOUR), now, "es", t.es)).toBe("Activo hace 5 días");
    expect(lastSeenText(ago(65 * 24 * HOUR), now, "en", t.en)).toBe("Active 2 months ago");
  });
});

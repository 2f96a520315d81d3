import { UAParser } from "ua-parser-js";
import type { Device, DeviceType } from "../../contract/sessions";
import { hasHostileCharacters } from "../../contract/text";

/**
 * The device a login was made from, for the Signed-in devices list
 * (docs/product.md#signed-in-devices). Only the parser's names are kept, never the raw User-Agent:
 * they are all the list shows, and a header is more of a fingerprint than "Chrome on Android".
 */

// Longer than any name the parser knows; the header is the client's to write, so is its length.
const NAME_MAX = 40;
const HEADER_MAX = 512;

// The parser's names that read oddly in "X on Y".
const aliases: Record<string, string> = { "Mobile Safari": "Safari", "Mac OS": "macOS" };

function cleanName(name: string | undefined): string | null {
  if (!name) return null;
  // The parser copies some names out of the header: no control or direction characters, and
  // no run of spaces, whatever the client sent.
  const cleaned = [...name]
    .filter((character) => !hasHostileCharacters(character))
    .join("")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, NAME_MAX);
  return cleaned ? (aliases[cleaned] ?? cleaned) : null;
}

export function describeDevice(userAgent: string | undefined): Device {
  const result = new UAParser((userAgent ?? "").slice(0, HEADER_MAX)).getResult();
  const os = cleanName(result.os.name);
  const browser = cleanName(result.browser.name);
  // The parser names phones and tablets; a known browser or system without a device type is a
  // computer (that is how desktop browsers look to it).
  const type: DeviceType =
    result.device.type === "mobile"
      ? "phone"
      : result.device.type === "tablet"
        ? "tablet"
        : result.device.type === undefined && (os || browser)
          ? "desktop"
          : "unknown";
  return { type, os, browser };
}

/** Logins made before devices were recorded. */
export const unknownDevice: Device = { type: "unknown", os: null, browser: null };

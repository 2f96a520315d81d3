// Renders the app's icons (the web app manifest's and the apple-touch-icon) from the logo,
// src/web/public/favicon.svg, in the system Chromium, and writes the PNGs next to it. Run it after
// changing the logo: `node scripts/make-icons.mjs`; the PNGs are committed (the build copies
// src/web/public as is), so neither the build nor CI needs a browser for them.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { projectRoot } from "./source-stamp.mjs";

const publicDir = join(projectRoot, "src/web/public");
const logo = await readFile(join(publicDir, "favicon.svg"), "utf8");
// The glyph alone (the white piggy bank), for the icons that draw their own background.
const glyph = logo.match(/<g [\s\S]*<\/g>/)?.[0];
if (!glyph) throw new Error("favicon.svg has no <g> glyph");
const themeColour = "#047857";

/**
 * - "any": the logo as it is (rounded square, transparent corners).
 * - "maskable": a full-bleed square the launcher crops to its own shape; the glyph stays inside
 *   the safe zone (the centre circle of 80% diameter), so no launcher cuts it.
 * - "apple": iOS rounds the corners itself and paints transparency black: a full square.
 */
const fullSquare = (glyphScale) => {
  const offset = (32 - 24 * glyphScale) / 2;
  const inner = glyph.replace(
    /transform="[^"]*"/,
    `transform="translate(${offset} ${offset}) scale(${glyphScale})"`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${themeColour}"/>${inner}</svg>`;
};

const icons = [
  { file: "pwa-192x192.png", size: 192, svg: logo },
  { file: "pwa-512x512.png", size: 512, svg: logo },
  { file: "maskable-512x512.png", size: 512, svg: fullSquare(0.75) },
  { file: "apple-touch-icon.png", size: 180, svg: fullSquare(0.85) },
];

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox"],
});
try {
  for (const icon of icons) {
    const page = await browser.newPage({
      viewport: { width: icon.size, height: icon.size },
      deviceScaleFactor: 1,
    });
    const svg = icon.svg.replace("<svg ", `<svg width="${icon.size}" height="${icon.size}" `);
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:transparent">${svg}</body></html>`,
    );
    await page.screenshot({
      path: join(publicDir, icon.file),
      omitBackground: true,
      clip: { x: 0, y: 0, width: icon.size, height: icon.size },
    });
    await page.close();
    console.log(`wrote src/web/public/${icon.file}`);
  }
} finally {
  await browser.close();
}

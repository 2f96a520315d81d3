import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

/**
 * The browser features the app never uses, denied to it and to anything it could be tricked into
 * running: no camera, microphone, location, payment or device access. Copying to the clipboard
 * stays allowed to the app itself (the invite code and the two-factor recovery codes are copied:
 * features/family/invite-section.tsx, features/profile/two-factor-card.tsx); reading it is denied.
 * Only names Chromium knows: an unknown one is reported as an error in the console.
 */
const deniedFeatures = [
  "accelerometer",
  "autoplay",
  "camera",
  "display-capture",
  "encrypted-media",
  "fullscreen",
  "geolocation",
  "gyroscope",
  "hid",
  "idle-detection",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "picture-in-picture",
  "publickey-credentials-get",
  "screen-wake-lock",
  "serial",
  "usb",
  "xr-spatial-tracking",
  "clipboard-read",
];
const permissionsPolicy = [
  ...deniedFeatures.map((feature) => `${feature}=()`),
  "clipboard-write=(self)",
].join(", ");

/**
 * A strict Content-Security-Policy the built app satisfies: scripts only from our origin (the Vite
 * build has no inline scripts), no plugins, no framing. Inline styles stay allowed because the UI
 * primitives and charts set style attributes. Images only from our origin (the icons, the
 * manifest's) and data: URLs (the two-factor QR code, features/two-factor-setup/service.ts, and the
 * icons inside swagger-ui's stylesheet at /api/docs): no other site learns who opens a screen
 * through an image. HSTS only when the app is served over https.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }) {
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("permissions-policy", permissionsPolicy);
  });
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: options.https
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "same-origin" },
  });
}

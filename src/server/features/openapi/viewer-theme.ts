/**
 * swagger-ui's colours that fail WCAG AA contrast (axe's color-contrast in e2e/api-docs.spec.ts):
 * white on its light method colours and badges, its light link and button greens. Served by
 * @fastify/swagger-ui from our origin as a stylesheet, which the CSP's `style-src 'self'` allows.
 */
export const viewerContrastCss = `
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1b5e9f; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #14714a; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #8a5100; }
.swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #0d6e58; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #b0151b; }
.swagger-ui .info .title small { background: #5a606b; }
.swagger-ui .info .title small.version-stamp { background: #4a6800; }
.swagger-ui .info a.link, .swagger-ui .info .url { color: #1f5fa8; }
.swagger-ui .btn.authorize { color: #14714a; border-color: #14714a; }
.swagger-ui .btn.authorize svg { fill: #14714a; }
.swagger-ui .json-schema-2020-12-expand-deep-button { color: #505050; }
`;

import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The web app lives in src/web and is built into dist/web, which the server serves.
// In development (`npm run dev`) Vite serves it with hot reload and proxies /api to the server.
export default defineConfig({
  root: "src/web",
  plugins: [react(), tailwindcss()],
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    sourcemap: false,
    rollupOptions: {
      output: {
        // zod and src/web/lib/zod-config.ts in one chunk, the config first: a chunk of schemas
        // may be evaluated before main.tsx's own code, but never before the zod chunk it needs.
        manualChunks: (id) =>
          id.includes("/node_modules/zod/") || id.endsWith("/src/web/lib/zod-config.ts")
            ? "zod"
            : undefined,
      },
    },
  },
  server: {
    port: 5173,
    proxy: { "/api": { target: `http://127.0.0.1:${process.env.PORT ?? 3000}` } },
  },
});

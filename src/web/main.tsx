// Must run before any module that builds a zod schema.
import "./lib/zod-config";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app";
import { Toaster } from "./components/ui/toaster";
import { initI18n } from "./i18n/init";
import { queryClient } from "./lib/query-client";
import "./styles.css";

initI18n();

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
      <Toaster />
    </QueryClientProvider>
  </StrictMode>,
);

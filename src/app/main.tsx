import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App.tsx";
import { initI18n } from "./i18n.ts";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
await initI18n("en");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

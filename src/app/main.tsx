import { StrictMode, useEffect } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App.tsx";
import { detectLanguage, i18n, initI18n } from "./i18n.ts";
import "./styles/base.css";
import "./styles/layout.css";
import "./styles/components.css";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
const language = detectLanguage();
document.documentElement.lang = language;
await initI18n(language);
// A language switch is applied in place (session.ts switchLanguage): the page's language follows it.
i18n.on("languageChanged", (lng) => {
  document.documentElement.lang = lng;
});

/** Marks the first committed render; the e2e suite reports it as the shell's time to first render. */
function FirstRenderMark() {
  useEffect(() => {
    if (performance.getEntriesByName("relbench:first-render").length === 0)
      performance.mark("relbench:first-render");
  }, []);
  return null;
}

createRoot(root).render(
  <StrictMode>
    <FirstRenderMark />
    <App />
  </StrictMode>,
);

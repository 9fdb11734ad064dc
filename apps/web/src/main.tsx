import "./lib/zod-jitless";
import { StrictMode, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/app";
import { markPageLive, markServerPainted } from "./app/server-painted";
import "./index.css";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");
/** Marks a page rendered here (not hydrated) as live once React has committed it. */
function MarkRendered() {
  useEffect(markPageLive, []);
  return null;
}

// Public pages arrive prerendered (apps/web/scripts/prerender.ts): hydrate their HTML; SiteLayout marks the page
// live once its content has hydrated. The back office and unknown paths get the empty shell and render here.
if (root.firstElementChild) {
  markServerPainted();
  hydrateRoot(
    root,
    <StrictMode>
      <App />
    </StrictMode>,
  );
} else
  createRoot(root).render(
    <StrictMode>
      <App />
      <MarkRendered />
    </StrictMode>,
  );

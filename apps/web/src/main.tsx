import { StrictMode, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/app";
import { markServerPainted } from "./app/server-painted";
import "./index.css";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");
/** Marks the document once React has hydrated or rendered it: until then a prerendered button does nothing. */
function MarkHydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}

const app = (
  <StrictMode>
    <App />
    <MarkHydrated />
  </StrictMode>
);
// Public pages arrive prerendered (apps/web/scripts/prerender.ts): hydrate their HTML. The back office and
// unknown paths get the empty shell and render here.
if (root.firstElementChild) {
  markServerPainted();
  hydrateRoot(root, app);
} else createRoot(root).render(app);

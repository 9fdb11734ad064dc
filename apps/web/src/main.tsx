import "./lib/zod-jitless";
import "./index.css";
import * as client from "react-dom/client";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

/** Gives the main thread back to the browser (input, paint) before the next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// Starting the app takes three tasks, not one long one right after the first paint (which Lighthouse counts in
// Total Blocking Time): this module (React and its DOM renderer), then the app's modules (src/app/start.tsx and
// what it imports), then the first render. A prerendered page's loader preloads the app's chunks with this
// one (src/hydrate.ts), so the second step does not wait for the network.
await nextTask();
const { startApp } = await import("./app/start");
await nextTask();
startApp(root, client);

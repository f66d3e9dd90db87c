import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "@/app/app";
import { registerServiceWorker } from "@/lib/service-worker";
import "./index.css";

// zod would probe `new Function("")` for its faster parsers: the CSP refuses it and reports it on every
// page. zod keeps its settings on this global (whichever loads first makes it), so setting it here
// spares the first screen zod's code, which the screens' own chunks bring.
const zodSettings = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodSettings.__zod_globalConfig = Object.assign(zodSettings.__zod_globalConfig ?? {}, { jitless: true });

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("index.html has no #root element");

// A visitor's first screen comes drawn in the page (server/spa.ts, drawn at build time by
// scripts/prerender-screens.ts with these components): React takes it over rather than drawing it again.
if (rootElement.hasChildNodes()) hydrateRoot(rootElement, <App />);
else createRoot(rootElement).render(<App />);

registerServiceWorker();

import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { config as zodConfig } from "zod";
import { App } from "@/app/app";
import "./index.css";

// zod would probe `new Function("")` for its faster parsers: the CSP refuses it and reports it on every page.
zodConfig({ jitless: true });

const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("index.html has no #root element");

createRoot(rootElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

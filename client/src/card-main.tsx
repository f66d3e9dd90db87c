import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { Router } from "wouter";
import type { PublicBioCard as PublicBioCardData } from "@shared/types";
import { PublicBioCardDocument } from "@/features/bio/public/public-bio-card-document";
import "./index.css";

/**
 * The entry of /{username} as the server sends it (card.html, server/spa.ts): the card's data comes
 * embedded in `<script type="application/json" id="card-data">` (null: no card to show), so it
 * renders with no further request and none of the signed-in app's code.
 */
const rootElement = document.getElementById("root");
if (!rootElement) throw new Error("card.html has no #root element");
const card = JSON.parse(document.getElementById("card-data")?.textContent ?? "null") as PublicBioCardData | null;

/** The card's links into the site (its name, 'Go home') open the app: a whole page load. */
const fullPageLocation = (): [string, (to: string) => void] => [window.location.pathname, (to) => window.location.assign(to)];

createRoot(rootElement).render(
  <StrictMode>
    <Router hook={fullPageLocation}>
      <PublicBioCardDocument card={card} />
    </Router>
  </StrictMode>,
);

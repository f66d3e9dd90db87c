import { prerenderToNodeStream } from "react-dom/static";
import { App } from "@/app/app";
import { queryClient } from "@/lib/query-client";

/**
 * The app's HTML at the location of the document it runs in, as a visitor's first load draws it
 * (main.tsx hydrates it). Run at build time, in Node (scripts/prerender-screens.ts).
 */
export async function renderApp(): Promise<string> {
  try {
    const { prelude } = await prerenderToNodeStream(<App />);
    let html = "";
    for await (const chunk of prelude) html += String(chunk);
    return html;
  } finally {
    // Each page from an empty cache; its queries' garbage-collection timers would hold the build for minutes.
    queryClient.clear();
  }
}

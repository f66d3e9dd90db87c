import { useEffect } from "react";

/**
 * The page's #root comes inert when the server drew the first screen in it (server/spa.ts): until
 * React has taken that screen over, nothing typed in it would last (react-hook-form empties its
 * fields as it registers them) and a form sent would be the browser's own GET, with the password in
 * its URL. Rendered with the screen (and in its place when it fails), it lets the page take input
 * once React has it. Renders nothing.
 */
export function ServerDrawnScreenTakenOver() {
  useEffect(() => document.getElementById("root")?.removeAttribute("inert"), []);
  return null;
}

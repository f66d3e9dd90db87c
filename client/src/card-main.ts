// The public card's script (/{username}, card.html). The server sends the card complete
// (server/card-page/card-view.tsx); this adds what needs script, in plain DOM code so the page stays
// small: the reveal screen, the music player, the entrance animation and the tilt (both only for
// visitors who accept motion) and the click beacon. Its parts are found by their data-card-* names.
import { sendLinkClick } from "@/features/bio/api/link-click";
import { find, startPlayer, watchImages } from "@/features/bio/card/card-behaviour";
import { tiltTransform } from "@/features/bio/card/tilt-transform";
import { REVEAL_AUTOPLAY_DELAY_MS } from "@/lib/ui-constants";
import "./card.css";

const page = document.querySelector<HTMLElement>("[data-card-page]");
const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)").matches;

/** The card tilts towards a mouse pointer and grows while hovered (not for touch). */
function startTilt(frame: HTMLElement) {
  const reset = () => (frame.style.transform = "");
  frame.addEventListener("pointermove", (event) => {
    if (event.pointerType === "touch") return;
    const rect = frame.getBoundingClientRect();
    if (!rect.width || !rect.height) return;
    frame.style.transform = tiltTransform((event.clientX - rect.left) / rect.width, (event.clientY - rect.top) / rect.height);
  });
  frame.addEventListener("pointerleave", reset);
  frame.addEventListener("pointercancel", reset);
}

if (page) {
  watchImages(page);
  const username = page.dataset.cardPage!;
  const frame = find("[data-card-frame]", page)!;
  const stage = find("[data-card-stage]", page)!;
  const player = find("[data-card-player]", page);
  const play = player ? startPlayer(player).play : undefined;
  const enter = () => {
    if (!reducedMotion && page.dataset.enter) stage.classList.add(page.dataset.enter);
  };
  if (reducedMotion) find<HTMLVideoElement>("[data-card-video]", page)?.pause();
  else startTilt(frame);

  // A link opened by a click or a middle click is counted; the link itself stays a plain href.
  page.addEventListener("click", (event) => {
    const link = (event.target as Element).closest<HTMLElement>("[data-card-link]");
    if (link) sendLinkClick(username, Number(link.dataset.cardLink));
  });
  page.addEventListener("auxclick", (event) => {
    const link = (event.target as Element).closest<HTMLElement>("[data-card-link]");
    if (link && event.button === 1) sendLinkClick(username, Number(link.dataset.cardLink));
  });

  const reveal = find<HTMLButtonElement>("[data-reveal-screen]", page);
  if (reveal) {
    reveal.focus();
    reveal.addEventListener("click", () => {
      reveal.remove();
      page.querySelectorAll<HTMLElement>("[data-card-stage]").forEach((element) => (element.style.visibility = ""));
      enter();
      frame.focus({ preventScroll: true });
      if (play) window.setTimeout(play, REVEAL_AUTOPLAY_DELAY_MS);
    });
  } else {
    enter();
  }
}

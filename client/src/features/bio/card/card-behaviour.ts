// The card's parts that need script, in plain DOM code shared by the public page's script
// (client/src/card-main.ts) and the editor's preview (features/bio/editor/card-preview.tsx), over the
// one markup of shared/bio-card/card-view.tsx: the music player and the images' loading states.
import { formatTrackTime, progressFraction, seekTimeFromClick, volumeFromClick } from "./player-math";

const SEEK_STEP_SECONDS = 5;
const VOLUME_STEP = 0.1;

export const find = <T extends Element = HTMLElement>(selector: string, root: ParentNode = document) => root.querySelector<T>(selector);

/** Arrow keys, Home and End on a slider: the value they move to, or undefined for other keys. */
function sliderKey(event: KeyboardEvent, value: number, step: number, max: number): number | undefined {
  const moves: Record<string, number> = { ArrowRight: value + step, ArrowUp: value + step, ArrowLeft: value - step, ArrowDown: value - step, Home: 0, End: max };
  const target = moves[event.key];
  if (target !== undefined) event.preventDefault();
  return target;
}

/**
 * The card's music: the audio element's own controls give way to the card's player. `play` starts
 * it (after the reveal screen); `stop` pauses it for good (the preview's player going away).
 */
export function startPlayer(player: HTMLElement): { play: () => void; stop: () => void } {
  const audio = find<HTMLAudioElement>("audio", player)!;
  const toggle = find<HTMLButtonElement>("[data-card-toggle]", player)!;
  const seek = find("[data-card-seek]", player)!;
  const volumeBar = find("[data-card-volume]", player)!;
  const mute = find<HTMLButtonElement>("[data-card-mute]", player)!;
  const status = find("[data-card-status]", player)!;
  const time = find("[data-card-time]", player)!;
  const progress = find("[data-testid=track-progress]", player)!;
  const thumb = progress.nextElementSibling as HTMLElement;
  const volumeFill = find("[data-testid=track-volume]", player)!;
  audio.controls = false;
  audio.hidden = true;
  toggle.hidden = false;
  find("[data-card-controls]", player)!.hidden = false;
  let volume = 0.5;
  let failed = false;
  audio.volume = volume;

  // The one icon of a button that shows (card-view.tsx's TrackPlayer marks the others `hidden`).
  const showIcon = (button: Element, name: string) => button.querySelectorAll("[data-icon]").forEach((icon) => icon.classList.toggle("hidden", icon.getAttribute("data-icon") !== name));
  const duration = () => (Number.isFinite(audio.duration) ? audio.duration : 0);
  const render = () => {
    const playing = !audio.paused && !failed;
    const shown = audio.muted ? 0 : volume;
    const fraction = `${progressFraction(audio.currentTime, duration()) * 100}%`;
    status.textContent = failed ? "Track unavailable" : playing ? "Now playing" : "Paused";
    toggle.setAttribute("aria-label", playing ? "Pause" : "Play");
    toggle.disabled = failed;
    showIcon(toggle, playing ? "pause" : "play");
    progress.style.width = fraction;
    thumb.style.left = fraction;
    time.textContent = `${formatTrackTime(audio.currentTime)} / ${formatTrackTime(duration())}`;
    seek.setAttribute("aria-valuemax", String(Math.round(duration())));
    seek.setAttribute("aria-valuenow", String(Math.round(audio.currentTime)));
    seek.setAttribute("aria-valuetext", `${formatTrackTime(audio.currentTime)} of ${formatTrackTime(duration())}`);
    mute.setAttribute("aria-label", audio.muted ? "Unmute" : "Mute");
    showIcon(mute, shown === 0 ? "muted" : shown < 0.5 ? "low" : "high");
    volumeFill.style.width = `${shown * 100}%`;
    volumeBar.setAttribute("aria-valuenow", String(Math.round(shown * 100)));
    volumeBar.setAttribute("aria-valuetext", `${Math.round(shown * 100)}%`);
  };
  const play = () => void audio.play().catch(render);
  const seekTo = (seconds: number) => {
    if (!(duration() > 0)) return;
    audio.currentTime = Math.min(duration(), Math.max(0, seconds));
    render();
  };
  const setVolume = (next: number) => {
    volume = Math.min(1, Math.max(0, Math.round(next * 100) / 100));
    audio.volume = volume;
    if (volume > 0) audio.muted = false;
    render();
  };
  // The position is read every 100 ms while playing, as the editor's preview does (timeupdate is slower).
  let timer = 0;
  for (const event of ["play", "pause", "loadedmetadata", "durationchange", "volumechange"]) audio.addEventListener(event, render);
  audio.addEventListener("play", () => (timer = window.setInterval(render, 100)));
  audio.addEventListener("pause", () => window.clearInterval(timer));
  audio.addEventListener("ended", () => {
    audio.currentTime = 0;
    render();
  });
  audio.addEventListener("error", () => {
    failed = true;
    render();
  });
  toggle.addEventListener("click", () => (audio.paused ? play() : audio.pause()));
  seek.addEventListener("click", (event) => seekTo(seekTimeFromClick(event.clientX, seek.getBoundingClientRect(), duration())));
  seek.addEventListener("keydown", (event) => {
    const target = sliderKey(event, audio.currentTime, SEEK_STEP_SECONDS, duration());
    if (target !== undefined) seekTo(target);
  });
  mute.addEventListener("click", () => {
    audio.muted = !audio.muted;
    render();
  });
  volumeBar.addEventListener("click", (event) => setVolume(volumeFromClick(event.clientX, volumeBar.getBoundingClientRect())));
  volumeBar.addEventListener("keydown", (event) => {
    const target = sliderKey(event, audio.muted ? 0 : volume, VOLUME_STEP, 1);
    if (target !== undefined) setVolume(target);
  });
  render();
  const stop = () => {
    window.clearInterval(timer);
    audio.pause();
  };
  return { play, stop };
}

/** Each image's frame says whether it loaded (data-state: loading, then loaded or error); frames settled already are left alone. */
export function watchImages(root: ParentNode) {
  root.querySelectorAll<HTMLImageElement>("[data-state=loading] > img").forEach((image) => {
    const settle = () => (image.parentElement!.dataset.state = image.naturalWidth ? "loaded" : "error");
    if (image.complete) settle();
    else {
      image.addEventListener("load", settle);
      image.addEventListener("error", settle);
    }
  });
}

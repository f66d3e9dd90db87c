// The track player's arithmetic, kept apart from the DOM so it can be tested.

/** Where a click landed along a bar, as a fraction from 0 (left edge) to 1 (right edge). */
export function fractionFromClick(clientX: number, bar: { left: number; width: number }): number {
  if (!(bar.width > 0) || !Number.isFinite(clientX)) return 0;
  return Math.min(1, Math.max(0, (clientX - bar.left) / bar.width));
}

/** The volume (0..1) set by a click on the volume bar. */
export function volumeFromClick(clientX: number, bar: { left: number; width: number }): number {
  return fractionFromClick(clientX, bar);
}

/** The playback position (seconds) a click on the progress bar seeks to; 0 while the length is unknown. */
export function seekTimeFromClick(clientX: number, bar: { left: number; width: number }, duration: number): number {
  if (!Number.isFinite(duration) || duration <= 0) return 0;
  return fractionFromClick(clientX, bar) * duration;
}

/** How far along the track is, 0..1 (0 while the length is unknown). */
export function progressFraction(currentTime: number, duration: number): number {
  if (!Number.isFinite(duration) || duration <= 0 || !Number.isFinite(currentTime)) return 0;
  return Math.min(1, Math.max(0, currentTime / duration));
}

/** 'm:ss' for a time in seconds; '0:00' for anything unknown. */
export function formatTrackTime(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return "0:00";
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

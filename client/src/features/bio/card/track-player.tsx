import { Music, Pause, Play, Volume1, Volume2, VolumeX } from "lucide-react";
import { useCallback, useEffect, useImperativeHandle, useRef, useState, type KeyboardEvent, type MouseEvent, type Ref } from "react";
import { cn } from "@/lib/cn";
import { CardImage } from "./card-image";
import type { CardTrack } from "@shared/bio-card/card-model";
import { formatTrackTime, progressFraction, seekTimeFromClick, volumeFromClick } from "./player-math";

/** How often the position is read while playing (docs/product.md "Bio cards"). */
export const PROGRESS_POLL_MS = 100;
const DEFAULT_VOLUME = 0.5;
const SEEK_STEP_SECONDS = 5;
const VOLUME_STEP = 0.1;

export interface TrackPlayerHandle {
  /** Starts playing (e.g. after the reveal screen); a browser that refuses autoplay leaves it paused. */
  play: () => void;
}

interface TrackPlayerProps {
  track: CardTrack;
  ref?: Ref<TrackPlayerHandle>;
  className?: string;
}

function barRect(event: MouseEvent<HTMLElement>) {
  const rect = event.currentTarget.getBoundingClientRect();
  return { left: rect.left, width: rect.width };
}

/**
 * The card's music: cover, name, a progress bar that seeks where it is clicked, play/pause, and a
 * volume bar that sets the volume from the click position. Both bars are sliders for the keyboard
 * too (arrow keys, Home, End).
 */
export function TrackPlayer({ track, ref, className }: TrackPlayerProps) {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState(false);
  const [currentTime, setCurrentTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [volume, setVolume] = useState(DEFAULT_VOLUME);
  const [muted, setMuted] = useState(false);
  const [failed, setFailed] = useState(false);

  const play = useCallback(() => {
    const element = audio.current;
    if (!element) return;
    element.play().catch(() => setPlaying(false));
  }, []);

  useImperativeHandle(ref, () => ({ play }), [play]);

  // A new track starts from the beginning, paused.
  useEffect(() => {
    setPlaying(false);
    setCurrentTime(0);
    setDuration(0);
    setFailed(false);
  }, [track.audioUrl]);

  useEffect(() => {
    if (audio.current) audio.current.volume = volume;
  }, [volume]);

  useEffect(() => {
    if (audio.current) audio.current.muted = muted;
  }, [muted]);

  // The position is polled every 100 ms while playing.
  useEffect(() => {
    if (!playing) return;
    const timer = window.setInterval(() => {
      const element = audio.current;
      if (!element) return;
      setCurrentTime(element.currentTime);
      if (Number.isFinite(element.duration)) setDuration(element.duration);
    }, PROGRESS_POLL_MS);
    return () => window.clearInterval(timer);
  }, [playing]);

  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (element.paused) play();
    else element.pause();
  };

  const seekTo = (seconds: number) => {
    const element = audio.current;
    if (!element || !(duration > 0)) return;
    const target = Math.min(duration, Math.max(0, seconds));
    element.currentTime = target;
    setCurrentTime(target);
  };

  const changeVolume = (next: number) => {
    const clamped = Math.min(1, Math.max(0, Math.round(next * 100) / 100));
    setVolume(clamped);
    if (clamped > 0 && muted) setMuted(false);
  };

  const onSeekKey = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: currentTime + SEEK_STEP_SECONDS,
      ArrowUp: currentTime + SEEK_STEP_SECONDS,
      ArrowLeft: currentTime - SEEK_STEP_SECONDS,
      ArrowDown: currentTime - SEEK_STEP_SECONDS,
      Home: 0,
      End: duration,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    seekTo(target);
  };

  const onVolumeKey = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: volume + VOLUME_STEP,
      ArrowUp: volume + VOLUME_STEP,
      ArrowLeft: volume - VOLUME_STEP,
      ArrowDown: volume - VOLUME_STEP,
      Home: 0,
      End: 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    changeVolume(target);
  };

  const progress = progressFraction(currentTime, duration);
  const shownVolume = muted ? 0 : volume;
  const VolumeIcon = shownVolume === 0 ? VolumeX : shownVolume < 0.5 ? Volume1 : Volume2;
  const name = track.name?.trim() || "Untitled track";

  return (
    <section
      aria-label="Music player"
      data-testid="track-player"
      className={cn("w-full rounded-xl border p-3 text-left", className)}
      style={{
        borderColor: "color-mix(in srgb, var(--card-primary) 12%, transparent)",
        backgroundColor: "color-mix(in srgb, var(--card-primary) 5%, transparent)",
      }}
    >
      <audio
        ref={audio}
        src={track.audioUrl}
        preload="metadata"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => {
          setPlaying(false);
          setCurrentTime(0);
        }}
        onLoadedMetadata={(event) => {
          const seconds = event.currentTarget.duration;
          if (Number.isFinite(seconds)) setDuration(seconds);
          event.currentTarget.volume = volume;
        }}
        onDurationChange={(event) => {
          const seconds = event.currentTarget.duration;
          if (Number.isFinite(seconds)) setDuration(seconds);
        }}
        onError={() => {
          setFailed(true);
          setPlaying(false);
        }}
      />
      <div className="flex items-center gap-3">
        {track.coverUrl ? (
          <CardImage src={track.coverUrl} alt="" className="size-12 rounded-lg sm:size-14" />
        ) : (
          <span
            aria-hidden
            className="grid size-12 shrink-0 place-items-center rounded-lg sm:size-14"
            style={{ backgroundColor: "color-mix(in srgb, var(--card-theme) 22%, transparent)", color: "var(--card-icon)" }}
          >
            <Music className="size-6" />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <p className="line-clamp-2 text-sm/5 font-semibold" style={{ color: "var(--card-primary)" }} title={name}>
            {name}
          </p>
          <p className="mt-0.5 text-xs" style={{ color: "var(--card-secondary)" }}>
            {failed ? "Track unavailable" : playing ? "Now playing" : "Paused"}
          </p>
        </div>
        <button
          type="button"
          onClick={toggle}
          disabled={failed}
          aria-label={playing ? "Pause" : "Play"}
          className="grid size-11 shrink-0 cursor-pointer place-items-center rounded-full text-white shadow-lg transition-transform hover:scale-105 focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-50"
          style={{ backgroundColor: "var(--card-theme)", outlineColor: "var(--card-theme)" }}
        >
          {playing ? <Pause className="size-5" fill="currentColor" aria-hidden /> : <Play className="ml-0.5 size-5" fill="currentColor" aria-hidden />}
        </button>
      </div>

      <div
        role="slider"
        tabIndex={0}
        aria-label="Seek"
        aria-valuemin={0}
        aria-valuemax={Math.round(duration)}
        aria-valuenow={Math.round(currentTime)}
        aria-valuetext={`${formatTrackTime(currentTime)} of ${formatTrackTime(duration)}`}
        onClick={(event) => seekTo(seekTimeFromClick(event.clientX, barRect(event), duration))}
        onKeyDown={onSeekKey}
        className="group mt-3 cursor-pointer py-1.5 focus-visible:outline-none"
      >
        <div
          className="relative h-1.5 rounded-full group-focus-visible:ring-2"
          style={{ backgroundColor: "color-mix(in srgb, var(--card-primary) 15%, transparent)", ["--tw-ring-color" as string]: "var(--card-theme)" }}
        >
          <div data-testid="track-progress" className="h-full rounded-full" style={{ width: `${progress * 100}%`, backgroundColor: "var(--card-theme)" }} />
          <span
            aria-hidden
            className="absolute top-1/2 size-3 -translate-x-1/2 -translate-y-1/2 rounded-full bg-white opacity-0 shadow transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100"
            style={{ left: `${progress * 100}%` }}
          />
        </div>
      </div>

      <div className="mt-0.5 flex items-center justify-between gap-2">
        <span className="text-xs whitespace-nowrap tabular-nums" style={{ color: "var(--card-secondary)" }}>
          {formatTrackTime(currentTime)} / {formatTrackTime(duration)}
        </span>
        <div className="flex items-center gap-1">
          <button
            type="button"
            onClick={() => setMuted((value) => !value)}
            aria-label={muted ? "Unmute" : "Mute"}
            className="grid size-7 shrink-0 cursor-pointer place-items-center rounded-md focus-visible:outline-2"
            style={{ color: "var(--card-secondary)", outlineColor: "var(--card-theme)" }}
          >
            <VolumeIcon className="size-4" aria-hidden />
          </button>
          <div
            role="slider"
            tabIndex={0}
            aria-label="Volume"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(shownVolume * 100)}
            aria-valuetext={`${Math.round(shownVolume * 100)}%`}
            onClick={(event) => changeVolume(volumeFromClick(event.clientX, barRect(event)))}
            onKeyDown={onVolumeKey}
            className="group w-16 cursor-pointer py-1.5 focus-visible:outline-none min-[400px]:w-20 sm:w-24"
          >
            <div
              className="h-1 rounded-full group-focus-visible:ring-2"
              style={{ backgroundColor: "color-mix(in srgb, var(--card-primary) 15%, transparent)", ["--tw-ring-color" as string]: "var(--card-theme)" }}
            >
              <div data-testid="track-volume" className="h-full rounded-full" style={{ width: `${shownVolume * 100}%`, backgroundColor: "var(--card-secondary)" }} />
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}

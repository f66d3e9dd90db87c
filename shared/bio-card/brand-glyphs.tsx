import { OutlineIcon, type IconProps } from "./brand-icons";

// Brand marks for the card's built-in link icons that neither lucide nor components/brand-icons.tsx
// has, drawn like lucide's outline icons (24 px grid, 2 px stroke, currentColor).

export function YoutubeGlyph(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M2.5 17a24.12 24.12 0 0 1 0-10 2 2 0 0 1 1.4-1.4 49.56 49.56 0 0 1 16.2 0A2 2 0 0 1 21.5 7a24.12 24.12 0 0 1 0 10 2 2 0 0 1-1.4 1.4 49.55 49.55 0 0 1-16.2 0A2 2 0 0 1 2.5 17" />
      <path d="m10 15 5-3-5-3z" />
    </OutlineIcon>
  );
}

export function InstagramGlyph(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <rect width="20" height="20" x="2" y="2" rx="5" ry="5" />
      <path d="M16 11.37A4 4 0 1 1 12.63 8 4 4 0 0 1 16 11.37z" />
      <line x1="17.5" x2="17.51" y1="6.5" y2="6.5" />
    </OutlineIcon>
  );
}

export function LinkedinGlyph(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M16 8a6 6 0 0 1 6 6v7h-4v-7a2 2 0 0 0-2-2 2 2 0 0 0-2 2v7h-4v-7a6 6 0 0 1 6-6z" />
      <rect width="4" height="12" x="2" y="9" />
      <circle cx="4" cy="4" r="2" />
    </OutlineIcon>
  );
}

export function TwitchGlyph(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M21 2H3v16h5v4l4-4h5l4-4V2zm-10 9V7m5 4V7" />
    </OutlineIcon>
  );
}

export function TwitterBirdGlyph(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M22 4s-.7 2.1-2 3.4c1.6 10-9.4 17.3-18 11.6 2.2.1 4.4-.6 6-2C3 15.5.5 9.6 3 5c2.2 2.6 5.6 4.1 9 4-.9-4.2 4-6.6 7-3.8 1.1 0 3-1.2 3-1.2z" />
    </OutlineIcon>
  );
}

export function TiktokGlyph(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M9 12a4 4 0 1 0 4 4V3c.5 3 2.8 5 6 5" />
    </OutlineIcon>
  );
}

export function SpotifyGlyph(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <circle cx="12" cy="12" r="10" />
      <path d="M7 9.2c3.3-1 7-.7 10 .9" />
      <path d="M7.7 12.6c2.7-.7 5.5-.4 7.8.9" />
      <path d="M8.4 15.8c2-.5 4-.3 5.7.6" />
    </OutlineIcon>
  );
}

export function SoundcloudGlyph(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M2 14v3" />
      <path d="M5 11.5V17" />
      <path d="M8 10v7" />
      <path d="M11 8.5V17" />
      <path d="M14 7.5V17h5a3 3 0 0 0 .5-5.96A5.5 5.5 0 0 0 14 7.5z" />
    </OutlineIcon>
  );
}

export function SteamGlyph(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <circle cx="12" cy="12" r="10" />
      <circle cx="15.5" cy="9.5" r="2.5" />
      <circle cx="9" cy="15" r="2" />
      <path d="m2.6 13.4 4.6 1.2" />
      <path d="m10.6 13.7 3-2.4" />
    </OutlineIcon>
  );
}

export function PinterestGlyph(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <circle cx="12" cy="12" r="10" />
      <path d="m10.5 21.6 1.9-8.4" />
      <path d="M9.2 15.2a4.6 4.6 0 0 1-1.4-3.4 4.5 4.5 0 0 1 9 0c0 2.7-1.5 4.6-3.4 4.6-1.2 0-2-.8-1.8-1.9" />
    </OutlineIcon>
  );
}

export function VkGlyph(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M3 7h3c.3 3.3 1.8 5.4 3.5 6V7h3v3.6C14.2 10.4 15.8 8.5 16.4 7h3c-.5 2.3-2.3 4.3-3.7 5 1.4.6 3.5 2.3 4.3 5h-3.3c-.7-1.8-2.2-3.2-4.2-3.4V17h-.5C7.4 17 3.4 13.4 3 7z" />
    </OutlineIcon>
  );
}

export function BeatstarsGlyph(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M12 2.5 14.6 8l6 .7-4.5 4.1 1.2 5.9L12 15.8l-5.3 2.9 1.2-5.9-4.5-4.1 6-.7z" />
      <path d="M10 11v2.5" />
      <path d="M12 9.5v5.5" />
      <path d="M14 11v2.5" />
    </OutlineIcon>
  );
}

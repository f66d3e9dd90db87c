import type { SVGProps } from "react";

// Brand marks lucide no longer ships, drawn in its outline style (24 px grid, 2 px stroke).

export type IconProps = SVGProps<SVGSVGElement>;

/** The frame every drawn brand mark shares, so they sit beside lucide icons. */
export function OutlineIcon({ children, ...props }: IconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      {...props}
    >
      {children}
    </svg>
  );
}

export function GithubIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M15 22v-4a4.8 4.8 0 0 0-1-3.5c3 0 6-2 6-5.5.08-1.25-.27-2.48-1-3.5.28-1.15.28-2.35 0-3.5 0 0-1 0-3 1.5-2.64-.5-5.36-.5-8 0C6 2 5 2 5 2c-.3 1.15-.3 2.35 0 3.5A5.403 5.403 0 0 0 4 9c0 3.5 3 5.5 6 5.5-.39.49-.68 1.05-.85 1.65-.17.6-.22 1.23-.15 1.85v4" />
      <path d="M9 18c-4.51 2-5-2-7-2" />
    </OutlineIcon>
  );
}

/** X (formerly Twitter). */
export function XIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M4 4l11.7 16H20L8.3 4H4z" />
      <path d="M4 20l6.8-6.8M13.2 10.8L20 4" />
    </OutlineIcon>
  );
}

export function TelegramIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M21.2 4.4 2.9 11.5c-.9.4-.9 1.6.1 1.9l4.6 1.4 1.8 5.5c.3.8 1.3 1 1.9.4l2.6-2.5 4.6 3.4c.7.5 1.7.1 1.9-.8l3.1-14.3c.2-1-.8-1.9-1.8-1.5z" />
      <path d="m7.6 14.8 9.9-6.6-7.1 7.4" />
    </OutlineIcon>
  );
}

export function DiscordIcon(props: IconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M8.5 17c-1 1.2-2 2-2 2C3.5 18.8 2 17 2 17c0-6 2.5-10.5 2.5-10.5C6.8 4.8 9 5 9 5l.7 1.3a14 14 0 0 1 4.6 0L15 5s2.2-.2 4.5 1.5c0 0 2.5 4.5 2.5 10.5 0 0-1.5 1.8-4.5 2 0 0-1-.8-2-2" />
      <path d="M7 16.5c3.3 1.4 6.7 1.4 10 0" />
      <circle cx="9" cy="12" r="1" />
      <circle cx="15" cy="12" r="1" />
    </OutlineIcon>
  );
}

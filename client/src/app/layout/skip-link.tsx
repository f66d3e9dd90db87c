import { MAIN_CONTENT_ID } from "./use-route-focus";

/** The first stop of the keyboard on every page: hidden until focused, it jumps past the navigation. */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        // Focus without putting '#main' into the address.
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
      className="sr-only rounded-control bg-primary px-4 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-hover"
    >
      Skip to content
    </a>
  );
}

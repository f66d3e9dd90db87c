import { ComposerToolbar } from "./composer-toolbar";

/** The composer's box, its header row (tabs and toolbar) and its tabs: the composer and its placeholder draw the same. */
export const COMPOSER_FRAME = "rounded-control border border-border bg-background";
export const COMPOSER_HEADER = "flex flex-wrap items-center justify-between gap-x-2 border-b border-border px-1";
export const COMPOSER_TAB =
  "-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted transition-colors hover:text-foreground rounded-t-control focus-visible:bg-surface-raised focus-visible:text-foreground focus-visible:outline-none data-[state=active]:border-primary data-[state=active]:text-foreground";
/** As tall as the text box of `rows` lines (Textarea: 1.5rem a line and 1rem of padding). */
export const composerMinHeight = (rows: number) => `${rows * 1.5 + 1}rem`;

const ignore = () => {};

/**
 * What shows while the composer's code loads (it is split off the screens' first load): the empty
 * composer as it will look, inert, so the page does not move when the real one replaces it.
 */
export function ComposerPlaceholder({ rows = 4, placeholder }: { rows?: number; placeholder?: string }) {
  return (
    <div inert aria-hidden className={COMPOSER_FRAME}>
      <div className={COMPOSER_HEADER}>
        <div className="flex">
          <span data-state="active" className={COMPOSER_TAB}>
            Write
          </span>
          <span className={COMPOSER_TAB}>Preview</span>
        </div>
        <ComposerToolbar onAction={ignore} onImage={ignore} imageBusy={false} onInsert={ignore} />
      </div>
      <p className="px-3 py-2 text-sm/6 text-muted" style={{ minHeight: composerMinHeight(rows) }}>
        {placeholder}
      </p>
    </div>
  );
}

import { lazy, Suspense, useState } from "react";
import { Bold, Code, ImagePlus, Italic, Link, List, Quote, Smile, type LucideIcon } from "lucide-react";
import type { MarkdownAction } from "./markdown-edits";

const TOOLS: { action: MarkdownAction; label: string; icon: LucideIcon; shortcut?: string }[] = [
  { action: "bold", label: "Bold", icon: Bold, shortcut: "B" },
  { action: "italic", label: "Italic", icon: Italic, shortcut: "I" },
  { action: "link", label: "Link", icon: Link },
  { action: "quote", label: "Quote", icon: Quote },
  { action: "code", label: "Code", icon: Code },
  { action: "list", label: "List", icon: List },
];

// The picker and the emoji list are a chunk of their own, loaded when first opened.
const EmojiPicker = lazy(() => import("./emoji-picker"));

const toolClasses =
  "grid size-8 place-items-center rounded-control text-muted transition-colors hover:bg-surface-raised hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/40 disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4";

/**
 * The Markdown buttons over the text box, acting on its selection, and the image button (the way to
 * add an image on a phone, where nothing is pasted or dropped). Pressing one keeps the focus and
 * the selection in the box.
 */
export function ComposerToolbar({
  onAction,
  onImage,
  imageBusy,
  onInsert,
}: {
  onAction: (action: MarkdownAction) => void;
  onImage: () => void;
  imageBusy: boolean;
  /** Inserts text at the caret (an emoji's shortcode). */
  onInsert: (text: string) => void;
}) {
  const [picking, setPicking] = useState(false);
  return (
    <div role="toolbar" aria-label="Formatting" className="relative flex items-center gap-0.5">
      {TOOLS.map(({ action, label, icon: Icon, shortcut }) => (
        <button
          key={action}
          type="button"
          className={toolClasses}
          aria-label={label}
          title={shortcut ? `${label} (Ctrl+${shortcut})` : label}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onAction(action)}
        >
          <Icon aria-hidden />
        </button>
      ))}
      <button type="button" className={toolClasses} aria-label="Add image" title="Add image (or paste or drop one)" disabled={imageBusy} onClick={onImage}>
        <ImagePlus aria-hidden />
      </button>
      <button
        type="button"
        className={toolClasses}
        aria-label="Emoji"
        title="Emoji"
        aria-expanded={picking}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => setPicking((open) => !open)}
      >
        <Smile aria-hidden />
      </button>
      {picking && (
        <Suspense fallback={null}>
          <EmojiPicker
            onChoose={(shortcode) => {
              onInsert(shortcode);
              setPicking(false);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

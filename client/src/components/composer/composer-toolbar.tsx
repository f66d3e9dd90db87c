import { Bold, Code, ImagePlus, Italic, Link, List, Quote, type LucideIcon } from "lucide-react";
import type { MarkdownAction } from "./markdown-edits";

const TOOLS: { action: MarkdownAction; label: string; icon: LucideIcon; shortcut?: string }[] = [
  { action: "bold", label: "Bold", icon: Bold, shortcut: "B" },
  { action: "italic", label: "Italic", icon: Italic, shortcut: "I" },
  { action: "link", label: "Link", icon: Link },
  { action: "quote", label: "Quote", icon: Quote },
  { action: "code", label: "Code", icon: Code },
  { action: "list", label: "List", icon: List },
];

const toolClasses =
  "grid size-8 place-items-center rounded-control text-muted transition-colors hover:bg-surface-raised hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/40 disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4";

/**
 * The Markdown buttons over the text box, acting on its selection, and the image button (the way to
 * add an image on a phone, where nothing is pasted or dropped). Pressing one keeps the focus and
 * the selection in the box.
 */
export function ComposerToolbar({ onAction, onImage, imageBusy }: { onAction: (action: MarkdownAction) => void; onImage: () => void; imageBusy: boolean }) {
  return (
    <div role="toolbar" aria-label="Formatting" className="flex items-center gap-0.5">
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
    </div>
  );
}

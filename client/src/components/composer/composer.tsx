import * as Tabs from "@radix-ui/react-tabs";
import { useImperativeHandle, useRef, useState, type KeyboardEvent, type Ref } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import type { DraftTopic } from "@shared/schemas/drafts";
import { MentionTextarea } from "@/components/mention-textarea";
import { SilenceNotice } from "@/components/silence-notice";
import { useSilence } from "@/hooks/use-silence";
import { UploadProgress } from "@/components/upload/upload-progress";
import { cn } from "@/lib/cn";
import { setTextareaValue } from "@/lib/textarea-value";
import { COMPOSER_FRAME, COMPOSER_HEADER, COMPOSER_TAB, composerMinHeight } from "./composer-placeholder";
import { ComposerPreview } from "./composer-preview";
import { ComposerToolbar } from "./composer-toolbar";
import { DraftState } from "./draft-state";
import { applyMarkdown, insertBlock, insertText, type MarkdownAction, type TextState } from "./markdown-edits";
import { useDraft } from "./use-draft";
import { useImagePaste } from "./use-image-paste";

/** What a form or a page may do to its composer from outside (the reply box takes quotes this way). */
export interface ComposerHandle {
  /** Inserts a block (a quote) as its own paragraph at the caret, shows the text box and focuses it. */
  insertBlock: (text: string) => void;
}

export interface ComposerProps {
  /** Names the text box for screen readers ('Reply', 'Edit post'). */
  label: string;
  /** The form's field: `register("content")`. */
  field: UseFormRegisterReturn;
  /** The field's value as it is now: `watch("content")`. */
  value: string;
  placeholder?: string;
  rows?: number;
  autoFocus?: boolean;
  invalid?: boolean;
  /** The id of the text that describes the box (its error). */
  describedBy?: string;
  /** Where its draft is kept (shared/schemas/drafts.ts draftKeys); none: no draft (editing a post). */
  draftKey?: string;
  /** The new topic's title, category and tags, kept in its draft beside the text and restored with it. */
  draftTopic?: { value: DraftTopic; restore: (topic: DraftTopic) => void };
  /** The text box's id, for a visible label. */
  id?: string;
  /** Escape. */
  onCancel?: () => void;
  ref?: Ref<ComposerHandle>;
}

/**
 * The one composer (docs/product.md "Forum"): Write and Preview tabs (the preview is the server's
 * rendering), a Markdown toolbar acting on the selection, images pasted, dropped or chosen uploaded
 * as postImage and inserted as `![](url)`, `@` suggestions, Ctrl/Cmd+Enter to send and Ctrl/Cmd+B/I,
 * and a draft on the server under `draftKey`. It is a field of the caller's form: validation,
 * counters and the submit button stay there; Ctrl/Cmd+Enter submits that form.
 */
export function Composer({ label, field, value, placeholder, rows = 4, autoFocus, invalid, describedBy, draftKey, draftTopic, id, onCancel, ref }: ComposerProps) {
  const [tab, setTab] = useState<"write" | "preview">("write");
  const textarea = useRef<HTMLTextAreaElement | null>(null);

  /** Changes the text and selection as typing would (the form's onChange sees it). */
  const edit = (change: (state: TextState) => TextState) => {
    const box = textarea.current;
    if (!box) return;
    const next = change({ value: box.value, start: box.selectionStart, end: box.selectionEnd });
    setTextareaValue(box, next.value, next.start, next.end);
  };

  const draftStatus = useDraft({
    key: draftKey,
    value,
    restore: (content) => edit(() => ({ value: content, start: content.length, end: content.length })),
    topic: draftTopic,
  });

  const image = useImagePaste({
    insert: (text) => edit((state) => insertText(state, text)),
    replace: (from, to) => {
      const box = textarea.current;
      const at = box ? box.value.indexOf(from) : -1;
      if (at === -1) return false;
      edit((state) => {
        const shift = (position: number) => (position <= at ? position : Math.max(at + to.length, position - from.length + to.length));
        return { value: state.value.slice(0, at) + to + state.value.slice(at + from.length), start: shift(state.start), end: shift(state.end) };
      });
      return true;
    },
  });

  const act = (action: MarkdownAction) => {
    edit((state) => applyMarkdown(action, state));
    textarea.current?.focus();
  };

  useImperativeHandle(ref, () => ({
    insertBlock: (text) => {
      setTab("write");
      const box = textarea.current;
      if (!box) return;
      box.focus();
      edit((state) => insertBlock(state, text));
      box.scrollIntoView({ block: "center", behavior: "smooth" });
    },
  }));

  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const command = event.ctrlKey || event.metaKey;
    if (command && event.key === "Enter") {
      event.preventDefault();
      // Through the form, so its one-submission-at-a-time guard applies.
      event.currentTarget.form?.requestSubmit();
    } else if (command && !event.shiftKey && !event.altKey && (event.key === "b" || event.key === "i")) {
      event.preventDefault();
      act(event.key === "b" ? "bold" : "italic");
    } else if (event.key === "Escape" && onCancel) {
      event.preventDefault();
      onCancel();
    }
  };

  const minHeight = composerMinHeight(rows);
  // A silenced member's composers are disabled and say why (docs/product.md "Moderation by the community"); the server refuses anyway.
  const silenced = useSilence() !== null;

  return (
    <Tabs.Root
      value={tab}
      onValueChange={(next) => setTab(next as typeof tab)}
      className={cn(
        COMPOSER_FRAME,
        "transition-colors focus-within:border-primary focus-within:ring-2 focus-within:ring-primary/30",
        invalid && "border-destructive focus-within:border-destructive focus-within:ring-destructive/30",
        image.dragOver && "border-primary ring-2 ring-primary/50",
      )}
      {...image.dropZoneProps}
    >
      <SilenceNotice variant="composer" />
      <fieldset disabled={silenced} className="contents">
      <div className={COMPOSER_HEADER}>
        <Tabs.List aria-label="Write or preview" className="flex">
          <Tabs.Trigger value="write" className={COMPOSER_TAB}>
            Write
          </Tabs.Trigger>
          <Tabs.Trigger value="preview" className={COMPOSER_TAB}>
            Preview
          </Tabs.Trigger>
        </Tabs.List>
        {/* Hidden, not removed, while previewing: the box keeps its height. */}
        <div className={cn(tab === "preview" && "invisible")}>
          <ComposerToolbar
            onAction={act}
            onImage={image.openPicker}
            imageBusy={image.busy}
            onInsert={(text) => {
              textarea.current?.focus();
              edit((state) => insertText(state, text));
            }}
          />
        </div>
      </div>
      {/* Kept mounted while previewing: the form's field stays registered with its text and caret. */}
      <Tabs.Content value="write" forceMount className="data-[state=inactive]:hidden">
        <MentionTextarea
          {...field}
          ref={(node) => {
            textarea.current = node;
            field.ref(node);
          }}
          id={id}
          aria-label={label}
          placeholder={placeholder}
          rows={rows}
          autoFocus={autoFocus}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onKeyDown={keyDown}
          onPaste={image.onPaste}
          className="rounded-none border-0 bg-transparent focus-visible:ring-0"
        />
      </Tabs.Content>
      <Tabs.Content value="preview" className="focus-visible:outline-none">
        <ComposerPreview content={value} minHeight={minHeight} />
      </Tabs.Content>
      </fieldset>
      <input {...image.inputProps} className="sr-only" tabIndex={-1} aria-hidden />
      {(image.busy || image.refused || draftStatus !== "idle") && (
        <div className="flex flex-col gap-1 border-t border-border px-3 py-1.5 text-xs/5">
          {image.busy && <UploadProgress progress={image.progress} label="Uploading image..." />}
          {image.refused && (
            <p role="alert" className="text-destructive">
              {image.refused.title}: {image.refused.description}
            </p>
          )}
          <DraftState status={draftStatus} />
        </div>
      )}
    </Tabs.Root>
  );
}

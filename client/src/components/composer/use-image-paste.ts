import { useRef, useState, type ChangeEvent, type ClipboardEvent, type DragEvent } from "react";
import { useFileUpload } from "@/hooks/use-file-upload";
import { checkUpload } from "@/lib/upload";

const KIND = "postImage";

/** The first image among pasted or dropped files. */
function firstImage(files: FileList | undefined | null): File | undefined {
  return Array.from(files ?? []).find((file) => file.type.startsWith("image/"));
}

interface ImagePasteOptions {
  /** Inserts text at the caret (over the selection). */
  insert: (text: string) => void;
  /** Replaces the first occurrence of `from` in the text; false when it is not there any more. */
  replace: (from: string, to: string) => boolean;
}

/**
 * Pasting or dropping an image into the composer (or choosing one with its button) uploads it as
 * postImage: while it uploads, a placeholder stands at the caret; once it is stored, `![](url)`
 * takes the placeholder's place (or the caret's, if the member removed it). A refused or failed file
 * leaves no placeholder; one image at a time.
 */
export function useImagePaste({ insert, replace }: ImagePasteOptions) {
  const placeholder = useRef<string | null>(null);
  const [dragOver, setDragOver] = useState(false);
  const upload = useFileUpload({
    kind: KIND,
    onUploaded: (url) => {
      const image = `![](${url})`;
      const at = placeholder.current;
      placeholder.current = null;
      if (!at || !replace(at, image)) insert(image);
    },
  });

  const start = async (file: File) => {
    if (upload.busy) return;
    // A refused file is said by the upload hook (upload.refused); it gets no placeholder.
    if (!checkUpload(file, KIND)) {
      placeholder.current = `![Uploading ${file.name.replace(/[[\]]/g, "") || "image"}…]()`;
      insert(placeholder.current);
    }
    await upload.upload(file);
    // Still there: the upload failed.
    if (placeholder.current) replace(placeholder.current, "");
    placeholder.current = null;
  };

  const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes("Files");

  return {
    busy: upload.busy,
    progress: upload.progress,
    refused: upload.refused,
    dragOver,
    openPicker: upload.openPicker,
    inputProps: {
      ...upload.inputProps,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        const image = firstImage(event.target.files);
        event.target.value = ""; // choosing the same file again still uploads it
        if (image) void start(image);
      },
    },
    onPaste: (event: ClipboardEvent<HTMLTextAreaElement>) => {
      const image = firstImage(event.clipboardData?.files);
      if (!image) return;
      event.preventDefault();
      void start(image);
    },
    dropZoneProps: {
      onDragOver: (event: DragEvent) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        setDragOver(true);
      },
      onDragLeave: (event: DragEvent) => {
        // Leaving for a child of the zone is not leaving the zone.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragOver(false);
      },
      onDrop: (event: DragEvent) => {
        setDragOver(false);
        const image = firstImage(event.dataTransfer?.files);
        if (!image) return;
        event.preventDefault();
        void start(image);
      },
    },
  };
}

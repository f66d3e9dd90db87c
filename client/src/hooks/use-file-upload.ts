import { useCallback, useEffect, useRef, useState, type ChangeEvent, type DragEvent } from "react";
import type { UploadKind } from "@shared/constants";
import { apiErrorMessage } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import {
  checkUpload,
  describeUploadProblem,
  isAbortError,
  uploadAccept,
  uploadFile,
  type UploadProblem,
  type UploadProblemMessage,
} from "@/lib/upload";

export const UPLOAD_FAILED_TITLE = "Upload error";
export const UPLOAD_FAILED_FALLBACK = "Failed to upload file";

/**
 * Thrown (or rejected) by an `onUploaded` that has already shown its own failure, so the field does
 * not add an 'Upload error' toast on top.
 */
export class UploadHandledError extends Error {
  constructor(cause: unknown) {
    super("The uploaded file could not be used", { cause });
    this.name = "UploadHandledError";
  }
}

export interface FileUploadOptions {
  kind: UploadKind;
  /**
   * Runs with the uploaded file's URL (e.g. saves it as the avatar). While the promise it returns is
   * pending the field is still busy. A rejection shows the upload failure toast, unless it is an
   * UploadHandledError (the callback showed its own).
   */
  onUploaded: (url: string, file: File) => unknown;
  /** The texts for a refused file; the bio editor's texts by default. */
  describeProblem?: (problem: UploadProblem) => UploadProblemMessage;
  /** The toast title of a failed upload ('Upload error' by default). */
  failureTitle?: string;
}

export interface FileUpload {
  /** True from choosing a file until `onUploaded` has finished. */
  busy: boolean;
  /** Fraction of the bytes sent (0 to 1) while uploading; null before the first progress event. */
  progress: number | null;
  /** True while a file is being dragged over the drop zone. */
  dragOver: boolean;
  /** Why the last file chosen was refused before sending (shown by the field); null once another is chosen. */
  refused: UploadProblemMessage | null;
  /** Checks and uploads a file (from a picker, a drop or a paste). */
  upload: (file: File) => Promise<void>;
  /** Opens the file picker of the hidden input. */
  openPicker: () => void;
  /** Spread on a hidden `<input>`: type, accept, the ref and the change handler. */
  inputProps: {
    ref: (element: HTMLInputElement | null) => void;
    type: "file";
    accept: string;
    onChange: (event: ChangeEvent<HTMLInputElement>) => void;
    disabled: boolean;
  };
  /** Spread on the element that takes dropped files. */
  dropZoneProps: {
    onDragEnter: (event: DragEvent) => void;
    onDragOver: (event: DragEvent) => void;
    onDragLeave: (event: DragEvent) => void;
    onDrop: (event: DragEvent) => void;
  };
}

function carriesFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes("Files");
}

/**
 * The mechanics of an upload field, for any kind of shared UPLOAD_KINDS: a hidden file input and a
 * drop zone, the type and size checks before anything is sent (a refused file: `refused`, for the
 * field to say by itself), the upload with its progress, the failure toast with the server's message, and cancelling an upload
 * still running when the field goes away.
 */
export function useFileUpload({ kind, onUploaded, describeProblem = describeUploadProblem, failureTitle = UPLOAD_FAILED_TITLE }: FileUploadOptions): FileUpload {
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [dragOver, setDragOver] = useState(false);
  const [refused, setRefused] = useState<UploadProblemMessage | null>(null);
  const input = useRef<HTMLInputElement | null>(null);
  const controller = useRef<AbortController | null>(null);
  const busyRef = useRef(false);
  const latest = useRef({ onUploaded, describeProblem, failureTitle });
  latest.current = { onUploaded, describeProblem, failureTitle };

  useEffect(() => () => controller.current?.abort(), []);

  const upload = useCallback(
    async (file: File) => {
      if (busyRef.current) return;
      const problem = checkUpload(file, kind);
      setRefused(problem ? latest.current.describeProblem(problem) : null);
      if (problem) return;
      const abort = new AbortController();
      controller.current = abort;
      busyRef.current = true;
      setBusy(true);
      setProgress(null);
      try {
        const { url } = await uploadFile(file, kind, { onProgress: setProgress, signal: abort.signal });
        setProgress(1);
        await latest.current.onUploaded(url, file);
      } catch (error) {
        if (abort.signal.aborted || isAbortError(error)) return;
        if (!(error instanceof UploadHandledError)) {
          toast({ variant: "destructive", title: latest.current.failureTitle, description: apiErrorMessage(error, UPLOAD_FAILED_FALLBACK) });
        }
      } finally {
        if (!abort.signal.aborted) {
          busyRef.current = false;
          setBusy(false);
          setProgress(null);
        }
      }
    },
    [kind],
  );

  const pickFirst = (files: FileList | null | undefined) => {
    const file = files?.[0];
    if (file) void upload(file);
  };

  return {
    busy,
    progress,
    dragOver,
    refused,
    upload,
    openPicker: () => input.current?.click(),
    inputProps: {
      ref: (element) => {
        input.current = element;
      },
      type: "file",
      accept: uploadAccept(kind),
      disabled: busy,
      onChange: (event) => {
        pickFirst(event.target.files);
        event.target.value = ""; // choosing the same file again still uploads it
      },
    },
    dropZoneProps: {
      onDragEnter: (event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        setDragOver(true);
      },
      onDragOver: (event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = busyRef.current ? "none" : "copy";
      },
      onDragLeave: (event) => {
        // Leaving for a child of the zone is not leaving the zone.
        if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
        setDragOver(false);
      },
      onDrop: (event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        setDragOver(false);
        pickFirst(event.dataTransfer.files);
      },
    },
  };
}

// Uploading files (POST /api/upload, DELETE /api/upload/{filename}) and checking them first against
// the kind's rule in shared UPLOAD_KINDS. No React here: hooks/use-file-upload.ts drives it for fields.
import { acceptedExtensions, acceptedMimeTypes, UPLOAD_KINDS, type UploadKind } from "@shared/constants";
import type { UploadResponse } from "@shared/types";
import { apiRequest } from "./api-client";
import { ApiError } from "./api-error";

/** Why a file was refused before uploading. */
export type UploadProblem =
  | { reason: "type"; kind: UploadKind; type: string }
  | { reason: "size"; kind: UploadKind; size: number; maxMb: number };

/** Texts of a refusal, for a toast. */
export interface UploadProblemMessage {
  title: string;
  description: string;
}

/** The `accept` attribute of a file input for this kind. */
export function uploadAccept(kind: UploadKind): string {
  return acceptedMimeTypes(kind).join(",");
}

/** Whether the file's type and size fit the kind; the server decides again from the bytes. */
export function checkUpload(file: Pick<File, "type" | "size">, kind: UploadKind): UploadProblem | null {
  const rule = UPLOAD_KINDS[kind];
  if (!acceptedMimeTypes(kind).includes(file.type)) return { reason: "type", kind, type: file.type || "unknown" };
  if (file.size > rule.maxBytes) return { reason: "size", kind, size: file.size, maxMb: rule.maxMb };
  return null;
}

/** '2.4 MB' */
export function formatMegabytes(bytes: number): string {
  const megabytes = bytes / (1024 * 1024);
  return `${megabytes < 10 ? megabytes.toFixed(1) : Math.round(megabytes)} MB`;
}

/** The bio card editor's texts (docs/product.md "Messages"): the file's type or size and what is allowed. */
export function describeUploadProblem(problem: UploadProblem): UploadProblemMessage {
  if (problem.reason === "type") {
    return {
      title: "Unsupported format",
      description: `${problem.type} files are not supported. Use ${acceptedExtensions(problem.kind).join(", ")}.`,
    };
  }
  return {
    title: "File too large",
    description: `The file is ${formatMegabytes(problem.size)}; the maximum is ${problem.maxMb} MB.`,
  };
}

export interface UploadOptions {
  /** Called as the bytes go out, with a fraction from 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** An ApiError, as the API client fails: the status and the body (its status text when empty). */
function httpError(request: XMLHttpRequest): ApiError {
  return ApiError.fromText(request.status, request.responseText || request.statusText);
}

/**
 * POST /api/upload as multipart (`kind`, then `file`), through XMLHttpRequest so the upload's
 * progress can be shown. Resolves with the file's URL (201 `{ url }`); fails like the API client
 * (an ApiError, e.g. 413 or 415), with a TypeError when the network fails and an AbortError when cancelled.
 */
export function uploadFile(file: File, kind: UploadKind, { onProgress, signal }: UploadOptions = {}): Promise<UploadResponse> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException("The upload was cancelled", "AbortError"));
      return;
    }
    const request = new XMLHttpRequest();
    request.open("POST", "/api/upload");
    request.withCredentials = true;

    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    });
    request.addEventListener("load", () => {
      if (request.status < 200 || request.status >= 300) return reject(httpError(request));
      try {
        const body = JSON.parse(request.responseText) as Partial<UploadResponse>;
        if (typeof body.url !== "string") throw new Error("no url");
        resolve({ url: body.url });
      } catch {
        reject(ApiError.fromText(request.status, request.responseText || "Invalid upload response"));
      }
    });
    request.addEventListener("error", () => reject(new TypeError("The upload failed: network error")));
    request.addEventListener("abort", () => reject(new DOMException("The upload was cancelled", "AbortError")));
    signal?.addEventListener("abort", () => request.abort(), { once: true });

    const form = new FormData();
    // The kind goes before the file; `default` is what the server assumes when none is named.
    if (kind !== "default") form.append("kind", kind);
    form.append("file", file);
    request.send(form);
  });
}

/** The stored file name of an upload URL ('/uploads/ab12.png' → 'ab12.png'), or null for another address. */
export function uploadFilename(url: string): string | null {
  const match = /^\/uploads\/([^/?#]+)$/.exec(url.trim());
  return match?.[1] ?? null;
}

/** DELETE /api/upload/{filename} (owner or admin). */
export async function deleteUpload(url: string): Promise<void> {
  const filename = uploadFilename(url) ?? url.split("/").pop() ?? "";
  await apiRequest("DELETE", `/api/upload/${encodeURIComponent(filename)}`);
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

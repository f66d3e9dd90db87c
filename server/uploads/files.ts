import { randomBytes } from "node:crypto";
import { fileTypeFromFile } from "file-type";
import { isUploadExtension, UPLOAD_EXTENSIONS, UPLOAD_FORMATS, UPLOAD_ORIGINAL_NAME_MAX_LENGTH, type MediaCategory, type UploadExtension } from "@shared/constants";

/** What may be stored, by the type the file's bytes show (never its name or the client's claim). */
export interface DetectedType {
  ext: UploadExtension;
  mime: string;
  media: MediaCategory;
}

export async function detectFileType(path: string): Promise<DetectedType | undefined> {
  const ext = (await fileTypeFromFile(path))?.ext;
  if (!ext || !isUploadExtension(ext)) return undefined;
  const { mime, media } = UPLOAD_FORMATS[ext];
  return { ext, mime, media };
}

/** Stored names are random: 32 hex characters and the detected type's extension. */
const STORED_NAME = new RegExp(`^[0-9a-f]{32}\\.(${UPLOAD_EXTENSIONS.join("|")})$`);

export const newStoredName = (ext: string) => `${randomBytes(16).toString("hex")}.${ext}`;
export const isStoredName = (name: string) => STORED_NAME.test(name);
/** The type a stored name's extension (its detected type) gives. */
export const mimeOfStoredName = (name: string) => {
  const ext = name.slice(name.lastIndexOf(".") + 1);
  return isUploadExtension(ext) ? UPLOAD_FORMATS[ext].mime : "application/octet-stream";
};

export const UPLOADS_PATH = "/uploads";
/** Folder under UPLOAD_DIR where a file lands before it is accepted. */
export const INCOMING_DIR = ".incoming";
export const uploadUrl = (filename: string) => `${UPLOADS_PATH}/${filename}`;

/** The stored file a URL of ours points at, or undefined for anything else. */
export function storedNameOf(url: string): string | undefined {
  const prefix = `${UPLOADS_PATH}/`;
  if (!url.startsWith(prefix)) return undefined;
  const name = url.slice(prefix.length);
  return isStoredName(name) ? name : undefined;
}

/**
 * The name a file had on the member's device, as kept to show it to them (never to store or serve it
 * by): its last path segment, without control or format characters (a right-to-left override could
 * disguise it), at most UPLOAD_ORIGINAL_NAME_MAX_LENGTH characters; null when nothing is left.
 */
export function keptOriginalName(sent: string | undefined): string | null {
  const name = (sent ?? "").split(/[/\\]/).at(-1)!.normalize("NFC").replace(/[\p{Cc}\p{Cf}]/gu, "").trim();
  return name ? [...name].slice(0, UPLOAD_ORIGINAL_NAME_MAX_LENGTH).join("").trim() : null;
}

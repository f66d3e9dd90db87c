import { randomBytes } from "node:crypto";
import { fileTypeFromFile } from "file-type";
import type { MediaCategory } from "@shared/constants";

/** What may be stored, by the type the file's bytes show (never its name or the client's claim). */
const ALLOWED: Record<string, { mime: string; media: MediaCategory }> = {
  jpg: { mime: "image/jpeg", media: "image" },
  png: { mime: "image/png", media: "image" },
  gif: { mime: "image/gif", media: "image" },
  webp: { mime: "image/webp", media: "image" },
  mp3: { mime: "audio/mpeg", media: "audio" },
  wav: { mime: "audio/wav", media: "audio" },
  ogg: { mime: "audio/ogg", media: "audio" },
  mp4: { mime: "video/mp4", media: "video" },
  webm: { mime: "video/webm", media: "video" },
  mov: { mime: "video/quicktime", media: "video" },
};

export interface DetectedType {
  ext: string;
  mime: string;
  media: MediaCategory;
}

export async function detectFileType(path: string): Promise<DetectedType | undefined> {
  const found = await fileTypeFromFile(path);
  const allowed = found && ALLOWED[found.ext];
  return allowed ? { ext: found.ext, ...allowed } : undefined;
}

/** Stored names are random: 32 hex characters and the detected type's extension. */
const STORED_NAME = new RegExp(`^[0-9a-f]{32}\\.(${Object.keys(ALLOWED).join("|")})$`);

export const newStoredName = (ext: string) => `${randomBytes(16).toString("hex")}.${ext}`;
export const isStoredName = (name: string) => STORED_NAME.test(name);

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

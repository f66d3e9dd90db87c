import { mkdir, open, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import type { Config } from "../config";
import { HttpError } from "../errors";
import { INCOMING_DIR, isStoredName } from "./files";
import { createS3Storage } from "./s3-storage";

/**
 * Where stored uploads live (docs/decisions/065-uploads-on-s3-compatible-storage.md): the local
 * folder UPLOAD_DIR (the default), or an S3-compatible bucket when S3_BUCKET is set. Every place that
 * writes, reads, deletes or sweeps an upload goes through this; files still arrive (and images are
 * re-encoded) in the local `incomingDir` first, whichever it is.
 */
export type UploadStorage = LocalUploadStorage | S3UploadStorage;

/** A stored object as a listing shows it. */
export interface StoredObject {
  name: string;
  modifiedAt: Date;
}

interface StorageOperations {
  /** Where files land before they are accepted: a local folder of this process. */
  readonly incomingDir: string;
  /** Said in logs, the CLI and backups' manifests: the folder or the bucket. */
  readonly description: string;
  /** Stores the local file `file` under `name` (the local file is moved or removed). */
  put(name: string, file: string, contentType: string): Promise<void>;
  /** The whole object, or undefined when there is none (small files: an avatar to draw). */
  read(name: string): Promise<Buffer | undefined>;
  /** A stream of the object, or undefined when there is none (export zips, backups). */
  open(name: string): Promise<Readable | undefined>;
  /** Removes the objects; a missing one is no error. */
  remove(names: readonly string[]): Promise<void>;
  /** Every stored object under a stored name (never incoming parts). */
  list(): AsyncIterable<StoredObject>;
}

export interface LocalUploadStorage extends StorageOperations {
  readonly kind: "local";
  /** Served from here with express.static (the fast path). */
  readonly directory: string;
}

/** What the app asked of a GET in the bucket: a byte range, the validators the client holds. */
export interface ObjectRequest {
  range?: string;
  ifNoneMatch?: string;
}

export type ObjectAnswer =
  | { status: 200 | 206; body: Readable; contentLength?: number; contentRange?: string; etag?: string; lastModified?: Date }
  | { status: 304; etag?: string }
  | { status: 404 }
  | { status: 416; contentRange?: string };

export interface S3UploadStorage extends StorageOperations {
  readonly kind: "s3";
  /** GET of the object with the client's Range and If-None-Match, to stream it back (the app proxies). */
  get(name: string, request: ObjectRequest): Promise<ObjectAnswer>;
}

/** Told of every failed storage operation (`/metrics` counts them). */
export interface StorageObserver {
  failed(operation: string): void;
}

/** How long a client is told to wait before trying an upload again when the bucket is out of reach. */
export const STORAGE_RETRY_AFTER_SECONDS = 30;

/** The bucket (or folder) could not be reached: 503 with Retry-After, the cause logged, never shown. */
export class StorageUnavailable extends HttpError {
  constructor(readonly operation: string, cause: unknown) {
    super(503, "File storage is unavailable, please try again shortly", {}, { "Retry-After": String(STORAGE_RETRY_AFTER_SECONDS) });
    this.cause = cause;
    // The error handler logs the stack: with the cause, the log says what the bucket answered.
    this.stack = `${this.stack}\nCaused by (${operation}): ${cause instanceof Error ? (cause.stack ?? cause.message) : String(cause)}`;
  }
}

/** The storage the settings name: the bucket when S3_BUCKET is set, else UPLOAD_DIR. */
export function createUploadStorage(config: Pick<Config, "UPLOAD_DIR" | "S3">, observer?: StorageObserver): UploadStorage {
  const incomingDir = path.join(config.UPLOAD_DIR, INCOMING_DIR);
  return config.S3 ? createS3Storage(config.S3, incomingDir, observer) : createLocalStorage(config.UPLOAD_DIR);
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";

export function createLocalStorage(directory: string): LocalUploadStorage {
  const at = (name: string) => path.join(directory, name);
  return {
    kind: "local",
    directory,
    incomingDir: path.join(directory, INCOMING_DIR),
    description: directory,
    async put(name, file) {
      await mkdir(directory, { recursive: true });
      await rename(file, at(name));
    },
    async read(name) {
      return readFile(at(name)).catch((error: unknown) => {
        if (isMissing(error)) return undefined;
        throw error;
      });
    },
    async open(name) {
      const handle = await open(at(name)).catch((error: unknown) => {
        if (isMissing(error)) return undefined;
        throw error;
      });
      return handle ? handle.createReadStream() : undefined;
    },
    async remove(names) {
      await Promise.all(names.map((name) => rm(at(name), { force: true })));
    },
    async *list() {
      const entries = await readdir(directory, { withFileTypes: true }).catch((error: unknown) => {
        if (isMissing(error)) return [];
        throw error;
      });
      for (const entry of entries) {
        if (!entry.isFile() || !isStoredName(entry.name)) continue;
        const found = await stat(at(entry.name)).catch(() => undefined);
        if (found) yield { name: entry.name, modifiedAt: found.mtime };
      }
    },
  };
}

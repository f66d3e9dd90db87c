import { createWriteStream, type WriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Request } from "express";
import type { StorageEngine } from "multer";

/** The most bytes one upload may have, and the error to stop it with past that. */
export interface UploadAllowance {
  maxBytes: number;
  refusal: () => Error;
}

/**
 * multer disk storage that counts the bytes as they arrive and stops the file as soon as it passes
 * its allowance (the kind's size limit, or what is left of the member's quota), instead of taking
 * the whole body first. The allowance is decided when the file part starts, from the fields sent
 * before it (the client sends `kind` first). `onStopped` hears of a stopped file once its part is
 * removed: multer itself reports the error only after reading the rest of the body.
 */
export function limitedDiskStorage({
  directory,
  filename,
  allowance,
  onStopped,
}: {
  directory: string;
  filename: () => string;
  allowance: (req: Request) => Promise<UploadAllowance>;
  onStopped: (req: Request, error: Error) => void;
}): StorageEngine {
  return {
    _handleFile(req, file, done) {
      const target = path.join(directory, filename());
      void (async () => {
        let size = 0;
        let output: WriteStream | undefined;
        try {
          const { maxBytes, refusal } = await allowance(req);
          const counter = new Transform({
            transform(chunk: Buffer, _encoding, next) {
              size += chunk.length;
              next(size > maxBytes ? refusal() : null, chunk);
            },
          });
          output = createWriteStream(target);
          await pipeline(file.stream, counter, output);
          done(null, { destination: directory, filename: path.basename(target), path: target, size });
        } catch (error) {
          file.stream.resume(); // multer stops reading the request itself; this part's rest is discarded
          // pipeline rejects at the first error, while the file may still be opening: removed before
          // it is closed, it would be created again by that open and left behind.
          const opened = output;
          if (opened && !opened.closed) await new Promise<void>((resolve) => opened.once("close", () => resolve()));
          await rm(target, { force: true });
          onStopped(req, error as Error);
          done(error as Error);
        }
      })();
    },
    _removeFile(_req, file, done) {
      rm(file.path, { force: true }).then(() => done(null), done);
    },
  };
}

import { mkdirSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import express, { Router, type Request, type RequestHandler, type Response } from "express";
import multer from "multer";
import { UPLOAD_KINDS } from "@shared/constants";
import { uploadFieldsSchema } from "@shared/schemas/uploads";
import type { UploadResponse } from "@shared/types";
import { deleteUpload } from "../../commands/delete-upload";
import { storeUpload } from "../../commands/store-upload";
import type { Db } from "../../db/client";
import { HttpError, badRequest, notFound } from "../../errors";
import { member, memberHandler, signedInMember } from "../../middlewares/guards";
import { noBody } from "../../middlewares/validate";
import { canDeleteUpload } from "../../policies/upload";
import { findUpload } from "../../queries/uploads";
import { detectFileType, isStoredName, keptOriginalName, newStoredName, uploadUrl } from "../../uploads/files";
import { limitedDiskStorage, type UploadAllowance } from "../../uploads/limited-storage";
import { quotaExceeded, storedBytesOf } from "../../uploads/quota";
import { reencodeImage } from "../../uploads/reencode";
import type { S3UploadStorage, UploadStorage } from "../../uploads/storage";

const MB = 1024 * 1024;
const LARGEST_UPLOAD = Math.max(...Object.values(UPLOAD_KINDS).map((rule) => rule.maxBytes));
/**
 * After a refused file is answered, what the client still sends is read and thrown away this long
 * (so it reads the answer instead of a reset connection), then the connection is cut.
 */
const REFUSED_BODY_GRACE_MS = 2_000;

const tooLarge = (maxBytes: number) => new HttpError(413, `File too large: the maximum for this field is ${maxBytes / MB} MB`);

/** POST /api/upload and DELETE /api/upload/{filename}, as docs/product.md "Uploads" describes. */
export function uploadsRouter({ db, storage, quotaMb, uploadLimit }: { db: Db; storage: UploadStorage; quotaMb: number; uploadLimit: RequestHandler }): Router {
  const router = Router();
  const quotaBytes = quotaMb * MB;
  const { incomingDir } = storage;
  mkdirSync(incomingDir, { recursive: true });

  /**
   * The kind's limit (named by the `kind` field sent before the file; no kind yet is the largest) or
   * what is left of the member's quota as sent, whichever is smaller.
   */
  async function allowanceFor(req: Request): Promise<UploadAllowance> {
    const kind = uploadFieldsSchema.safeParse(req.body ?? {}).data?.kind ?? "default";
    const kindLimit = UPLOAD_KINDS[kind].maxBytes;
    const left = quotaBytes - (await storedBytesOf(db, signedInMember(req).id));
    return left < kindLimit ? { maxBytes: Math.max(left, 0), refusal: quotaExceeded } : { maxBytes: kindLimit, refusal: () => tooLarge(kindLimit) };
  }

  // multer answers a failed file only after reading the whole body; a stopped file is answered at once.
  const answerAtOnce = new WeakMap<Request, (error: Error) => void>();
  // Files land under a temporary name first; only an accepted one is moved to its final name.
  const receive = multer({
    storage: limitedDiskStorage({
      directory: incomingDir,
      filename: () => newStoredName("part"),
      allowance: allowanceFor,
      onStopped: (req, error) => answerAtOnce.get(req)?.(error),
    }),
    limits: { files: 1, fileSize: LARGEST_UPLOAD, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 50 },
    // Browsers send the file's name as UTF-8 bytes, with no charset named.
    defParamCharset: "utf8",
  }).single("file");
  const receiveFile: RequestHandler = (req, res, next) => {
    let settled = false;
    const settle = (error?: unknown) => {
      if (settled) return;
      settled = true;
      next(error ? uploadError(error) : undefined);
    };
    answerAtOnce.set(req, (error) => {
      cutRestOfBodyAfterAnswer(req, res);
      settle(error);
    });
    receive(req, res, settle);
  };

  router.post("/", member, uploadLimit, receiveFile, memberHandler(async (req, res) => {
    const file = req.file;
    if (!file) throw badRequest("No file uploaded");
    const clientGone = abortedWhenClientGoes(res);
    let stored: UploadResponse | undefined;
    try {
      const fields = uploadFieldsSchema.safeParse(req.body ?? {});
      if (!fields.success) throw fields.error;
      const kind = fields.data.kind ?? "default";
      const rule = UPLOAD_KINDS[kind];
      const type = await detectFileType(file.path);
      if (!type || !rule.media.includes(type.media)) {
        throw new HttpError(415, `Unsupported file type; accepted: ${rule.media.join(", ")} files`);
      }
      // A kind named after the file was not known while it arrived.
      if (file.size > rule.maxBytes) throw tooLarge(rule.maxBytes);
      // Images are stored re-encoded (no metadata, capped size), never as sent; audio and video as sent.
      const reencoded = `${file.path}.image`;
      // Images keep their size in pixels too: a post showing one reserves its space (no layout shift).
      const kept =
        type.media === "image"
          ? { path: reencoded, ...(await reencodeImage({ inputPath: file.path, outputPath: reencoded, type, kind, ownerId: req.user.id, signal: clientGone })) }
          : { path: file.path, size: file.size, width: null, height: null };
      // Nobody is left to be told of it: nothing is stored.
      if (clientGone.aborted) return;
      const filename = newStoredName(type.ext);
      // The quota counts what is stored on disk: the re-encoded size for images.
      const originalName = keptOriginalName(file.originalname);
      // The file is stored before the row that names it commits: a row never names a missing file. A
      // row refused (the quota, run out by a parallel upload) takes its file back; a crash in between
      // leaves a file without a row, which the orphan sweep removes.
      await storage.put(filename, kept.path, type.mime);
      try {
        await storeUpload(db, { filename, originalName, ownerId: req.user.id, kind, mimeType: type.mime, sizeBytes: kept.size, width: kept.width, height: kept.height }, quotaBytes);
      } catch (error) {
        await storage.remove([filename]).catch(() => {});
        throw error;
      }
      stored = { url: uploadUrl(filename) };
    } catch (error) {
      // A job dropped because the client went away has no one to answer.
      if (error !== clientGone.reason) throw error;
    } finally {
      await Promise.all([file.path, `${file.path}.image`].map((leftover) => rm(leftover, { force: true })));
    }
    // Answered once the incoming part is gone, so what the client sees next on disk is only what was kept.
    if (stored) res.status(201).json(stored);
  }));

  router.delete("/:filename", member, noBody, memberHandler(async (req, res) => {
    const filename = String(req.params.filename);
    const upload = isStoredName(filename) ? await findUpload(db, filename) : undefined;
    // Someone else's file is answered like a missing one.
    if (!upload || !canDeleteUpload(req.user, upload)) throw notFound("File not found");
    await deleteUpload(db, upload);
    // Its row is gone: a file the storage could not remove now is a stray the orphan sweep removes.
    await storage.remove([filename]).catch((error: Error) => req.log.warn({ error: error.message }, "An upload's file stays until the sweep"));
    res.json({ message: "File deleted" });
  }));

  return router;
}

/** A signal that aborts when the client goes away (the connection closes) before its answer is complete. */
function abortedWhenClientGoes(res: Response): AbortSignal {
  const gone = new AbortController();
  const leave = () => {
    if (!res.writableFinished) gone.abort();
  };
  // Gone already while the file was being received: the response has let go of its socket.
  if (!res.socket || res.socket.destroyed) leave();
  else res.once("close", leave);
  return gone.signal;
}

/** Once the early answer is sent, the rest of the body is discarded for a short grace, then the connection is cut. */
function cutRestOfBodyAfterAnswer(req: Request, res: Response) {
  res.once("finish", () => {
    if (req.complete) return;
    const cut = setTimeout(() => req.socket.destroy(), REFUSED_BODY_GRACE_MS).unref();
    req.once("close", () => clearTimeout(cut));
  });
}

function uploadError(error: unknown): unknown {
  if (error instanceof multer.MulterError) {
    return error.code === "LIMIT_FILE_SIZE" ? new HttpError(413, `File too large: the maximum is ${LARGEST_UPLOAD / MB} MB`) : badRequest(`Invalid upload: ${error.message}`);
  }
  // A truncated or malformed multipart body.
  if (error instanceof Error && /Unexpected end of form|Malformed part header|Multipart: Boundary not found/i.test(error.message)) {
    return badRequest("Invalid upload: the form data is incomplete");
  }
  return error;
}

/** A week, as `Cache-Control: public, max-age=604800`: a stored name's bytes never change. */
const UPLOAD_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** Stored files, served with the type their extension (the detected type) gives, never sniffed. */
export function serveUploads(storage: UploadStorage): RequestHandler[] {
  // Only stored names are served: not the incoming folder, not folders at all.
  const onlyStoredNames: RequestHandler = (req, _res, next) => next(isStoredName(req.path.slice(1)) ? undefined : notFound("File not found"));
  const setHeaders = (res: Response) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
  };
  // Local files take express.static's fast path (sendfile, ranges, ETag and 304 by send).
  if (storage.kind === "local") {
    return [onlyStoredNames, express.static(storage.directory, { dotfiles: "ignore", index: false, fallthrough: false, maxAge: UPLOAD_MAX_AGE_MS, setHeaders })];
  }
  return [onlyStoredNames, proxyFromBucket(storage, setHeaders)];
}

/**
 * Streams an object from the bucket as express.static would send the file: the same Cache-Control,
 * the object's ETag and Last-Modified (If-None-Match → 304), Range → 206 with Content-Range, so
 * audio and video seek and a CDN in front can keep it. The bucket need not be public.
 */
function proxyFromBucket(storage: S3UploadStorage, setHeaders: (res: Response) => void): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.set("Allow", "GET, HEAD");
      return next(new HttpError(405, "Method not allowed", {}, { Allow: "GET, HEAD" }));
    }
    const name = req.path.slice(1);
    const ifNoneMatch = req.get("if-none-match");
    void (async () => {
      const answer = await storage.get(name, { range: req.get("range"), ifNoneMatch });
      if (answer.status === 404) throw notFound("File not found");
      setHeaders(res);
      res.set({ "Accept-Ranges": "bytes", "Cache-Control": `public, max-age=${UPLOAD_MAX_AGE_MS / 1000}` });
      if (answer.status === 416) {
        if (answer.contentRange) res.set("Content-Range", answer.contentRange);
        return void res.status(416).end();
      }
      if (answer.status === 304) {
        if (answer.etag) res.set("ETag", answer.etag);
        return void res.status(304).end();
      }
      res.type(path.extname(name));
      if (answer.etag) res.set("ETag", answer.etag);
      if (answer.lastModified) res.set("Last-Modified", answer.lastModified.toUTCString());
      // A weak or listed If-None-Match the bucket did not compare: the same test send makes.
      if (answer.status === 200 && req.fresh) {
        answer.body.destroy();
        return void res.status(304).end();
      }
      if (answer.contentLength !== undefined) res.set("Content-Length", String(answer.contentLength));
      if (answer.contentRange) res.set("Content-Range", answer.contentRange);
      res.status(answer.status);
      if (req.method === "HEAD") {
        answer.body.destroy();
        return void res.end();
      }
      // A body cut off midway ends the answer short; the client sees the connection close.
      await pipeline(answer.body, res).catch(() => res.destroy());
    })().catch(next);
  };
}

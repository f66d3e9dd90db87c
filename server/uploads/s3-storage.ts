import { createReadStream } from "node:fs";
import { rm, stat } from "node:fs/promises";
import type { Readable } from "node:stream";
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  type GetObjectCommandOutput,
} from "@aws-sdk/client-s3";
import type { S3Settings } from "../config";
import { isStoredName } from "./files";
import { StorageUnavailable, type ObjectAnswer, type S3UploadStorage, type StorageObserver } from "./storage";

/** A connection that does not open within this is a bucket out of reach. */
const CONNECT_TIMEOUT_MS = 3_000;
/** A request whose socket stays idle this long is given up. */
const IDLE_TIMEOUT_MS = 20_000;
/** DeleteObjects takes at most 1000 keys. */
const DELETE_BATCH = 1000;

const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const isNoSuchKey = (error: unknown) => error instanceof S3ServiceException && (error.name === "NoSuchKey" || error.name === "NotFound" || statusOf(error) === 404);

/**
 * Uploads in an S3-compatible bucket (AWS S3, MinIO, Garage, …) through the AWS SDK, under their
 * stored names at the bucket's root. The bucket need not be public: the app reads it and serves
 * `/uploads/` itself. Any failure but "no such object" is StorageUnavailable (503) and is counted.
 */
export function createS3Storage(settings: S3Settings, incomingDir: string, observer?: StorageObserver): S3UploadStorage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // One retry: a bucket that is down is said at once (503 with Retry-After), not after a long backoff.
    maxAttempts: 2,
    // Checksums only where the API requires them: S3-compatible servers (MinIO, Garage, …) do not all
    // take the SDK's newer trailing checksums on every upload.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: IDLE_TIMEOUT_MS },
    // The SDK's own warnings (a failed upload it cannot retry) would go to the console: each failure
    // is a StorageUnavailable the caller logs, with its cause, and counts.
    logger: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
  });
  const Bucket = settings.bucket;
  /** Runs one operation; any failure but the ones `expected` lets through is the bucket's. */
  async function attempt<T>(operation: string, work: () => Promise<T>, expected: (error: unknown) => boolean = () => false): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (expected(error)) throw error;
      observer?.failed(operation);
      throw new StorageUnavailable(operation, error);
    }
  }
  const getObject = (name: string, extra: { Range?: string; IfNoneMatch?: string } = {}) =>
    attempt("get", () => client.send(new GetObjectCommand({ Bucket, Key: name, ...extra })), (error) => isNoSuchKey(error) || [304, 416].includes(statusOf(error) ?? 0));
  const missingIsUndefined = (error: unknown) => {
    if (isNoSuchKey(error)) return undefined;
    throw error;
  };
  const bodyOf = (output: GetObjectCommandOutput) => output.Body as Readable;

  return {
    kind: "s3",
    incomingDir,
    description: `s3://${Bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ""}`,
    async put(name, file, contentType) {
      const { size } = await stat(file);
      await attempt("put", () =>
        client.send(new PutObjectCommand({ Bucket, Key: name, Body: createReadStream(file), ContentLength: size, ContentType: contentType })),
      );
      await rm(file, { force: true });
    },
    async read(name) {
      const output = await getObject(name).catch(missingIsUndefined);
      if (!output) return undefined;
      return attempt("get", async () => Buffer.from(await output.Body!.transformToByteArray()));
    },
    async open(name) {
      const output = await getObject(name).catch(missingIsUndefined);
      if (!output) return undefined;
      const body = bodyOf(output);
      // A body cut off midway is the bucket's failure too.
      body.once("error", () => observer?.failed("get"));
      return body;
    },
    async remove(names) {
      for (let start = 0; start < names.length; start += DELETE_BATCH) {
        const Objects = names.slice(start, start + DELETE_BATCH).map((Key) => ({ Key }));
        const output = await attempt("delete", () => client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } })));
        if (output.Errors?.length) {
          observer?.failed("delete");
          throw new StorageUnavailable("delete", new Error(`${output.Errors[0]!.Key}: ${output.Errors[0]!.Message}`));
        }
      }
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await attempt("list", () => client.send(new ListObjectsV2Command({ Bucket, ContinuationToken })));
        for (const object of page.Contents ?? []) {
          if (object.Key && isStoredName(object.Key)) yield { name: object.Key, modifiedAt: object.LastModified ?? new Date(0) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async get(name, { range, ifNoneMatch }): Promise<ObjectAnswer> {
      try {
        const output = await getObject(name, { Range: range, IfNoneMatch: ifNoneMatch });
        return {
          status: output.ContentRange ? 206 : 200,
          body: bodyOf(output),
          contentLength: output.ContentLength,
          contentRange: output.ContentRange,
          etag: output.ETag,
          lastModified: output.LastModified,
        };
      } catch (error) {
        if (error instanceof StorageUnavailable) throw error;
        if (isNoSuchKey(error)) return { status: 404 };
        if (statusOf(error) === 304) return { status: 304, etag: ifNoneMatch };
        const size = (error as { ActualObjectSize?: string }).ActualObjectSize;
        return { status: 416, contentRange: size ? `bytes */${size}` : undefined };
      }
    },
  };
}

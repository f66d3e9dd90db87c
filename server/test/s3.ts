import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { findFreePort } from "../db/embedded-postgres";

/**
 * A real S3 server on loopback (s3rver, its objects in a temporary folder) with one bucket, for the
 * tests of uploads on S3-compatible storage; the app reaches it with the real AWS SDK.
 */
export interface TestBucket {
  /** The S3_* settings that point the app at it. */
  env: Record<string, string>;
  endpoint: string;
  bucket: string;
  /** Stops answering (connections cut, the port closed); what it holds stays. */
  stop(): Promise<void>;
  /** Answers again on the same port, with what it held. */
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startTestBucket(bucket = "enclave-uploads"): Promise<TestBucket> {
  const directory = await mkdtemp(path.join(os.tmpdir(), "enclave-s3-"));
  const port = await findFreePort();
  // A new server each start: a stopped one has closed its logger.
  const serve = async () => {
    const started = new S3rver({ address: "127.0.0.1", port, silent: true, directory, configureBuckets: [{ name: bucket }] });
    await started.run();
    return started;
  };
  let server = await serve();
  let running = true;
  const endpoint = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (!running) return;
    running = false;
    server.httpServer?.closeAllConnections();
    await server.close();
  };
  return {
    endpoint,
    bucket,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      // s3rver's own key pair.
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    },
    stop,
    async start() {
      if (running) return;
      server = await serve();
      running = true;
    },
    async close() {
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

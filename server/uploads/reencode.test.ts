import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gifDeclaring } from "../test/files";
import { IMAGE_LIMITS, reencodeImage } from "./reencode";

describe("reencodeImage's time limit", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "enclave-reencode-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("stops an image that takes longer than the limit and answers 413", async () => {
    // 40 frames of 2590×2590 (268 megapixels in 959 bytes) take libvips well over ten seconds;
    // with the pixel limit raised for the test, only the time limit (1 s) stops it.
    const inputPath = path.join(dir, "slow.gif");
    await writeFile(inputPath, gifDeclaring({ width: 2590, height: 2590, frames: 40 }));
    const limits = { ...IMAGE_LIMITS, maxPixels: 300_000_000, timeoutSeconds: 1 };
    const job = { inputPath, outputPath: `${inputPath}.out`, type: { ext: "gif", mime: "image/gif", media: "image" }, kind: "default", ownerId: 1 } as const;
    await expect(reencodeImage({ ...job, signal: new AbortController().signal }, limits)).rejects.toMatchObject({
      status: 413,
      message: "Image too large: it took longer than 1 s to process",
    });
    // libvips leaves no half-written output behind.
    expect(await readdir(dir)).toEqual(["slow.gif"]);
  });
});

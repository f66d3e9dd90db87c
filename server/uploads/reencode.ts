import { stat } from "node:fs/promises";
import sharp, { type OutputInfo, type Sharp } from "sharp";
import type { UploadKind } from "@shared/constants";
import { HttpError } from "../errors";
import { FairQueue } from "./fair-queue";
import type { DetectedType } from "./files";

// Each upload is read once: no point caching decoded images. One libvips thread per image, and at
// most two images at a time per process (below), so re-encoding never takes more than two cores and
// two of libuv's four threads (bcrypt, file reads and the like keep theirs) on a small machine.
sharp.cache(false);
sharp.concurrency(1);

/** docs/product.md "Images": the longest side an image of each kind keeps; banners, backgrounds and others 2560. */
const LONG_SIDE = 2560;
export const IMAGE_LONG_SIDE: Partial<Record<UploadKind, number>> = { avatar: 512, bioAvatar: 512, linkIcon: 256, trackCover: 1024, postImage: 2048 };

const ANIMATED = new Set(["gif", "webp"]);

/** What one image may cost to re-encode (docs/decisions/020-image-limits.md). */
export interface ImageLimits {
  /** Pixels of all its frames together, as its header declares them. */
  maxPixels: number;
  maxFrames: number;
  /** Longest the re-encode may run, counted by libvips from when it opens the image. */
  timeoutSeconds: number;
}

export const IMAGE_LIMITS: ImageLimits = { maxPixels: 50_000_000, maxFrames: 500, timeoutSeconds: 20 };

/**
 * The re-encodes of this process: two at a time, at most one per member, members taking turns, so
 * one member's slow or numerous images never hold up anyone else's.
 */
export const imageJobs = new FairQueue(2);

export interface ReencodeJob {
  inputPath: string;
  outputPath: string;
  type: DetectedType;
  kind: UploadKind;
  ownerId: number;
  /** Aborted when the client goes away: a waiting job is dropped, a running one stops after reading the header. */
  signal: AbortSignal;
  /** The longest side kept, when not the kind's (a link preview's image). */
  longSide?: number;
}

const tooLarge = (message: string) => new HttpError(413, message);

/**
 * Re-encodes an uploaded image into `outputPath` in its own format: turned upright by its EXIF
 * orientation, every piece of metadata (EXIF, GPS, XMP, ICC, comments) left out, the long side
 * capped for its kind, animation kept for GIF and WebP. Its size and frame count are read from its
 * header first, and an image over the limits is refused (413) before a pixel is decoded; the work
 * runs on sharp's threads, off the event loop, within the time limit. A file that does not decode
 * is a 415. Returns the new file's size in bytes and its size in pixels (a frame's, when animated).
 */
export function reencodeImage(
  { inputPath, outputPath, type, kind, ownerId, signal, longSide }: ReencodeJob,
  limits: ImageLimits = IMAGE_LIMITS,
): Promise<{ size: number; width: number; height: number }> {
  return imageJobs.run(ownerId, signal, async () => {
    const animated = ANIMATED.has(type.ext);
    checkDeclaredSize(await declaredSize(inputPath, animated), limits);
    signal.throwIfAborted();
    const side = longSide ?? IMAGE_LONG_SIDE[kind] ?? LONG_SIDE;
    // The pixel limit again, in case libvips finds more than the header said.
    const image = sharp(inputPath, { animated, failOn: "error", limitInputPixels: limits.maxPixels })
      .timeout({ seconds: limits.timeoutSeconds })
      .autoOrient()
      .resize({ width: side, height: side, fit: "inside", withoutEnlargement: true });
    let output: OutputInfo;
    try {
      output = await encoderFor(image, type.ext).toFile(outputPath);
    } catch (error) {
      const message = error instanceof Error ? error.message : "";
      if (message.startsWith("timeout")) throw tooLarge(`Image too large: it took longer than ${limits.timeoutSeconds} s to process`);
      if (message.includes("exceeds pixel limit")) throw tooLarge(pixelsMessage(limits));
      throw unreadable();
    }
    return { size: (await stat(outputPath)).size, width: output.width, height: output.pageHeight ?? output.height };
  });
}

interface DeclaredSize {
  width: number;
  /** Of one frame. */
  height: number;
  frames: number;
}

/** What the image's header says, without decoding it (sharp's metadata reads headers only). */
async function declaredSize(inputPath: string, animated: boolean): Promise<DeclaredSize> {
  try {
    // No pixel limit here: checkDeclaredSize answers an image over it with its own message.
    const { width, height, pages, pageHeight } = await sharp(inputPath, { animated, limitInputPixels: false }).metadata();
    return { width, height: pageHeight ?? height, frames: animated ? (pages ?? 1) : 1 };
  } catch {
    throw unreadable();
  }
}

function checkDeclaredSize({ width, height, frames }: DeclaredSize, limits: ImageLimits) {
  if (frames > limits.maxFrames) throw tooLarge(`Image has too many frames: ${frames}; the maximum is ${limits.maxFrames}`);
  if (width * height * frames > limits.maxPixels) throw tooLarge(pixelsMessage(limits, { width, height, frames }));
}

function pixelsMessage(limits: ImageLimits, size?: DeclaredSize): string {
  const declared = size ? `${size.width}×${size.height} pixels${size.frames > 1 ? ` in ${size.frames} frames` : ""}; ` : "";
  return `Image too large: ${declared}the maximum is ${limits.maxPixels / 1_000_000} megapixels, all frames together`;
}

const unreadable = () => new HttpError(415, "Unsupported file: the image could not be read");

function encoderFor(image: Sharp, ext: string): Sharp {
  switch (ext) {
    case "jpg":
      return image.jpeg({ quality: 85 });
    case "png":
      return image.png({ compressionLevel: 9 });
    case "webp":
      return image.webp({ quality: 85 });
    case "gif":
      return image.gif();
    default:
      throw new Error(`not an image type: ${ext}`);
  }
}

import { stat } from "node:fs/promises";
import sharp, { type Sharp } from "sharp";
import type { UploadKind } from "@shared/constants";
import { HttpError } from "../errors";
import type { DetectedType } from "./files";

// Each upload is read once: no point caching decoded images. One libvips thread per image, and
// one image at a time per process (below), so re-encoding never takes more than one core and one
// of libuv's threads (bcrypt, file reads and the like keep theirs) on a small machine.
sharp.cache(false);
sharp.concurrency(1);

/** docs/product.md "Images": the longest side an image of each kind keeps; banners, backgrounds and others 2560. */
const LONG_SIDE = 2560;
export const IMAGE_LONG_SIDE: Partial<Record<UploadKind, number>> = { avatar: 512, bioAvatar: 512, linkIcon: 256, trackCover: 1024 };

const ANIMATED = new Set(["gif", "webp"]);

let queue: Promise<unknown> = Promise.resolve();
/** Runs re-encodes one after another, whatever the number of uploads in flight. */
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

/**
 * Re-encodes an uploaded image into `outputPath` in its own format: turned upright by its EXIF
 * orientation, every piece of metadata (EXIF, GPS, XMP, ICC, comments) left out, the long side
 * capped for its kind, animation kept for GIF and WebP. The work runs on sharp's threads, off the
 * event loop. A file that does not decode is a 415. Returns the new file's size.
 */
export function reencodeImage(inputPath: string, outputPath: string, type: DetectedType, kind: UploadKind): Promise<number> {
  return oneAtATime(async () => {
    const side = IMAGE_LONG_SIDE[kind] ?? LONG_SIDE;
    const image = sharp(inputPath, { animated: ANIMATED.has(type.ext), failOn: "error" })
      .autoOrient()
      .resize({ width: side, height: side, fit: "inside", withoutEnlargement: true });
    try {
      await encoderFor(image, type.ext).toFile(outputPath);
    } catch {
      throw new HttpError(415, "Unsupported file: the image could not be read");
    }
    return (await stat(outputPath)).size;
  });
}

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

/** Real files for upload tests. */
import { randomBytes } from "node:crypto";
import sharp from "sharp";

// A valid 1x1 transparent PNG.
export const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/** A PNG signature followed by padding: detected as PNG, of any size. */
export const pngOfSize = (bytes: number) => Buffer.concat([PNG_1X1, Buffer.alloc(Math.max(0, bytes - PNG_1X1.length))]);

export const HTML_PAGE = Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>");
export const SVG_IMAGE = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>');

const MB = 1024 * 1024;

/**
 * A 12-megapixel (4000x3000) phone photo of random pixels, which compress badly: about 23 MB, just
 * under the 25 MB avatar limit, with the phone's make and a GPS position in its EXIF.
 */
export async function phonePhoto(): Promise<Buffer> {
  const [width, height] = [4000, 3000];
  const photo = await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95, chromaSubsampling: "4:4:4" })
    .withExif({ IFD0: { Make: "LeakyPhone", Model: "Leaky 1" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 2964/100" } })
    .toBuffer();
  if (photo.length > 25 * MB) throw new Error(`The test photo is ${(photo.length / MB).toFixed(1)} MB, over the 25 MB avatar limit`);
  return photo;
}

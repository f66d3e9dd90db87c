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

/** An MPEG audio frame header after an ID3 tag, then silence: detected as mp3. */
export const MP3_SILENCE = Buffer.concat([Buffer.from("ID3"), Buffer.from([4, 0, 0, 0, 0, 0, 0]), Buffer.from("fffb9064", "hex"), Buffer.alloc(2000)]);

/** An MP4's first box (`ftyp`, detected as video/mp4) followed by zeros: `bytes` long. */
export const videoOfSize = (bytes: number) => {
  const header = Buffer.from("0000001866747970697336360000000169736f6d61766331", "hex");
  return Buffer.concat([header, Buffer.alloc(bytes - header.length)]);
};

/** A QuickTime movie's `ftyp` box (brand `qt  `, detected as video/quicktime) followed by zeros. */
export const QUICKTIME_MOVIE = Buffer.concat([Buffer.from("0000001466747970717420200000000071742020", "hex"), Buffer.alloc(2000)]);

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

const uint16 = (value: number) => [value & 0xff, value >> 8];

/**
 * A GIF built byte by byte that declares `width`×`height` pixels in each of `frames` frames while
 * carrying almost nothing: each frame's data is one pixel, the decoder fills in the rest. A
 * decompression bomb at large sizes (16383×16383 in 43 bytes), a cheap animation at small ones.
 */
export function gifDeclaring({ width, height, frames = 1 }: { width: number; height: number; frames?: number }): Buffer {
  const bytes = [
    ...Buffer.from("GIF89a"),
    ...uint16(width),
    ...uint16(height),
    0x80, // a global colour table of two colours follows
    0,
    0,
    ...[0, 0, 0, 255, 255, 255],
  ];
  // Loop forever (the NETSCAPE2.0 extension).
  if (frames > 1) bytes.push(0x21, 0xff, 0x0b, ...Buffer.from("NETSCAPE2.0"), 3, 1, 0, 0, 0);
  for (let frame = 0; frame < frames; frame++) {
    bytes.push(0x21, 0xf9, 4, 0, ...uint16(10), 0, 0); // graphic control: 100 ms
    bytes.push(0x2c, 0, 0, 0, 0, ...uint16(width), ...uint16(height), 0); // the frame covers the screen
    bytes.push(2, 2, 0x44, 0x01, 0); // LZW: clear, one pixel, end
  }
  bytes.push(0x3b);
  return Buffer.from(bytes);
}

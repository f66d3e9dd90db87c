/** Small real files for upload tests. */

// A valid 1x1 transparent PNG.
export const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/** A PNG signature followed by padding: detected as PNG, of any size. */
export const pngOfSize = (bytes: number) => Buffer.concat([PNG_1X1, Buffer.alloc(Math.max(0, bytes - PNG_1X1.length))]);

export const HTML_PAGE = Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>");
export const SVG_IMAGE = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>');

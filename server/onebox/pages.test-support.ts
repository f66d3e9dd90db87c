import http from "node:http";
import { once } from "node:events";
import sharp from "sharp";

/** A request a test server received. */
export interface Hit {
  method: string;
  path: string;
}

/** An HTTP server for tests on `host` (port chosen by the system), recording every request; `handler` answers. */
export async function startServer(host: string, handler: (req: http.IncomingMessage, res: http.ServerResponse) => void = (_req, res) => res.end("trap")) {
  const hits: Hit[] = [];
  const server = http.createServer((req, res) => {
    hits.push({ method: req.method!, path: req.url! });
    handler(req, res);
  });
  server.listen(0, host);
  await once(server, "listening");
  const port = (server.address() as { port: number }).port;
  return {
    port,
    hits,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export const PAGE_IMAGE_SIZE = { width: 1200, height: 630 };

/** A page's image as a site sends it: large, with EXIF metadata that must not be kept. */
export const pageImage = () =>
  sharp({ create: { ...PAGE_IMAGE_SIZE, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .png()
    .withExif({ IFD0: { Copyright: "page-secret-exif" } })
    .toBuffer();

/** The article page: Open Graph texts with markup in them, and an image on the same server. */
export const ARTICLE = `<!doctype html><html><head>
<title>Fallback title</title>
<meta property="og:title" content="An &lt;b&gt;article&lt;/b&gt; &amp; more">
<meta property="og:description" content="It says &lt;script&gt;alert(1)&lt;/script&gt; &quot;quoted&quot;">
<meta property="og:site_name" content="Example News">
<meta property="og:image" content="/image.png">
</head><body><p>Body</p></body></html>`;

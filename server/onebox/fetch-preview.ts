import { randomBytes } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import ogs from "open-graph-scraper";
import { detectFileType, newStoredName } from "../uploads/files";
import { reencodeImage } from "../uploads/reencode";
import type { UploadStorage } from "../uploads/storage";
import { FetchRefused, safeGet, type AllowedHosts, type FetchLimits, ONEBOX_LIMITS } from "./safe-fetch";

/** The longest a preview's texts are kept, and its image's longest side. */
export const PREVIEW_TEXT_LIMITS = { title: 200, description: 400, siteName: 80 } as const;
export const PREVIEW_IMAGE_SIDE = 600;

const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);

export interface FetchedPreview {
  title: string | null;
  description: string | null;
  siteName: string | null;
  /** The page's image, re-encoded and stored as an upload under `filename`; null when there is none or it failed. */
  image: { filename: string; mimeType: string; sizeBytes: number; width: number; height: number } | null;
}

export interface PreviewFetcher {
  hosts: AllowedHosts;
  storage: UploadStorage;
  limits?: FetchLimits;
}

/** Whitespace folded, cut to `max` characters; empty is null. */
function cleanText(value: unknown, max: number): string | null {
  if (typeof value !== "string") return null;
  const text = value.replace(/\s+/g, " ").trim();
  if (text === "") return null;
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/**
 * The preview of the page at `url`: fetched with safeGet (HTML only), its metadata read by
 * open-graph-scraper (Open Graph, Twitter cards, then `<title>` and the description meta tag), its
 * image fetched the same way and re-encoded into an upload file. Throws FetchRefused when the page
 * gives nothing (refused, failed, not HTML, no title or description).
 */
export async function fetchPreview(url: string, ownerId: number, { hosts, storage, limits = ONEBOX_LIMITS }: PreviewFetcher): Promise<FetchedPreview> {
  const page = await safeGet(url, { accept: "text/html", accepts: (type) => type === "text/html" }, hosts, limits);
  const { result } = await ogs({ html: page.body.toString("utf8") });
  const title = cleanText(result.ogTitle ?? result.twitterTitle ?? result.dcTitle, PREVIEW_TEXT_LIMITS.title);
  const description = cleanText(result.ogDescription ?? result.twitterDescription ?? result.dcDescription, PREVIEW_TEXT_LIMITS.description);
  if (!title && !description) throw new FetchRefused("no title or description");
  const siteName = cleanText(result.ogSiteName, PREVIEW_TEXT_LIMITS.siteName) ?? page.url.hostname;
  const imageUrl = result.ogImage?.[0]?.url ?? result.twitterImage?.[0]?.url;
  const image = imageUrl ? await fetchImage(imageUrl, page.url, ownerId, { hosts, storage, limits }).catch(() => null) : null;
  return { title, description, siteName, image };
}

async function fetchImage(address: string, base: URL, ownerId: number, { hosts, storage, limits = ONEBOX_LIMITS }: PreviewFetcher): Promise<FetchedPreview["image"]> {
  const url = new URL(address, base).href;
  const fetched = await safeGet(url, { accept: [...IMAGE_TYPES].join(", "), accepts: (type) => IMAGE_TYPES.has(type) }, hosts, limits);
  const incoming = storage.incomingDir;
  await mkdir(incoming, { recursive: true });
  const inputPath = path.join(incoming, `preview-${randomBytes(8).toString("hex")}`);
  const outputPath = `${inputPath}.image`;
  try {
    await writeFile(inputPath, fetched.body);
    // The bytes decide the type, never the answer's header.
    const type = await detectFileType(inputPath);
    if (!type || type.media !== "image") return null;
    const kept = await reencodeImage({ inputPath, outputPath, type, kind: "postImage", ownerId, signal: new AbortController().signal, longSide: PREVIEW_IMAGE_SIDE });
    const filename = newStoredName(type.ext);
    // Stored before the job writes the row that names it (a failed job leaves a stray the sweep removes).
    await storage.put(filename, outputPath, type.mime);
    return { filename, mimeType: type.mime, sizeBytes: kept.size, width: kept.width, height: kept.height };
  } finally {
    await Promise.all([inputPath, outputPath].map((leftover) => rm(leftover, { force: true })));
  }
}

import type { MarkdownIt } from "markdown-it";
import { UPLOADS_PATH } from "../uploads/files";
import { contextOf } from "./context";
import { inlinePlainText } from "./plain-text";

/** `/uploads/<stored name>`: the only image sources a text may show (stored names are hex, a dot and an extension). */
const UPLOAD_PATH = new RegExp(`${UPLOADS_PATH}/([0-9a-f]{32}\\.[a-z0-9]{2,5})(?![\\w./-])`, "g");

/** Distinct upload paths a text names, for looking up which of them are the author's. */
export function uploadPathsIn(source: string): string[] {
  return [...new Set(Array.from(source.matchAll(UPLOAD_PATH), (match) => `${UPLOADS_PATH}/${match[1]}`))];
}

/**
 * `![alt](src)`: an image when src is one of the author's own uploads (lazy, with its size so the
 * page does not shift), otherwise a link to src (the sanitizer still decides whether it may link).
 * Either way its text is the description as it reads, without marks. Inside a link, an image that
 * does not show is already text (links-in-links.ts).
 */
export function renderImages(md: MarkdownIt): void {
  md.renderer.rules.image = (tokens, index, _options, env) => {
    const token = tokens[index]!;
    const src = String(token.attrGet("src") ?? "");
    const alt = md.utils.escapeHtml(inlinePlainText(token.children ?? []));
    const image = contextOf(env).ownImages.get(src);
    if (!image) return `<a href="${md.utils.escapeHtml(src)}">${alt || md.utils.escapeHtml(src)}</a>`;
    const size = image.width && image.height ? ` width="${image.width}" height="${image.height}"` : "";
    return `<img src="${md.utils.escapeHtml(src)}" alt="${alt}" loading="lazy"${size}>`;
  };
}

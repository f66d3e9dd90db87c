import sanitizeHtml from "sanitize-html";
import type { RenderContext } from "./context";
import { LINK_REL, isAllowedHref, isExternalHref } from "./links";

/** docs/product.md, "Forum": the only elements member text may become. */
export const ALLOWED_TAGS = [
  "p", "br", "strong", "em", "del", "code", "pre", "blockquote", "ul", "ol", "li", "a",
  "h1", "h2", "h3", "h4", "h5", "h6", "hr", "table", "thead", "tbody", "tr", "th", "td", "img",
  "span", "aside",
];

/**
 * docs/product.md "Rich content": the only classes member text may carry. Highlighted code's
 * (`language-x` on code, highlight.js's `hljs-…` scopes and their `name_` sub-scopes on span), a
 * mention's, and a link preview card's.
 */
export const ALLOWED_CLASSES: Record<string, (string | RegExp)[]> = {
  a: ["mention"],
  code: [/^language-[a-z0-9_+#-]{1,30}$/],
  span: [/^hljs-[a-z_-]{1,30}$/, /^[a-z]{1,20}_{1,3}$/],
  aside: ["onebox"],
  p: ["onebox-site", "onebox-title", "onebox-description"],
  img: ["onebox-image"],
};

/** A table column's alignment: one of these values or no `align` at all (never a style). */
const ALIGNMENTS = new Set(["left", "center", "right"]);
const keepAlignment: sanitizeHtml.Transformer = (tagName, { align }) => {
  const attribs: sanitizeHtml.Attributes = {};
  if (align !== undefined && ALIGNMENTS.has(align)) attribs.align = align;
  return { tagName, attribs };
};

/**
 * The allowlist run over the renderer's output, so that whatever the renderer lets through, the
 * stored HTML holds only these tags and attributes. Every sanitize-html default that would allow
 * more is set explicitly: its default schemes add ftp and tel, it accepts protocol-relative
 * `//host` URLs, and it keeps `name` and `target` on links and srcset on images.
 */
function options(context: RenderContext): sanitizeHtml.IOptions {
  const previewImages = new Set([...(context.previews?.values() ?? [])].flatMap((preview) => (preview.image ? [preview.image.src] : [])));
  return {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {
      a: ["href", "rel", "target", "class"],
      img: ["src", "alt", "loading", "width", "height"],
      ol: ["start"],
      th: ["align"],
      td: ["align"],
    },
    allowedClasses: ALLOWED_CLASSES,
    allowedSchemes: ["http", "https", "mailto"],
    allowedSchemesByTag: { img: [] },
    allowedSchemesAppliedToAttributes: ["href", "src"],
    allowProtocolRelative: false,
    allowedStyles: {},
    parseStyleAttributes: false,
    disallowedTagsMode: "discard",
    transformTags: {
      th: keepAlignment,
      td: keepAlignment,
      a: (tagName, attribs) => {
        const href = attribs.href !== undefined && isAllowedHref(attribs.href) ? attribs.href : undefined;
        return {
          tagName,
          attribs: {
            ...(href === undefined ? {} : { href }),
            ...(attribs.class === "mention" ? { class: "mention" } : {}),
            rel: LINK_REL,
            ...(href !== undefined && isExternalHref(href) ? { target: "_blank" } : {}),
          },
        };
      },
    },
    // An image stays only when its source is one of the author's uploads or a kept preview's image, whatever produced it.
    exclusiveFilter: (frame) => frame.tag === "img" && !context.ownImages.has(frame.attribs.src ?? "") && !previewImages.has(frame.attribs.src ?? ""),
  };
}

export function sanitizeRendered(html: string, context: RenderContext): string {
  return sanitizeHtml(html, options(context));
}

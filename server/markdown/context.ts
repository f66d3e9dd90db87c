/** A stored image of the author's: its size when known (older uploads have none). */
export interface OwnImage {
  width: number | null;
  height: number | null;
}

/**
 * What a rendering knows of the world besides the text: which `@names` are existing members (lower
 * case → the name as its member spells it) and which `/uploads/` files are the author's own images
 * (path → size). Built by renderAsAuthor; empty, nothing links as a mention and no image shows.
 */
export interface RenderContext {
  members: ReadonlyMap<string, string>;
  ownImages: ReadonlyMap<string, OwnImage>;
  /** The link previews kept for the URLs the text shows alone on a line (url → preview); absent, none shows. */
  previews?: ReadonlyMap<string, LinkPreview>;
}

/** A link preview as a text shows it (docs/product.md "Rich content"): the page's texts, and its image as this site's upload. */
export interface LinkPreview {
  title: string | null;
  description: string | null;
  siteName: string | null;
  image: { src: string; width: number | null; height: number | null } | null;
}

export const NOTHING_KNOWN: RenderContext = { members: new Map(), ownImages: new Map() };

/** markdown-it's per-render state (its `env`), where the rules find the context. */
export const renderEnv = (context: RenderContext) => ({ context });
export const contextOf = (env: Record<string, unknown> | undefined): RenderContext => (env?.context as RenderContext | undefined) ?? NOTHING_KNOWN;

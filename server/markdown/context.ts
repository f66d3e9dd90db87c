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
}

export const NOTHING_KNOWN: RenderContext = { members: new Map(), ownImages: new Map() };

/** markdown-it's per-render state (its `env`), where the rules find the context. */
export const renderEnv = (context: RenderContext) => ({ context });
export const contextOf = (env: Record<string, unknown> | undefined): RenderContext => (env?.context as RenderContext | undefined) ?? NOTHING_KNOWN;

import type { Db } from "../db/client";
import { findRenderContexts } from "../queries/render-context";
import { renderMarkdown, type Rendered } from "./render";

/**
 * Renders `source` as written by member `authorId`: mentions of existing members link, and only
 * that member's own uploaded images show. What posts, comments, messages and the preview store or answer.
 */
export async function renderAsAuthor(db: Pick<Db, "select">, authorId: number, source: string): Promise<Rendered> {
  const [context] = await findRenderContexts(db, [{ authorId, source }]);
  return renderMarkdown(source, context);
}

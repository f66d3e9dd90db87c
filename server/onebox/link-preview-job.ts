import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { posts } from "../db/schema";
import type { JobHandler } from "../jobs/worker";
import type { Logger } from "../logger";
import { previewUrlsIn } from "../markdown/preview-urls";
import { countHit } from "../middlewares/rate-limit";
import { urlsToFetch } from "../queries/link-previews";
import { applyPostPreviews, storePreview } from "../commands/link-previews";
import type { WordMatcher } from "../watched-words/matcher";
import { fetchPreview, type PreviewFetcher } from "./fetch-preview";

/** docs/product.md "Rich content": previews fetched per member per minute. */
export const PREVIEWS_PER_MINUTE = 30;

/**
 * The link_preview job of one post: each URL its text shows alone on a line that has nothing kept is
 * fetched (30 a minute per author, counted in PostgreSQL; past that a URL stays a plain link), its
 * preview or its failure kept, then the post rendered again when a preview landed. Runs after the
 * post was written, never in its request: a slow or huge page holds up no write.
 */
export function runLinkPreviews(db: Db, fetcher: PreviewFetcher, logger: Logger, watchedWords: () => Promise<WordMatcher>): JobHandler {
  return async (payload) => {
    const { postId } = payload as { postId: number };
    const [post] = await db.select({ authorId: posts.authorId, content: posts.content }).from(posts).where(eq(posts.id, postId));
    if (!post || post.authorId === null) return;
    const authorId = post.authorId;
    for (const url of await urlsToFetch(db, previewUrlsIn(post.content))) {
      const { hits } = await countHit(db, `link_previews:${authorId}`, 60);
      if (hits > PREVIEWS_PER_MINUTE) {
        logger.info({ postId, url }, "Link preview skipped: the author's previews per minute are used up");
        break;
      }
      try {
        const preview = await fetchPreview(url, authorId, fetcher);
        await storePreview(db, url, { ...preview, image: preview.image && { ...preview.image, ownerId: authorId } });
      } catch (error) {
        logger.info({ postId, url, reason: error instanceof Error ? error.message : String(error) }, "Link preview failed");
        await storePreview(db, url, null);
      }
    }
    // Rendered with the watched words of now: censored words stay censored (docs/decisions/064).
    await applyPostPreviews(db, postId, await watchedWords());
  };
}

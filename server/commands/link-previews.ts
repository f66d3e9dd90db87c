import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { linkPreviews, posts, uploads } from "../db/schema";
import { addJob } from "../jobs/queue";
import { TASKS } from "../jobs/tasks";
import { renderAsAuthor } from "../markdown/render-as-author";
import type { WordMatcher } from "../watched-words/matcher";
import { previewUrlsIn } from "../markdown/preview-urls";
import { forumChanged, forumTags } from "../cache/forum-changes";
import { announceTopicEvent } from "./topic-events";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The kind of upload a preview's image is stored as (not one a member may upload). */
export const LINK_PREVIEW_UPLOAD_KIND = "linkPreview";

/**
 * In a post's writing transaction: when its text shows a URL alone on a line, a link_preview job for
 * the post (docs/product.md "Rich content"), one per post at a time (a later edit's replaces it).
 */
export async function queuePostPreviews(tx: Pick<Tx, "execute">, postId: number, content: string): Promise<void> {
  if (previewUrlsIn(content).length === 0) return;
  await addJob(tx, TASKS.linkPreview, { postId }, { jobKey: `link_preview:${postId}`, maxAttempts: 1 });
}

export interface PreviewToStore {
  title: string | null;
  description: string | null;
  siteName: string | null;
  image: { filename: string; mimeType: string; sizeBytes: number; width: number; height: number; ownerId: number } | null;
}

/** Keeps what fetching `url` gave for 24 hours (a failure for 1 hour), replacing what was kept. */
export async function storePreview(db: Db, url: string, preview: PreviewToStore | null): Promise<void> {
  await db.transaction(async (tx) => {
    let imageUploadId: number | null = null;
    if (preview?.image) {
      const { ownerId, ...file } = preview.image;
      const [upload] = await tx
        .insert(uploads)
        .values({ ...file, ownerId, kind: LINK_PREVIEW_UPLOAD_KIND, unreferencedSince: null })
        .returning({ id: uploads.id });
      imageUploadId = upload!.id;
    }
    const row = {
      title: preview?.title ?? null,
      description: preview?.description ?? null,
      siteName: preview?.siteName ?? null,
      imageUploadId,
      fetchedAt: sql`now()`,
      failedAt: preview ? null : sql`now()`,
    };
    await tx.insert(linkPreviews).values({ url, ...row }).onConflictDoUpdate({ target: linkPreviews.url, set: row });
  });
}

/**
 * Renders the post again from its text as it stands now (an edit meanwhile included), with the
 * previews kept by then, and stores it when that changed its html: its topic's pages are cleared and
 * `post_edited` tells open pages. Neither an edit (no revision, no "edited" mark) nor a newer time.
 */
export async function applyPostPreviews(db: Db, postId: number, words: WordMatcher): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [post] = await tx.select().from(posts).where(eq(posts.id, postId)).for("update");
    // A deleted member's post keeps the html it has.
    if (!post || post.authorId === null) return false;
    const { html, text } = await renderAsAuthor(tx, post.authorId, post.content, words);
    if (html === post.html) return false;
    await tx.update(posts).set({ html, plainText: text, updatedAt: sql`${posts.updatedAt}` }).where(eq(posts.id, postId));
    await forumChanged(tx, [forumTags.topic(post.topicId)]);
    await announceTopicEvent(tx, post.topicId, "post_edited", post.id);
    return true;
  });
}

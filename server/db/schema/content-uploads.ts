import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, uniqueIndex } from "drizzle-orm/pg-core";
import { messages } from "./conversations";
import { posts } from "./posts";
import { profileComments } from "./profile-comments";
import { uploads } from "./uploads";

/**
 * Which of its author's own uploads a post, profile comment or message shows (`/uploads/{name}` in its text):
 * what keeps an image in a post from the orphan sweep (server/uploads/sweep.ts). Written by triggers
 * on the content's table (migration content_uploads_triggers), so every writer keeps it exact in
 * the same transaction; each row goes with its content or its upload.
 */
export const contentUploads = pgTable(
  "content_uploads",
  {
    uploadId: integer("upload_id")
      .notNull()
      .references(() => uploads.id, { onDelete: "cascade" }),
    postId: integer("post_id").references(() => posts.id, { onDelete: "cascade" }),
    profileCommentId: integer("profile_comment_id").references(() => profileComments.id, { onDelete: "cascade" }),
    messageId: integer("message_id").references(() => messages.id, { onDelete: "cascade" }),
  },
  (table) => [
    check("content_uploads_one_owner", sql`num_nonnulls(${table.postId}, ${table.profileCommentId}, ${table.messageId}) = 1`),
    uniqueIndex("content_uploads_post_id_upload_id_idx").on(table.postId, table.uploadId),
    uniqueIndex("content_uploads_profile_comment_id_upload_id_idx").on(table.profileCommentId, table.uploadId),
    uniqueIndex("content_uploads_message_id_upload_id_idx").on(table.messageId, table.uploadId),
    index("content_uploads_upload_id_idx").on(table.uploadId),
  ],
);

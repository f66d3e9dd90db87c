import { eq } from "drizzle-orm";
import { Router } from "express";
import { postContentSchema, type PostContentData } from "@shared/schemas/posts";
import { deletePost } from "../../commands/forum";
import type { Db } from "../../db/client";
import { posts } from "../../db/schema";
import { notFound } from "../../errors";
import { member } from "../../middlewares/guards";
import { validateBody } from "../../middlewares/validate";
import { authorize } from "../../policies/authorize";
import { canEditPost } from "../../policies/forum";
import { presentPost } from "../../presenters/post";
import { findPost } from "../../queries/forum";
import { parseId } from "../params";

const POST_NOT_FOUND = "Post not found";

/** /api/posts/{id}: editing (author only) and deleting (author or admin) a post. */
export function postsRouter({ db }: { db: Db }): Router {
  const router = Router();

  router.patch("/:id", member, validateBody(postContentSchema), async (req, res) => {
    const id = parseId(req.params.id, POST_NOT_FOUND);
    const post = await findPost(db, id);
    if (!post) throw notFound(POST_NOT_FOUND);
    authorize(canEditPost(req.user!, post), "You can only edit your own posts");
    await db.update(posts).set({ content: (req.body as PostContentData).content, isEdited: true }).where(eq(posts.id, id));
    res.json(presentPost((await findPost(db, id))!));
  });

  router.delete("/:id", member, async (req, res) => {
    await deletePost(db, req.user!, parseId(req.params.id, POST_NOT_FOUND));
    res.json({ message: "Post deleted" });
  });

  return router;
}

import type { WatchedWords } from "../../watched-words/watched-words";
import { Router, type RequestHandler } from "express";
import { profileCommentSchema, profileCommentsQuerySchema } from "@shared/schemas/comments";
import { createProfileComment, deleteProfileComment } from "../../commands/profile-comments";
import type { Db } from "../../db/client";
import { notFound } from "../../errors";
import { member, memberHandler, writer } from "../../middlewares/guards";
import { noBody } from "../../middlewares/validate";
import { authorize } from "../../policies/authorize";
import { canDeleteProfileComment } from "../../policies/profile-comment";
import { presentProfileComment } from "../../presenters/profile-comment";
import { findProfileComment, listProfileComments } from "../../queries/profile-comments";
import { findViewerFlagged } from "../../queries/flags";
import { userExists } from "../../queries/users";
import { parseId } from "../params";

const COMMENT_NOT_FOUND = "Comment not found";
const USER_NOT_FOUND = "User not found";

/**
 * Comments on a member's profile: listed and written under the profile (/api/users/{id}/comments),
 * removed by id (/api/profile-comments/{id}) by their author, the profile's owner, or an admin.
 * Mounted at /api with its paths spelled out.
 */
export function profileCommentsRouter({ db, writeLimit, watchedWords }: { db: Db; writeLimit: RequestHandler; watchedWords: WatchedWords }): Router {
  const router = Router();

  const loadProfileId = async (raw: unknown) => {
    const id = parseId(raw, USER_NOT_FOUND);
    if (!(await userExists(db, id))) throw notFound(USER_NOT_FOUND);
    return id;
  };

  router.get("/users/:id/comments", member, memberHandler(async (req, res) => {
    const profileUserId = await loadProfileId(req.params.id);
    const query = profileCommentsQuerySchema.parse(req.query);
    const comments = await listProfileComments(db, profileUserId, query);
    const flagged = await findViewerFlagged(db, req.user.id, "comment", comments.map((comment) => comment.id));
    res.json(comments.map((comment) => presentProfileComment(comment, req.user, flagged)));
  }));

  router.post("/users/:id/comments", writer, writeLimit, memberHandler(profileCommentSchema, async (req, res) => {
    const profileUserId = await loadProfileId(req.params.id);
    const created = await createProfileComment(db, req.user, { profileUserId, content: req.body.content }, await watchedWords.matcher());
    const comment = (await findProfileComment(db, created.id))!;
    res.status(201).json(presentProfileComment(comment, req.user));
  }));

  router.delete("/profile-comments/:id", member, noBody, memberHandler(async (req, res) => {
    const comment = await findProfileComment(db, parseId(req.params.id, COMMENT_NOT_FOUND));
    if (!comment) throw notFound(COMMENT_NOT_FOUND);
    authorize(canDeleteProfileComment(req.user, comment), "You cannot delete this comment");
    await deleteProfileComment(db, comment.id);
    res.json({ message: "Comment deleted" });
  }));

  return router;
}

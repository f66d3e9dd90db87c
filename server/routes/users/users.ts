import { Router, type RequestHandler } from "express";
import { z } from "zod";
import { MAX_PAGE_SIZE } from "@shared/constants";
import { profileCommentSchema, type ProfileCommentData } from "@shared/schemas/comments";
import { createProfileComment } from "../../commands/profile-comments";
import { idParamSchema, pageSizeSchema, paginationQuerySchema } from "@shared/schemas/fields";
import type { BioStatusResponse, UsersListResponse } from "@shared/types";
import type { Db } from "../../db/client";
import { notFound } from "../../errors";
import { member } from "../../middlewares/guards";
import { validateBody } from "../../middlewares/validate";
import { presentProfileComment } from "../../presenters/profile-comment";
import { presentUserListItem, presentUserProfile } from "../../presenters/user";
import { recentActivity } from "../../queries/activity";
import { listUserBadges } from "../../queries/badges";
import { findProfileComment, listProfileComments } from "../../queries/profile-comments";
import { findUserById, findUserByUsername, listMembers, memberStats } from "../../queries/users";
import { parseId } from "../params";

const USER_NOT_FOUND = "User not found";
const commentsQuerySchema = z.object({ limit: pageSizeSchema(50, MAX_PAGE_SIZE), before: idParamSchema.optional() });

/** /api/users: the members list, profiles, and what hangs off a profile (activity, comments, badges). */
export function usersRouter({ db, writeLimit }: { db: Db; writeLimit: RequestHandler }): Router {
  const router = Router();

  const loadUserById = async (raw: unknown) => {
    const user = await findUserById(db, parseId(raw, USER_NOT_FOUND));
    if (!user) throw notFound(USER_NOT_FOUND);
    return user;
  };

  // `fast` is accepted for the client's sake; every answer is fast and exact.
  router.get("/", member, async (req, res) => {
    const { page, limit } = paginationQuerySchema.parse(req.query);
    const [rows, stats] = await Promise.all([listMembers(db, { page, limit }), memberStats(db)]);
    const totalPages = Math.max(1, Math.ceil(stats.totalUsers / limit));
    const body: UsersListResponse = {
      users: rows.map(presentUserListItem),
      pagination: { currentPage: page, totalPages, totalUsers: stats.totalUsers, hasPrevPage: page > 1, hasNextPage: page < totalPages },
      stats: { totalAdmins: stats.totalAdmins, totalPosts: stats.totalPosts },
    };
    res.json(body);
  });

  router.get("/:username", member, async (req, res) => {
    const user = await findUserByUsername(db, String(req.params.username));
    if (!user) throw notFound(USER_NOT_FOUND);
    res.json(presentUserProfile(user, req.user!));
  });

  router.get("/:username/bio-status", member, async (req, res) => {
    const user = await findUserByUsername(db, String(req.params.username));
    if (!user) throw notFound(USER_NOT_FOUND);
    res.json({ hasBio: user.hasBio } satisfies BioStatusResponse);
  });

  router.get("/:id/activity", member, async (req, res) => {
    const user = await loadUserById(req.params.id);
    res.json(await recentActivity(db, user.id));
  });

  router.get("/:id/badges", member, async (req, res) => {
    res.json(await listUserBadges(db, await loadUserById(req.params.id)));
  });

  router.get("/:id/comments", member, async (req, res) => {
    const user = await loadUserById(req.params.id);
    const query = commentsQuerySchema.parse(req.query);
    res.json((await listProfileComments(db, user.id, query)).map(presentProfileComment));
  });

  router.post("/:id/comments", member, writeLimit, validateBody(profileCommentSchema), async (req, res) => {
    const user = await loadUserById(req.params.id);
    const created = await createProfileComment(db, { profileUserId: user.id, authorId: req.user!.id, content: (req.body as ProfileCommentData).content });
    res.status(201).json(presentProfileComment((await findProfileComment(db, created.id))!));
  });

  return router;
}

import { Router } from "express";
import { ACTIVITY_PAGE_SIZE } from "@shared/constants";
import { activityQuerySchema } from "@shared/schemas/activity";
import { paginationQuerySchema } from "@shared/schemas/fields";
import type { BioStatusResponse, UsersListResponse } from "@shared/types";
import type { Db } from "../../db/client";
import { notFound } from "../../errors";
import { member, memberHandler } from "../../middlewares/guards";
import type { Reads } from "../../middlewares/read-your-writes";
import { canSeeBanReason } from "../../policies/admin";
import { presentActivityPage } from "../../presenters/activity";
import { presentUserBadge } from "../../presenters/badge";
import { presentUserListItem, presentUserProfile } from "../../presenters/user";
import { listActivity, parseActivityCursor } from "../../queries/activity";
import { readableScope } from "../../policies/category-access";
import { listUserBadges } from "../../queries/badges";
import { hasBlocked } from "../../queries/blocks";
import type { MemberDirectory } from "../../queries/member-directory";
import { findBadgeHolder, findHasBio, findMemberIdByUsername, findUserByUsername, listMembers } from "../../queries/users";
import { parseId } from "../params";

const USER_NOT_FOUND = "User not found";

/** /api/users: the members list, profiles, and what hangs off a profile (activity, badges; comments are routes/profile-comments). */
export function usersRouter({ db, reads, memberDirectory }: { db: Db; reads: Reads; memberDirectory: MemberDirectory }): Router {
  const router = Router();

  const loadBadgeHolder = async (raw: unknown) => {
    const user = await findBadgeHolder(db, parseId(raw, USER_NOT_FOUND));
    if (!user) throw notFound(USER_NOT_FOUND);
    return user;
  };

  // `fast` is accepted for the client's sake; every answer is fast and exact.
  router.get("/", member, memberHandler(async (req, res) => {
    const { page, limit } = paginationQuerySchema.parse(req.query);
    const [rows, stats] = await Promise.all([listMembers(reads.for(req), memberDirectory, { page, limit }), memberDirectory.totals()]);
    const totalPages = Math.max(1, Math.ceil(stats.totalUsers / limit));
    const body: UsersListResponse = {
      users: rows.map(presentUserListItem),
      pagination: { currentPage: page, totalPages, totalUsers: stats.totalUsers, hasPrevPage: page > 1, hasNextPage: page < totalPages },
      stats: { totalAdmins: stats.totalAdmins, totalPosts: stats.totalPosts },
    };
    res.json(body);
  }));

  router.get("/:username", member, memberHandler(async (req, res) => {
    const user = await findUserByUsername(reads.for(req), String(req.params.username));
    if (!user) throw notFound(USER_NOT_FOUND);
    const blockedViewer = await hasBlocked(reads.for(req), user.id, req.user.id);
    res.json(presentUserProfile(user, req.user, { withBanReason: canSeeBanReason(req.user), blockedViewer }));
  }));

  router.get("/:username/bio-status", member, memberHandler(async (req, res) => {
    const hasBio = await findHasBio(db, String(req.params.username));
    if (hasBio === undefined) throw notFound(USER_NOT_FOUND);
    res.json({ hasBio } satisfies BioStatusResponse);
  }));

  // Everything the member wrote, of all time, 20 a page (docs/product.md "Profile (`/user/{username}`)").
  router.get("/:username/activity", member, memberHandler(async (req, res) => {
    const { type, cursor } = activityQuerySchema.parse(req.query);
    const user = await findMemberIdByUsername(reads.for(req), String(req.params.username));
    if (!user) throw notFound(USER_NOT_FOUND);
    const rows = await listActivity(reads.for(req), user.id, { type, cursor: cursor === undefined ? undefined : parseActivityCursor(cursor), scope: readableScope(req.user) });
    res.json(presentActivityPage(rows, ACTIVITY_PAGE_SIZE, req.user, user.id));
  }));

  router.get("/:id/badges", member, memberHandler(async (req, res) => {
    res.json((await listUserBadges(reads.for(req), await loadBadgeHolder(req.params.id))).map(presentUserBadge));
  }));

  return router;
}

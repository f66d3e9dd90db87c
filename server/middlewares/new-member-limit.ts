import type { RequestHandler } from "express";
import { NEW_MEMBER_LIMIT_MESSAGE } from "@shared/moderation";
import type { Db } from "../db/client";
import { tooManyRequests } from "../errors";
import { isOverNewMemberLimit, newMemberPeriodEnd } from "../policies/new-member";
import { countCreatedSince } from "../queries/new-member-writes";
import { signedInMember } from "./guards";

/**
 * NEW_MEMBER_HOURS (docs/product.md "Moderation by the community"): a new member's 4th topic or 21st post is a 429 with
 * `Retry-After` the seconds until their first period ends. Placed after the route's guard.
 */
export function newMemberLimits(db: Db, hours: number): Record<"topics" | "posts", RequestHandler> {
  const limit = (kind: "topics" | "posts"): RequestHandler => async (req, _res, next) => {
    try {
      const user = signedInMember(req);
      const now = new Date();
      const end = newMemberPeriodEnd(user, hours, now);
      if (!end) return next();
      const created = await countCreatedSince(db, user.id, user.createdAt);
      next(isOverNewMemberLimit(kind, created) ? tooManyRequests(NEW_MEMBER_LIMIT_MESSAGE, (end.getTime() - now.getTime()) / 1000) : undefined);
    } catch (error) {
      next(error);
    }
  };
  return { topics: limit("topics"), posts: limit("posts") };
}

import type { RequestHandler } from "express";
import type { ForumCaches } from "../cache/forum-cache";
import type { Db } from "../db/client";
import type { Reads } from "../middlewares/read-your-writes";

/** What the topics and posts routers are built with. */
export interface ForumRouterDeps {
  db: Db;
  reads: Reads;
  caches: ForumCaches;
  writeLimit: RequestHandler;
  /** NEW_MEMBER_HOURS: how long a new member's topics and posts are limited (commands/new-member-allowance.ts). */
  newMemberHours: number;
}

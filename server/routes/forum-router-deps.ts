import type { RequestHandler } from "express";
import type { ForumCaches } from "../cache/forum-cache";
import type { Db } from "../db/client";
import type { Reads } from "../middlewares/read-your-writes";
import type { WatchedWords } from "../watched-words/watched-words";

/** What the topics and posts routers are built with. */
export interface ForumRouterDeps {
  db: Db;
  reads: Reads;
  caches: ForumCaches;
  writeLimit: RequestHandler;
  /** NEW_MEMBER_HOURS: how long a new member's topics and posts are limited (commands/new-member-allowance.ts). */
  newMemberHours: number;
  /** The watched words every write is checked against (docs/decisions/064). */
  watchedWords: WatchedWords;
}

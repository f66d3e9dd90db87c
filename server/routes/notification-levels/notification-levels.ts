import { Router } from "express";
import { topicLevelsQuerySchema, topicNotificationLevelSchema } from "@shared/schemas/notification-levels";
import type { TopicLevelAnswer } from "@shared/types";
import { setTopicNotificationLevel } from "../../commands/topic-notification-level";
import type { Db } from "../../db/client";
import { notFound } from "../../errors";
import { member, memberHandler } from "../../middlewares/guards";
import { presentTopicLevels } from "../../presenters/topic-level";
import { findTopic } from "../../queries/forum";
import { listTopicLevels } from "../../queries/topic-notification-levels";
import { parseId } from "../params";
import { readableTopicOr404 } from "../category-access";

const TOPIC_NOT_FOUND = "Topic not found";

/** A member's notification level of topics (docs/product.md "Watching, push and install", watching): set per topic, listed for the settings screen. */
export function notificationLevelsRouter({ db }: { db: Db }): Router {
  const router = Router();

  // Any member may watch or mute any topic they can read (docs/decisions/063).
  router.put("/topics/:id/notification-level", member, memberHandler(topicNotificationLevelSchema, async (req, res) => {
    const topicId = parseId(req.params.id, TOPIC_NOT_FOUND);
    if (!(await findTopic(db, topicId))) throw notFound(TOPIC_NOT_FOUND);
    await readableTopicOr404(db, req.user, topicId, TOPIC_NOT_FOUND);
    await setTopicNotificationLevel(db, { userId: req.user.id, topicId, level: req.body.level });
    res.json({ level: req.body.level } satisfies TopicLevelAnswer);
  }));

  router.get("/topic-notification-levels", member, memberHandler(async (req, res) => {
    const { after, limit } = topicLevelsQuerySchema.parse(req.query);
    res.json(presentTopicLevels(await listTopicLevels(db, req.user.id, after, limit), limit));
  }));

  return router;
}

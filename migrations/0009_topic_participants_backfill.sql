-- Who already started or posted in each topic, so replies to existing topics notify them.
INSERT INTO "topic_participants" ("topic_id", "user_id")
SELECT "id", "created_by" FROM "topics"
UNION
SELECT DISTINCT "topic_id", "author_id" FROM "posts"
ON CONFLICT DO NOTHING;

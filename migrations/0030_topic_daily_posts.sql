CREATE TABLE "topic_daily_posts" (
	"topic_id" integer NOT NULL,
	"day" date NOT NULL,
	"posts" integer NOT NULL,
	CONSTRAINT "topic_daily_posts_topic_id_day_pk" PRIMARY KEY("topic_id","day")
);
--> statement-breakpoint
ALTER TABLE "topic_daily_posts" ADD CONSTRAINT "topic_daily_posts_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "topic_daily_posts_day_idx" ON "topic_daily_posts" USING btree ("day","topic_id","posts");--> statement-breakpoint
-- Keeps topic_daily_posts exact in the same transaction as every change to posts, whoever makes it
-- (the commands, the member deletion job, a cascade from topics or users, the seed, psql). A post's
-- day is its created_at's UTC date. Rows are locked in (topic, day) order, so two writers of the same
-- rows queue instead of deadlocking; a day left with no post loses its row.
CREATE FUNCTION topic_daily_posts_apply(topic_ids integer[], days date[], deltas integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO topic_daily_posts AS d (topic_id, day, posts)
  SELECT c.topic_id, c.day, c.delta FROM unnest(topic_ids, days, deltas) AS c(topic_id, day, delta)
   WHERE c.delta > 0 ORDER BY c.topic_id, c.day
  ON CONFLICT (topic_id, day) DO UPDATE SET posts = d.posts + EXCLUDED.posts;
  -- Removals only update: a topic being deleted may have taken its rows already.
  PERFORM 1 FROM topic_daily_posts d JOIN unnest(topic_ids, days, deltas) AS c(topic_id, day, delta)
    ON d.topic_id = c.topic_id AND d.day = c.day AND c.delta < 0
   ORDER BY d.topic_id, d.day FOR UPDATE OF d;
  UPDATE topic_daily_posts d SET posts = d.posts + c.delta FROM unnest(topic_ids, days, deltas) AS c(topic_id, day, delta)
   WHERE d.topic_id = c.topic_id AND d.day = c.day AND c.delta < 0;
  DELETE FROM topic_daily_posts d USING unnest(topic_ids, days, deltas) AS c(topic_id, day, delta)
   WHERE d.topic_id = c.topic_id AND d.day = c.day AND c.delta < 0 AND d.posts <= 0;
END $$;
--> statement-breakpoint
CREATE FUNCTION topic_daily_posts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM topic_daily_posts_apply(array_agg(topic_id), array_agg(day), array_agg(n))
     FROM (SELECT topic_id, (created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n FROM new_posts GROUP BY 1, 2) c;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION topic_daily_posts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM topic_daily_posts_apply(array_agg(topic_id), array_agg(day), array_agg(-n))
     FROM (SELECT topic_id, (created_at AT TIME ZONE 'UTC')::date AS day, count(*)::int AS n FROM old_posts GROUP BY 1, 2) c;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION topic_daily_posts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM topic_daily_posts_apply(
    ARRAY[OLD.topic_id, NEW.topic_id], ARRAY[(OLD.created_at AT TIME ZONE 'UTC')::date, (NEW.created_at AT TIME ZONE 'UTC')::date], ARRAY[-1, 1]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION topic_daily_posts_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM topic_daily_posts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER posts_daily_insert AFTER INSERT ON posts REFERENCING NEW TABLE AS new_posts
  FOR EACH STATEMENT EXECUTE FUNCTION topic_daily_posts_on_insert();
--> statement-breakpoint
CREATE TRIGGER posts_daily_delete AFTER DELETE ON posts REFERENCING OLD TABLE AS old_posts
  FOR EACH STATEMENT EXECUTE FUNCTION topic_daily_posts_on_delete();
--> statement-breakpoint
-- A row trigger: posts are edited often, moved to another topic or day only by hand (and by tests).
CREATE TRIGGER posts_daily_update AFTER UPDATE OF topic_id, created_at ON posts FOR EACH ROW
  WHEN (OLD.topic_id IS DISTINCT FROM NEW.topic_id OR (OLD.created_at AT TIME ZONE 'UTC')::date IS DISTINCT FROM (NEW.created_at AT TIME ZONE 'UTC')::date)
  EXECUTE FUNCTION topic_daily_posts_on_update();
--> statement-breakpoint
CREATE TRIGGER posts_daily_truncate AFTER TRUNCATE ON posts FOR EACH STATEMENT EXECUTE FUNCTION topic_daily_posts_on_truncate();
--> statement-breakpoint
-- The posts written so far (the triggers above already hold off writers until this commits).
INSERT INTO topic_daily_posts (topic_id, day, posts)
SELECT topic_id, (created_at AT TIME ZONE 'UTC')::date, count(*)::int FROM posts GROUP BY 1, 2;

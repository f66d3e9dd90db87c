CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"slug" varchar(60) NOT NULL,
	"description" varchar(300),
	"color" varchar(7) NOT NULL,
	"position" integer NOT NULL,
	"topics_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(30) NOT NULL,
	"topics_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tags_name_unique" UNIQUE("name")
);
--> statement-breakpoint
-- General exists from the first start (id 1, the column default below): every topic made before
-- categories existed is in it.
INSERT INTO "categories" ("id", "name", "slug", "description", "color", "position") VALUES (1, 'General', 'general', NULL, '#64748b', 1);
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('categories', 'id'), 1);
--> statement-breakpoint
ALTER TABLE "topics" ADD COLUMN "category_id" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "topics" ADD COLUMN "tags" varchar(30)[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_name_lower_idx" ON "categories" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_idx" ON "categories" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "tags_most_used_idx" ON "tags" USING btree ("topics_count" DESC,"name");--> statement-breakpoint
CREATE INDEX "tags_name_prefix_idx" ON "tags" USING btree ("name" varchar_pattern_ops);--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "posts_created_at_topic_id_idx" ON "posts" USING btree ("created_at","topic_id");--> statement-breakpoint
CREATE INDEX "topics_category_list_order_idx" ON "topics" USING btree ("category_id","is_pinned" DESC,coalesce("last_post_at", "created_at") DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX "topics_tags_idx" ON "topics" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "topics_created_at_idx" ON "topics" USING btree ("created_at" DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX "topics_top_all_idx" ON "topics" USING btree ("posts_count" DESC,"created_at" DESC,"id" DESC);--> statement-breakpoint
-- categories.topics_count and tags.topics_count follow every change to topics in the same
-- transaction, whoever makes it (commands, the member deletion job, a cascade, psql). Tag rows are
-- updated in name order so two writers of the same tags take their row locks in one order.
CREATE FUNCTION topic_counts_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE categories SET topics_count = topics_count + 1 WHERE id = NEW.category_id;
  INSERT INTO tags AS t (name, topics_count)
  SELECT name, 1 FROM unnest(NEW.tags) AS name ORDER BY name
  ON CONFLICT (name) DO UPDATE SET topics_count = t.topics_count + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION topic_counts_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE categories SET topics_count = topics_count - 1 WHERE id = OLD.category_id;
  PERFORM 1 FROM tags WHERE name = ANY (OLD.tags) ORDER BY name FOR NO KEY UPDATE;
  UPDATE tags SET topics_count = topics_count - 1 WHERE name = ANY (OLD.tags);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION topic_counts_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.category_id IS DISTINCT FROM OLD.category_id THEN
    -- Both rows in one statement, in id order.
    PERFORM 1 FROM categories WHERE id IN (OLD.category_id, NEW.category_id) ORDER BY id FOR NO KEY UPDATE;
    UPDATE categories SET topics_count = topics_count + CASE WHEN id = NEW.category_id THEN 1 ELSE -1 END
     WHERE id IN (OLD.category_id, NEW.category_id);
  END IF;
  IF NEW.tags IS DISTINCT FROM OLD.tags THEN
    PERFORM 1 FROM tags WHERE name = ANY (OLD.tags) AND NOT name = ANY (NEW.tags) ORDER BY name FOR NO KEY UPDATE;
    UPDATE tags SET topics_count = topics_count - 1 WHERE name = ANY (OLD.tags) AND NOT name = ANY (NEW.tags);
    INSERT INTO tags AS t (name, topics_count)
    SELECT name, 1 FROM unnest(NEW.tags) AS name WHERE NOT name = ANY (OLD.tags) ORDER BY name
    ON CONFLICT (name) DO UPDATE SET topics_count = t.topics_count + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION topic_counts_on_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE categories SET topics_count = 0;
  UPDATE tags SET topics_count = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER topics_counts_insert AFTER INSERT ON topics FOR EACH ROW EXECUTE FUNCTION topic_counts_on_insert();
--> statement-breakpoint
CREATE TRIGGER topics_counts_delete AFTER DELETE ON topics FOR EACH ROW EXECUTE FUNCTION topic_counts_on_delete();
--> statement-breakpoint
CREATE TRIGGER topics_counts_update AFTER UPDATE OF category_id, tags ON topics FOR EACH ROW
  WHEN (OLD.category_id IS DISTINCT FROM NEW.category_id OR OLD.tags IS DISTINCT FROM NEW.tags)
  EXECUTE FUNCTION topic_counts_on_update();
--> statement-breakpoint
CREATE TRIGGER topics_counts_truncate AFTER TRUNCATE ON topics FOR EACH STATEMENT EXECUTE FUNCTION topic_counts_on_truncate();
--> statement-breakpoint
UPDATE categories SET topics_count = (SELECT count(*) FROM topics) WHERE id = 1;

-- Full-text and member search (docs/search.md). Hand-written: drizzle-kit does not model generated
-- tsvector columns well, and they are left out of the Drizzle schema on purpose so that ordinary
-- reads of posts and topics never fetch them. The database keeps them up to date on every write.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search_vector" tsvector
  GENERATED ALWAYS AS (to_tsvector('english'::regconfig, "content")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "topics" ADD COLUMN "search_vector" tsvector
  GENERATED ALWAYS AS (
    setweight(to_tsvector('english'::regconfig, "title"), 'A')
    || setweight(to_tsvector('english'::regconfig, coalesce("description", '')), 'B')
  ) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "posts_search_vector_idx" ON "posts" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "topics_search_vector_idx" ON "topics" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops);
--> statement-breakpoint
-- Statistics of the new columns at once (the planner needs word frequencies to choose between the
-- GIN index and walking the primary key; autovacuum would take its time on a big table).
ANALYZE "posts", "topics", "users";

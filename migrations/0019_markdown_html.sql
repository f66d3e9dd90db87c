CREATE TABLE "post_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"version" integer NOT NULL,
	"content" text NOT NULL,
	"html" text NOT NULL,
	"edited_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "plain_text" text;--> statement-breakpoint
ALTER TABLE "profile_comments" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "post_revisions" ADD CONSTRAINT "post_revisions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "post_revisions_post_id_version_idx" ON "post_revisions" USING btree ("post_id","version");--> statement-breakpoint
CREATE INDEX "posts_unrendered_idx" ON "posts" USING btree ("id") WHERE "posts"."html" IS NULL;--> statement-breakpoint
CREATE INDEX "profile_comments_unrendered_idx" ON "profile_comments" USING btree ("id") WHERE "profile_comments"."html" IS NULL;
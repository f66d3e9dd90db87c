CREATE TABLE "content_uploads" (
	"upload_id" integer NOT NULL,
	"post_id" integer,
	"profile_comment_id" integer,
	CONSTRAINT "content_uploads_one_owner" CHECK (num_nonnulls("content_uploads"."post_id", "content_uploads"."profile_comment_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "drafts" (
	"user_id" integer NOT NULL,
	"key" varchar(40) NOT NULL,
	"content" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drafts_user_id_key_pk" PRIMARY KEY("user_id","key"),
	CONSTRAINT "drafts_content_length" CHECK (char_length("drafts"."content") <= 10000)
);
--> statement-breakpoint
ALTER TABLE "content_uploads" ADD CONSTRAINT "content_uploads_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_uploads" ADD CONSTRAINT "content_uploads_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_uploads" ADD CONSTRAINT "content_uploads_profile_comment_id_profile_comments_id_fk" FOREIGN KEY ("profile_comment_id") REFERENCES "public"."profile_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_uploads_post_id_upload_id_idx" ON "content_uploads" USING btree ("post_id","upload_id");--> statement-breakpoint
CREATE UNIQUE INDEX "content_uploads_profile_comment_id_upload_id_idx" ON "content_uploads" USING btree ("profile_comment_id","upload_id");--> statement-breakpoint
CREATE INDEX "content_uploads_upload_id_idx" ON "content_uploads" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "drafts_user_id_updated_at_idx" ON "drafts" USING btree ("user_id","updated_at");
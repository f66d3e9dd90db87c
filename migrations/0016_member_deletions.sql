CREATE TABLE "member_deletions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"username" varchar(20) NOT NULL,
	"requested_by" integer,
	"posts_total" integer NOT NULL,
	"posts_done" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_deletions" ADD CONSTRAINT "member_deletions_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_deletions_user_id_idx" ON "member_deletions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "member_deletions_unfinished_idx" ON "member_deletions" USING btree ("id") WHERE "member_deletions"."finished_at" IS NULL;
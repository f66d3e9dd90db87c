CREATE TABLE "moderation_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"action" varchar(40) NOT NULL,
	"target_type" varchar(20) NOT NULL,
	"target_label" varchar(200) NOT NULL,
	"reason" text,
	"moderator_id" integer,
	"moderator_username" varchar(20),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_moderator" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "silenced_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "silence_reason" varchar(500);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "silenced_by" integer;--> statement-breakpoint
ALTER TABLE "moderation_log" ADD CONSTRAINT "moderation_log_moderator_id_users_id_fk" FOREIGN KEY ("moderator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_log_created_at_idx" ON "moderation_log" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_silenced_by_users_id_fk" FOREIGN KEY ("silenced_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_moderators_idx" ON "users" USING btree ("id") WHERE "users"."is_moderator";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_one_role" CHECK (NOT ("users"."is_admin" AND "users"."is_moderator"));--> statement-breakpoint
-- A request's identity now holds the moderator role and the silence (server/identity/member.ts), so
-- their changes are announced like a ban's (migration 0018).
DROP TRIGGER users_announce_update ON users;
--> statement-breakpoint
CREATE TRIGGER users_announce_update AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.username IS DISTINCT FROM NEW.username
     OR OLD.is_admin IS DISTINCT FROM NEW.is_admin
     OR OLD.is_moderator IS DISTINCT FROM NEW.is_moderator
     OR OLD.is_banned IS DISTINCT FROM NEW.is_banned
     OR OLD.ban_reason IS DISTINCT FROM NEW.ban_reason
     OR OLD.ban_expires_at IS DISTINCT FROM NEW.ban_expires_at
     OR OLD.banned_by IS DISTINCT FROM NEW.banned_by
     OR OLD.silenced_until IS DISTINCT FROM NEW.silenced_until
     OR OLD.silence_reason IS DISTINCT FROM NEW.silence_reason
     OR OLD.created_at IS DISTINCT FROM NEW.created_at
     OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION announce_identity_change();

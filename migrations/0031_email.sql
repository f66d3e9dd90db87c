CREATE TABLE "email_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" varchar(6) NOT NULL,
	"token_hash" text NOT NULL,
	"email" varchar(254) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "email_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "mail_schedules" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone,
	"mailed_through" timestamp with time zone,
	"last_away_mail_at" timestamp with time zone,
	"last_digest_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mail_wakeups" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_notifications" varchar(5) DEFAULT 'away' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_schedules" ADD CONSTRAINT "mail_schedules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_wakeups" ADD CONSTRAINT "mail_wakeups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_tokens_user_id_idx" ON "email_tokens" USING btree ("user_id","purpose","created_at");--> statement-breakpoint
CREATE INDEX "email_tokens_created_at_idx" ON "email_tokens" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "mail_schedules_due_at_idx" ON "mail_schedules" USING btree ("due_at") WHERE "mail_schedules"."due_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "users_verified_email_idx" ON "users" USING btree (lower("email")) WHERE "users"."email_verified";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_email_notifications" CHECK ("users"."email_notifications" IN ('never', 'away', 'daily'));--> statement-breakpoint
-- Something new is unread for a member who gets mail about it: a wake-up row (append-only, so the
-- transaction that notifies takes no lock for it) and a NOTIFY that wakes every process's scheduler.
CREATE FUNCTION mail_wakeup_unread() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM users WHERE id = NEW.user_id AND email_verified AND email_notifications <> 'never' AND deleted_at IS NULL) THEN
    INSERT INTO mail_wakeups (user_id) VALUES (NEW.user_id);
    PERFORM pg_notify('mail_due', '');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER notifications_mail_wakeup AFTER INSERT OR UPDATE OF created_at ON notifications FOR EACH ROW
  WHEN (NEW.read_at IS NULL)
  EXECUTE FUNCTION mail_wakeup_unread();
--> statement-breakpoint
CREATE TRIGGER conversation_participants_mail_wakeup AFTER INSERT OR UPDATE OF last_message_id ON conversation_participants FOR EACH ROW
  WHEN (NEW.last_message_id > NEW.last_read_message_id)
  EXECUTE FUNCTION mail_wakeup_unread();
--> statement-breakpoint
-- The member's last socket closed: the away delay starts now for what is unread (the scheduler
-- leaves a member alone while a socket of theirs is open).
CREATE FUNCTION mail_wakeup_offline() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM mail_schedules WHERE user_id = NEW.id) THEN
    INSERT INTO mail_wakeups (user_id) VALUES (NEW.id);
    PERFORM pg_notify('mail_due', '');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_mail_wakeup_offline AFTER UPDATE OF is_online ON users FOR EACH ROW
  WHEN (OLD.is_online AND NOT NEW.is_online)
  EXECUTE FUNCTION mail_wakeup_offline();

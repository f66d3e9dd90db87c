CREATE TABLE "conversation_participants" (
	"conversation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"last_message_id" integer NOT NULL,
	"last_read_message_id" integer DEFAULT 0 NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_participants_conversation_id_user_id_pk" PRIMARY KEY("conversation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(100),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_blockings" (
	"blocker_id" integer NOT NULL,
	"blocked_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_blockings_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"content" text NOT NULL,
	"html" text NOT NULL,
	"plain_text" text NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_content_length" CHECK (char_length("messages"."content") <= 10000 AND ("messages"."deleted" OR char_length("messages"."content") >= 1))
);
--> statement-breakpoint
ALTER TABLE "content_uploads" DROP CONSTRAINT "content_uploads_one_owner";--> statement-breakpoint
ALTER TABLE "content_uploads" ADD COLUMN "message_id" integer;--> statement-breakpoint
ALTER TABLE "conversation_participants" ADD CONSTRAINT "conversation_participants_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_participants" ADD CONSTRAINT "conversation_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_blockings" ADD CONSTRAINT "member_blockings_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_blockings" ADD CONSTRAINT "member_blockings_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_participants_user_id_last_message_id_idx" ON "conversation_participants" USING btree ("user_id","last_message_id" DESC);--> statement-breakpoint
CREATE INDEX "conversation_participants_unread_idx" ON "conversation_participants" USING btree ("user_id") WHERE "conversation_participants"."last_message_id" > "conversation_participants"."last_read_message_id";--> statement-breakpoint
CREATE INDEX "member_blockings_blocked_id_idx" ON "member_blockings" USING btree ("blocked_id");--> statement-breakpoint
CREATE INDEX "messages_conversation_id_id_idx" ON "messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "messages_author_id_id_idx" ON "messages" USING btree ("author_id","id");--> statement-breakpoint
ALTER TABLE "content_uploads" ADD CONSTRAINT "content_uploads_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_uploads_message_id_upload_id_idx" ON "content_uploads" USING btree ("message_id","upload_id");--> statement-breakpoint
ALTER TABLE "content_uploads" ADD CONSTRAINT "content_uploads_one_owner" CHECK (num_nonnulls("content_uploads"."post_id", "content_uploads"."profile_comment_id", "content_uploads"."message_id") = 1);--> statement-breakpoint
-- content_uploads for messages, kept exact by triggers as for posts (migration 0023): the author's own
-- uploads a message names are in use; deleting a message (its content emptied) releases them.
CREATE FUNCTION content_uploads_of_message() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM content_uploads WHERE message_id = NEW.id;
  END IF;
  WITH used AS (
    UPDATE uploads SET unreferenced_since = NULL
     WHERE owner_id = NEW.author_id
       AND filename IN (SELECT match[1] FROM regexp_matches(NEW.content, '/uploads/([0-9a-f]{32}\.[a-z0-9]+)', 'g') AS match)
    RETURNING id
  )
  INSERT INTO content_uploads (upload_id, message_id) SELECT id, NEW.id FROM used;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER messages_content_uploads_insert AFTER INSERT ON messages FOR EACH ROW EXECUTE FUNCTION content_uploads_of_message();
--> statement-breakpoint
CREATE TRIGGER messages_content_uploads_update AFTER UPDATE OF content ON messages FOR EACH ROW
  WHEN (OLD.content IS DISTINCT FROM NEW.content)
  EXECUTE FUNCTION content_uploads_of_message();

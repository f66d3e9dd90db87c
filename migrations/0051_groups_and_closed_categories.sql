CREATE TABLE "group_members" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"built_in" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "groups_name_length" CHECK (char_length("groups"."name") BETWEEN 1 AND 50)
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "read_groups" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "write_groups" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_members_user_idx" ON "group_members" USING btree ("user_id","group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "groups_name_lower_idx" ON "groups" USING btree (lower("name"));--> statement-breakpoint
-- The built-in staff group (shared/constants.ts STAFF_GROUP_ID): its members are the moderators and
-- administrators, read from their role, so it never has rows in group_members (docs/decisions/063).
INSERT INTO "groups" ("id", "name", "built_in") VALUES (1, 'staff', true);
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('groups', 'id'), 1);
--> statement-breakpoint
-- A member's group ids are part of their cached identity (server/identity/member.ts): the app's
-- commands announce each change themselves; this trigger is the safety net for writes made outside
-- the app (psql), as migrations 0014/0018 are for the users table.
CREATE FUNCTION announce_group_member_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('identity_changed', '*');
  ELSE
    PERFORM pg_notify('identity_changed', 'u' || CASE TG_OP WHEN 'DELETE' THEN OLD.user_id ELSE NEW.user_id END);
    IF TG_OP = 'UPDATE' AND OLD.user_id IS DISTINCT FROM NEW.user_id THEN
      PERFORM pg_notify('identity_changed', 'u' || OLD.user_id);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER group_members_announce AFTER INSERT OR UPDATE OR DELETE ON group_members
  FOR EACH ROW EXECUTE FUNCTION announce_group_member_change();
--> statement-breakpoint
CREATE TRIGGER group_members_announce_truncate AFTER TRUNCATE ON group_members
  FOR EACH STATEMENT EXECUTE FUNCTION announce_group_member_change();

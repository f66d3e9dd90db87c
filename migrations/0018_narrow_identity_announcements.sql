-- The app's commands announce identity changes themselves (server/identity/changes.ts,
-- docs/decisions/022-identity-module.md). The triggers of 0014 stay as a safety net for writes from
-- outside the app (psql), but a member's row is announced only when a column a request's identity
-- holds (or its deletion mark, migration 0016) changes: posting (posts_count), presence (is_online, last_seen_at), sign-in counters and
-- profile edits no longer empty the session caches. Identical payloads in one transaction reach
-- listeners once, so a command's own announcement and the trigger's cost one notification.
DROP TRIGGER users_announce_update ON users;
--> statement-breakpoint
CREATE TRIGGER users_announce_update AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.username IS DISTINCT FROM NEW.username
     OR OLD.is_admin IS DISTINCT FROM NEW.is_admin
     OR OLD.is_banned IS DISTINCT FROM NEW.is_banned
     OR OLD.ban_reason IS DISTINCT FROM NEW.ban_reason
     OR OLD.ban_expires_at IS DISTINCT FROM NEW.ban_expires_at
     OR OLD.banned_by IS DISTINCT FROM NEW.banned_by
     OR OLD.created_at IS DISTINCT FROM NEW.created_at
     OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION announce_identity_change();
--> statement-breakpoint
-- The members list's totals have a channel of their own: once per statement that changes
-- member_blocks (a post, a new, promoted or deleted member), whatever made it.
CREATE FUNCTION announce_member_blocks_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('member_blocks_changed', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER member_blocks_announce AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON member_blocks
  FOR EACH STATEMENT EXECUTE FUNCTION announce_member_blocks_change();

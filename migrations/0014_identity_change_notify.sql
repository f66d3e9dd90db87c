-- Announces every change of a member's row or a session on the identity_changed channel, whatever
-- made it (any server process, the CLI, psql), so each process's caches drop what changed: sessions
-- and the members list's totals (server/db/identity-changes.ts). Payloads: u<user id>, s<session id>,
-- * (a table emptied).
CREATE FUNCTION announce_identity_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('identity_changed', '*');
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('identity_changed', 'u' || CASE TG_OP WHEN 'INSERT' THEN NEW.id ELSE OLD.id END);
  ELSE
    PERFORM pg_notify('identity_changed', 's' || OLD.sid);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_announce_insert AFTER INSERT ON users
  FOR EACH ROW EXECUTE FUNCTION announce_identity_change();
--> statement-breakpoint
CREATE TRIGGER users_announce_update AFTER UPDATE ON users
  FOR EACH ROW WHEN (OLD IS DISTINCT FROM NEW) EXECUTE FUNCTION announce_identity_change();
--> statement-breakpoint
CREATE TRIGGER users_announce_delete AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION announce_identity_change();
--> statement-breakpoint
CREATE TRIGGER sessions_announce_change AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION announce_identity_change();
--> statement-breakpoint
CREATE TRIGGER users_announce_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION announce_identity_change();
--> statement-breakpoint
CREATE TRIGGER sessions_announce_truncate AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION announce_identity_change();

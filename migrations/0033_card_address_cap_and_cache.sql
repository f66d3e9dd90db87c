ALTER TABLE "bio_card_day_visitors" ADD COLUMN "address_key" text;--> statement-breakpoint
CREATE INDEX "bio_card_day_visitors_address_idx" ON "bio_card_day_visitors" USING btree ("card_id","day","address_key");--> statement-breakpoint
-- Announces every change to what a public card shows on the card_changed channel, whatever made it
-- (any process, the visit batches' views, presence, psql), so each process drops its rendered copy
-- of that member's card (server/card-page/card-pages.ts). Payloads: u<owner id>, * (a table emptied).
CREATE FUNCTION announce_card_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_of record;
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('card_changed', '*');
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN row_of := OLD; ELSE row_of := NEW; END IF;
  IF TG_TABLE_NAME = 'users' THEN
    -- A member's row: their own card; a new member's inviter: the inviter's badges.
    IF TG_OP = 'INSERT' THEN
      IF NEW.invited_by IS NOT NULL THEN PERFORM pg_notify('card_changed', 'u' || NEW.invited_by); END IF;
    ELSE
      PERFORM pg_notify('card_changed', 'u' || row_of.id);
    END IF;
  ELSE
    PERFORM pg_notify('card_changed', 'u' || row_of.user_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bio_cards_announce_card AFTER INSERT OR UPDATE OR DELETE ON bio_cards
  FOR EACH ROW EXECUTE FUNCTION announce_card_change();
--> statement-breakpoint
CREATE TRIGGER user_links_announce_card AFTER INSERT OR UPDATE OR DELETE ON user_links
  FOR EACH ROW EXECUTE FUNCTION announce_card_change();
--> statement-breakpoint
CREATE TRIGGER user_badges_announce_card AFTER INSERT OR UPDATE OR DELETE ON user_badges
  FOR EACH ROW EXECUTE FUNCTION announce_card_change();
--> statement-breakpoint
CREATE TRIGGER users_announce_card_insert AFTER INSERT ON users
  FOR EACH ROW EXECUTE FUNCTION announce_card_change();
--> statement-breakpoint
-- The columns a card shows or is hidden by (its badges come from posts_count and created_at).
CREATE TRIGGER users_announce_card_update AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.username IS DISTINCT FROM NEW.username
     OR OLD.avatar IS DISTINCT FROM NEW.avatar
     OR OLD.bio IS DISTINCT FROM NEW.bio
     OR OLD.is_online IS DISTINCT FROM NEW.is_online
     OR OLD.posts_count IS DISTINCT FROM NEW.posts_count
     OR OLD.created_at IS DISTINCT FROM NEW.created_at
     OR OLD.is_banned IS DISTINCT FROM NEW.is_banned
     OR OLD.ban_expires_at IS DISTINCT FROM NEW.ban_expires_at
     OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION announce_card_change();
--> statement-breakpoint
CREATE TRIGGER users_announce_card_delete AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION announce_card_change();
--> statement-breakpoint
CREATE TRIGGER bio_cards_announce_card_truncate AFTER TRUNCATE ON bio_cards
  FOR EACH STATEMENT EXECUTE FUNCTION announce_card_change();
--> statement-breakpoint
CREATE TRIGGER user_links_announce_card_truncate AFTER TRUNCATE ON user_links
  FOR EACH STATEMENT EXECUTE FUNCTION announce_card_change();
--> statement-breakpoint
CREATE TRIGGER user_badges_announce_card_truncate AFTER TRUNCATE ON user_badges
  FOR EACH STATEMENT EXECUTE FUNCTION announce_card_change();
--> statement-breakpoint
CREATE TRIGGER users_announce_card_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION announce_card_change();

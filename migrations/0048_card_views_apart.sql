-- A card's views, counted in batches, no longer clear its rendered page: a batch that changes
-- bio_cards.views_count alone announces the new count on card_views (`<card id>:<views>`), which
-- each process writes into the page it keeps (server/card-page/card-pages.ts). Every other change
-- to what a public card shows still announces on card_changed, as migration 0033 made it.
CREATE OR REPLACE FUNCTION announce_card_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_of record;
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('card_changed', '*');
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN row_of := OLD; ELSE row_of := NEW; END IF;
  IF TG_TABLE_NAME = 'bio_cards' AND TG_OP = 'UPDATE'
     AND to_jsonb(NEW) - 'views_count' = to_jsonb(OLD) - 'views_count' THEN
    IF NEW.views_count IS DISTINCT FROM OLD.views_count THEN
      PERFORM pg_notify('card_views', NEW.id || ':' || NEW.views_count);
    END IF;
    RETURN NULL;
  END IF;
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

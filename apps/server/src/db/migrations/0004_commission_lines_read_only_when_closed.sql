-- Closure is final (spec 3 §4.5, DECISIONS "Commissions" 7): once a period has closed_at set, its
-- commission lines cannot be inserted, updated or deleted, and the period cannot be reopened or
-- re-dated. A correction after closing is a reversal line in a later, open period.
-- The period row is read FOR SHARE, so a close running concurrently waits for (and then sees) any
-- line change in flight, and a line change waits for a close in flight and then sees it closed.
CREATE FUNCTION commission_lines_refuse_closed_period() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  period_closed_at timestamptz;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.commissions_period_id IS NOT NULL THEN
    SELECT closed_at INTO period_closed_at
      FROM commissions_period_index WHERE id = OLD.commissions_period_id FOR SHARE;
    IF period_closed_at IS NOT NULL THEN
      RAISE EXCEPTION 'commission line % belongs to commissions period %, which is closed: its lines are read-only (post a reversal line in an open period instead)',
        OLD.id, OLD.commissions_period_id;
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.commissions_period_id IS NOT NULL THEN
    SELECT closed_at INTO period_closed_at
      FROM commissions_period_index WHERE id = NEW.commissions_period_id FOR SHARE;
    IF period_closed_at IS NOT NULL THEN
      RAISE EXCEPTION 'commissions period % is closed: commission lines cannot be added to it',
        NEW.commissions_period_id;
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER commission_lines_read_only_when_closed
  BEFORE INSERT OR UPDATE OR DELETE ON commission_lines
  FOR EACH ROW EXECUTE FUNCTION commission_lines_refuse_closed_period();
--> statement-breakpoint
-- Without this, clearing closed_at would reopen the lines for editing.
CREATE FUNCTION commissions_period_refuse_reopen() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.closed_at IS NOT NULL THEN
    IF TG_OP = 'DELETE' THEN
      RAISE EXCEPTION 'commissions period % is closed and cannot be deleted', OLD.id;
    END IF;
    IF NEW.closed_at IS DISTINCT FROM OLD.closed_at
      OR NEW.start_date IS DISTINCT FROM OLD.start_date
      OR NEW.end_date IS DISTINCT FROM OLD.end_date
      OR NEW.paid_date IS DISTINCT FROM OLD.paid_date THEN
      RAISE EXCEPTION 'commissions period % is closed: its dates and closed_at cannot change', OLD.id;
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER commissions_period_closed_is_final
  BEFORE UPDATE OR DELETE ON commissions_period_index
  FOR EACH ROW EXECUTE FUNCTION commissions_period_refuse_reopen();

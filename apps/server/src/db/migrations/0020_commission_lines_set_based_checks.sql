CREATE TABLE "commission_unstamped_totals" (
	"payee_users_master_id" integer NOT NULL,
	"role" text NOT NULL,
	"source" text NOT NULL,
	"is_held" boolean NOT NULL,
	"lines" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "commission_unstamped_totals_payee_users_master_id_role_source_is_held_pk" PRIMARY KEY("payee_users_master_id","role","source","is_held")
);
--> statement-breakpoint
ALTER TABLE "commission_lines" DROP CONSTRAINT "commission_lines_commissions_period_id_commissions_period_index_id_fk";
--> statement-breakpoint
ALTER TABLE "commission_lines" DROP CONSTRAINT "commission_lines_orders_import_id_orders_import_id_fk";
--> statement-breakpoint
ALTER TABLE "commission_lines" DROP CONSTRAINT "commission_lines_payee_users_master_id_users_master_id_fk";
--> statement-breakpoint
ALTER TABLE "commission_lines" DROP CONSTRAINT "commission_lines_reversal_of_line_id_commission_lines_id_fk";
--> statement-breakpoint
ALTER TABLE "commission_lines" DROP CONSTRAINT "commission_lines_commission_run_id_commission_runs_id_fk";
--> statement-breakpoint
ALTER TABLE "commission_lines" DROP CONSTRAINT "commission_lines_commission_import_id_commission_imports_id_fk";
--> statement-breakpoint
DROP INDEX "commission_lines_unstamped_idx";--> statement-breakpoint
CREATE INDEX "commission_lines_unstamped_order_idx" ON "commission_lines" USING btree ("orders_import_id") WHERE "commission_lines"."commissions_period_id" is null;--> statement-breakpoint
-- ---------------------------------------------------------------------------------------------
-- HAND-WRITTEN below this line (decision 041; drizzle-kit does not generate triggers).
--
-- 1. The six foreign keys of commission_lines dropped above are replaced by set-based checks: an
--    INSERT is checked once per STATEMENT over its transition table (one pass, hashed lookups),
--    instead of a trigger call per row and key (a lookup and a row lock each, even a call for a
--    null), which cost ten times the insert itself at the calculation's millions of lines. The
--    period is checked by the closed-period guard, which already reads it. Changing a line's
--    order, payee, reversed line, run or import is checked row by row (rare; WHEN skips the rest).
--    Deleting an order, user, period, run, import or line that a line names is refused, as the NO
--    ACTION keys did; that check first takes the commissions lock every line-writing step holds,
--    so it waits for a step in flight and then sees its lines.
-- 2. commission_unstamped_totals follows every insert, update and delete of lines, set-based, so the
--    preview's totals never scan the lines.
-- 3. The closed-period guard of migration 0004 fires only for a line that names a period (WHEN), so
--    inserting unstamped lines calls no PL/pgSQL per row; what it refuses is unchanged, and it now
--    also refuses a period that does not exist.
-- ---------------------------------------------------------------------------------------------
CREATE OR REPLACE FUNCTION commission_lines_refuse_closed_period() RETURNS trigger
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
    IF NOT FOUND THEN
      RAISE EXCEPTION 'commission line refers to commissions period %, which does not exist', NEW.commissions_period_id
        USING ERRCODE = 'foreign_key_violation';
    END IF;
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
DROP TRIGGER commission_lines_read_only_when_closed ON commission_lines;
--> statement-breakpoint
CREATE TRIGGER commission_lines_read_only_when_closed_insert
  BEFORE INSERT ON commission_lines
  FOR EACH ROW WHEN (NEW.commissions_period_id IS NOT NULL)
  EXECUTE FUNCTION commission_lines_refuse_closed_period();
--> statement-breakpoint
CREATE TRIGGER commission_lines_read_only_when_closed_update
  BEFORE UPDATE ON commission_lines
  FOR EACH ROW WHEN (OLD.commissions_period_id IS NOT NULL OR NEW.commissions_period_id IS NOT NULL)
  EXECUTE FUNCTION commission_lines_refuse_closed_period();
--> statement-breakpoint
CREATE TRIGGER commission_lines_read_only_when_closed_delete
  BEFORE DELETE ON commission_lines
  FOR EACH ROW WHEN (OLD.commissions_period_id IS NOT NULL)
  EXECUTE FUNCTION commission_lines_refuse_closed_period();
--> statement-breakpoint
-- Why a line's references do not hold, or null. The period is the closed-period guard's.
CREATE FUNCTION commission_lines_missing_reference(
  p_order integer, p_payee integer, p_reversal_of integer, p_run integer, p_import integer) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN NOT EXISTS (SELECT 1 FROM orders_import o WHERE o.id = p_order)
      THEN 'commission line refers to order ' || p_order || ', which does not exist'
    WHEN NOT EXISTS (SELECT 1 FROM users_master u WHERE u.id = p_payee)
      THEN 'commission line refers to payee ' || p_payee || ', who does not exist'
    WHEN p_reversal_of IS NOT NULL AND NOT EXISTS (SELECT 1 FROM commission_lines l WHERE l.id = p_reversal_of)
      THEN 'commission line reverses line ' || p_reversal_of || ', which does not exist'
    WHEN p_run IS NOT NULL AND NOT EXISTS (SELECT 1 FROM commission_runs r WHERE r.id = p_run)
      THEN 'commission line refers to run ' || p_run || ', which does not exist'
    WHEN p_import IS NOT NULL AND NOT EXISTS (SELECT 1 FROM commission_imports i WHERE i.id = p_import)
      THEN 'commission line refers to import ' || p_import || ', which does not exist'
  END
$$;
--> statement-breakpoint
CREATE FUNCTION commission_lines_after_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  problem text;
BEGIN
  SELECT commission_lines_missing_reference(n.orders_import_id, n.payee_users_master_id, n.reversal_of_line_id,
                                            n.commission_run_id, n.commission_import_id)
    INTO problem
    FROM new_lines n
   WHERE NOT EXISTS (SELECT 1 FROM orders_import o WHERE o.id = n.orders_import_id)
      OR NOT EXISTS (SELECT 1 FROM users_master u WHERE u.id = n.payee_users_master_id)
      OR (n.reversal_of_line_id IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM commission_lines l WHERE l.id = n.reversal_of_line_id))
      OR (n.commission_run_id IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM commission_runs r WHERE r.id = n.commission_run_id))
      OR (n.commission_import_id IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM commission_imports i WHERE i.id = n.commission_import_id))
   LIMIT 1;
  IF problem IS NOT NULL THEN
    RAISE EXCEPTION '%', problem USING ERRCODE = 'foreign_key_violation';
  END IF;
  INSERT INTO commission_unstamped_totals AS t (payee_users_master_id, role, source, is_held, lines, amount_cents)
  SELECT n.payee_users_master_id, n.role, n.source, n.is_held, count(*), sum(n.amount_cents)
    FROM new_lines n WHERE n.commissions_period_id IS NULL
   GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (payee_users_master_id, role, source, is_held)
  DO UPDATE SET lines = t.lines + excluded.lines, amount_cents = t.amount_cents + excluded.amount_cents;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION commission_lines_after_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  WITH delta AS (
    SELECT n.payee_users_master_id, n.role, n.source, n.is_held, 1 AS lines, n.amount_cents::bigint AS cents
      FROM new_lines n WHERE n.commissions_period_id IS NULL
    UNION ALL
    SELECT o.payee_users_master_id, o.role, o.source, o.is_held, -1, -o.amount_cents::bigint
      FROM old_lines o WHERE o.commissions_period_id IS NULL
  )
  INSERT INTO commission_unstamped_totals AS t (payee_users_master_id, role, source, is_held, lines, amount_cents)
  SELECT payee_users_master_id, role, source, is_held, sum(lines), sum(cents)
    FROM delta GROUP BY 1, 2, 3, 4 HAVING sum(lines) <> 0 OR sum(cents) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (payee_users_master_id, role, source, is_held)
  DO UPDATE SET lines = t.lines + excluded.lines, amount_cents = t.amount_cents + excluded.amount_cents;
  DELETE FROM commission_unstamped_totals t
   USING (SELECT DISTINCT payee_users_master_id FROM old_lines WHERE commissions_period_id IS NULL) o
   WHERE t.payee_users_master_id = o.payee_users_master_id AND t.lines = 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION commission_lines_after_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  reversed integer;
BEGIN
  -- A line that a remaining reversal names cannot go (reversals are few: look there first).
  IF EXISTS (SELECT 1 FROM commission_lines WHERE reversal_of_line_id IS NOT NULL) THEN
    SELECT o.id INTO reversed FROM old_lines o
     WHERE EXISTS (SELECT 1 FROM commission_lines l WHERE l.reversal_of_line_id = o.id) LIMIT 1;
    IF reversed IS NOT NULL THEN
      RAISE EXCEPTION 'commission line % is reversed by another line and cannot be deleted', reversed
        USING ERRCODE = 'foreign_key_violation';
    END IF;
  END IF;
  INSERT INTO commission_unstamped_totals AS t (payee_users_master_id, role, source, is_held, lines, amount_cents)
  SELECT o.payee_users_master_id, o.role, o.source, o.is_held, -count(*), -sum(o.amount_cents)
    FROM old_lines o WHERE o.commissions_period_id IS NULL
   GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (payee_users_master_id, role, source, is_held)
  DO UPDATE SET lines = t.lines + excluded.lines, amount_cents = t.amount_cents + excluded.amount_cents;
  DELETE FROM commission_unstamped_totals t
   USING (SELECT DISTINCT payee_users_master_id FROM old_lines WHERE commissions_period_id IS NULL) o
   WHERE t.payee_users_master_id = o.payee_users_master_id AND t.lines = 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER commission_lines_after_insert AFTER INSERT ON commission_lines
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION commission_lines_after_insert();
--> statement-breakpoint
CREATE TRIGGER commission_lines_after_update AFTER UPDATE ON commission_lines
  REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION commission_lines_after_update();
--> statement-breakpoint
CREATE TRIGGER commission_lines_after_delete AFTER DELETE ON commission_lines
  REFERENCING OLD TABLE AS old_lines FOR EACH STATEMENT EXECUTE FUNCTION commission_lines_after_delete();
--> statement-breakpoint
CREATE FUNCTION commission_lines_check_changed_reference() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  problem text := commission_lines_missing_reference(NEW.orders_import_id, NEW.payee_users_master_id,
                                                     NEW.reversal_of_line_id, NEW.commission_run_id, NEW.commission_import_id);
BEGIN
  IF problem IS NOT NULL THEN
    RAISE EXCEPTION '%', problem USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER commission_lines_changed_reference
  BEFORE UPDATE OF orders_import_id, payee_users_master_id, reversal_of_line_id, commission_run_id, commission_import_id
  ON commission_lines
  FOR EACH ROW
  WHEN (OLD.orders_import_id IS DISTINCT FROM NEW.orders_import_id
     OR OLD.payee_users_master_id IS DISTINCT FROM NEW.payee_users_master_id
     OR OLD.reversal_of_line_id IS DISTINCT FROM NEW.reversal_of_line_id
     OR OLD.commission_run_id IS DISTINCT FROM NEW.commission_run_id
     OR OLD.commission_import_id IS DISTINCT FROM NEW.commission_import_id)
  EXECUTE FUNCTION commission_lines_check_changed_reference();
--> statement-breakpoint
-- Deleting an order, user, period, run or import that a line names is refused. TG_ARGV[0] is the
-- line column that refers to the table.
CREATE FUNCTION commission_lines_refuse_referenced_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  referenced integer;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('commission_lines'));
  EXECUTE format(
    'SELECT o.id FROM old_rows o WHERE EXISTS (SELECT 1 FROM commission_lines l WHERE l.%I = o.id) LIMIT 1',
    TG_ARGV[0]) INTO referenced;
  IF referenced IS NOT NULL THEN
    RAISE EXCEPTION '% % is named by commission lines and cannot be deleted', TG_TABLE_NAME, referenced
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER orders_import_commission_lines AFTER DELETE ON orders_import
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION commission_lines_refuse_referenced_delete('orders_import_id');
--> statement-breakpoint
CREATE TRIGGER users_master_commission_lines AFTER DELETE ON users_master
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION commission_lines_refuse_referenced_delete('payee_users_master_id');
--> statement-breakpoint
CREATE TRIGGER commissions_period_index_commission_lines AFTER DELETE ON commissions_period_index
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION commission_lines_refuse_referenced_delete('commissions_period_id');
--> statement-breakpoint
CREATE TRIGGER commission_runs_commission_lines AFTER DELETE ON commission_runs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION commission_lines_refuse_referenced_delete('commission_run_id');
--> statement-breakpoint
CREATE TRIGGER commission_imports_commission_lines AFTER DELETE ON commission_imports
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION commission_lines_refuse_referenced_delete('commission_import_id');
--> statement-breakpoint
INSERT INTO commission_unstamped_totals (payee_users_master_id, role, source, is_held, lines, amount_cents)
SELECT payee_users_master_id, role, source, is_held, count(*), sum(amount_cents)
  FROM commission_lines WHERE commissions_period_id IS NULL GROUP BY 1, 2, 3, 4;

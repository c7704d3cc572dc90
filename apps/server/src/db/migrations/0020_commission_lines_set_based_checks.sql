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
ALTER TABLE "commission_lines" DROP CONSTRAINT "commission_lines_orders_import_id_orders_import_id_fk";
--> statement-breakpoint
ALTER TABLE "commission_lines" DROP CONSTRAINT "commission_lines_payee_users_master_id_users_master_id_fk";
--> statement-breakpoint
ALTER TABLE "commission_lines" DROP CONSTRAINT "commission_lines_commission_run_id_commission_runs_id_fk";
--> statement-breakpoint
DROP INDEX "commission_lines_unstamped_idx";--> statement-breakpoint
CREATE INDEX "commission_lines_unstamped_order_idx" ON "commission_lines" USING btree ("orders_import_id") WHERE "commission_lines"."commissions_period_id" is null;--> statement-breakpoint
-- ---------------------------------------------------------------------------------------------
-- HAND-WRITTEN below this line (decision 041; drizzle-kit does not generate triggers).
--
-- 1. The order, payee and run of a line are checked per STATEMENT over its transition table (one
--    anti-join), replacing the three foreign keys dropped above, whose per-row lookups and row locks
--    cost ten times the insert itself at the calculation's millions of lines. Deleting a referenced
--    order, user or run is refused while a line names it (as NO ACTION keys did); that check first
--    takes the commissions lock every line-writing step holds, so it waits for a step in flight and
--    then sees its lines. Changing a line's order, payee or run is checked row by row (rare).
-- 2. commission_unstamped_totals follows every insert, update and delete of lines, set-based, so the
--    preview's totals never scan the lines.
-- 3. The closed-period guard of migration 0004 fires only for a line that names a period (WHEN), so
--    inserting unstamped lines calls no PL/pgSQL per row; what it refuses is unchanged.
-- ---------------------------------------------------------------------------------------------
CREATE FUNCTION commission_lines_missing_reference(p_order integer, p_payee integer, p_run integer) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN NOT EXISTS (SELECT 1 FROM orders_import o WHERE o.id = p_order)
      THEN 'commission line refers to order ' || p_order || ', which does not exist'
    WHEN NOT EXISTS (SELECT 1 FROM users_master u WHERE u.id = p_payee)
      THEN 'commission line refers to payee ' || p_payee || ', who does not exist'
    WHEN p_run IS NOT NULL AND NOT EXISTS (SELECT 1 FROM commission_runs r WHERE r.id = p_run)
      THEN 'commission line refers to run ' || p_run || ', which does not exist'
  END
$$;
--> statement-breakpoint
CREATE FUNCTION commission_lines_after_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  problem text;
BEGIN
  SELECT commission_lines_missing_reference(n.orders_import_id, n.payee_users_master_id, n.commission_run_id)
    INTO problem
    FROM new_lines n
   WHERE NOT EXISTS (SELECT 1 FROM orders_import o WHERE o.id = n.orders_import_id)
      OR NOT EXISTS (SELECT 1 FROM users_master u WHERE u.id = n.payee_users_master_id)
      OR (n.commission_run_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM commission_runs r WHERE r.id = n.commission_run_id))
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
BEGIN
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
  problem text := commission_lines_missing_reference(NEW.orders_import_id, NEW.payee_users_master_id, NEW.commission_run_id);
BEGIN
  IF problem IS NOT NULL THEN
    RAISE EXCEPTION '%', problem USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER commission_lines_changed_reference
  BEFORE UPDATE OF orders_import_id, payee_users_master_id, commission_run_id ON commission_lines
  FOR EACH ROW
  WHEN (OLD.orders_import_id IS DISTINCT FROM NEW.orders_import_id
     OR OLD.payee_users_master_id IS DISTINCT FROM NEW.payee_users_master_id
     OR OLD.commission_run_id IS DISTINCT FROM NEW.commission_run_id)
  EXECUTE FUNCTION commission_lines_check_changed_reference();
--> statement-breakpoint
-- Deleting (or renumbering) an order, user or run that a line names is refused. TG_ARGV[0] is the
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
CREATE TRIGGER commission_runs_commission_lines AFTER DELETE ON commission_runs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
  EXECUTE FUNCTION commission_lines_refuse_referenced_delete('commission_run_id');
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
INSERT INTO commission_unstamped_totals (payee_users_master_id, role, source, is_held, lines, amount_cents)
SELECT payee_users_master_id, role, source, is_held, count(*), sum(amount_cents)
  FROM commission_lines WHERE commissions_period_id IS NULL GROUP BY 1, 2, 3, 4;

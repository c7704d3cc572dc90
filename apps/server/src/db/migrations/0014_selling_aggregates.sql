CREATE TABLE "leaderboard_monthly_ranks" (
	"month" date NOT NULL,
	"suppliers_master_id" integer NOT NULL,
	"sales" integer NOT NULL,
	"first_paid" date NOT NULL,
	"dealers" integer NOT NULL,
	CONSTRAINT "leaderboard_monthly_ranks_month_suppliers_master_id_sales_first_paid_pk" PRIMARY KEY("month","suppliers_master_id","sales","first_paid")
);
--> statement-breakpoint
CREATE TABLE "leaderboard_monthly_totals" (
	"month" date NOT NULL,
	"users_master_id" integer NOT NULL,
	"sales" integer NOT NULL,
	"first_paid" date NOT NULL,
	CONSTRAINT "leaderboard_monthly_totals_month_users_master_id_pk" PRIMARY KEY("month","users_master_id")
);
--> statement-breakpoint
CREATE TABLE "structure_daily_orders" (
	"users_master_id" integer NOT NULL,
	"day" date NOT NULL,
	"suppliers_master_id" integer NOT NULL,
	"milestone" smallint NOT NULL,
	"orders" integer NOT NULL,
	CONSTRAINT "structure_daily_orders_users_master_id_day_suppliers_master_id_milestone_pk" PRIMARY KEY("users_master_id","day","suppliers_master_id","milestone")
);
--> statement-breakpoint
CREATE INDEX "leaderboard_monthly_totals_rank_idx" ON "leaderboard_monthly_totals" USING btree ("month","sales" DESC NULLS LAST,"first_paid","users_master_id");--> statement-breakpoint
CREATE INDEX "leaderboard_monthly_sales_rank_idx" ON "leaderboard_monthly_sales" USING btree ("month","suppliers_master_id","sales" DESC NULLS LAST,"first_paid","users_master_id");--> statement-breakpoint
-- The people the leaderboard leaves out when reading (DECISIONS "Leaderboard": admins and user
-- type 2, who can change, so they stay counted). A handful of rows: the leaderboard subtracts their
-- entries from index counts instead of joining every ranked row to users_master.
CREATE INDEX "users_master_unranked_idx" ON "users_master" USING btree ("id") WHERE is_admin OR refs_type_id = 2;
--> statement-breakpoint
-- The structure report reads each of a branch's dealers' days in the range from this index alone
-- (an index-only scan after vacuum), not from the table's pages: drizzle cannot declare INCLUDE.
CREATE INDEX "structure_daily_orders_dealer_day_idx" ON "structure_daily_orders" USING btree ("users_master_id","day") INCLUDE ("suppliers_master_id","milestone","orders");
--> statement-breakpoint
-- leaderboard_apply (migration 0011) also keeps the dealers' totals across suppliers: the same
-- signed contributions summed per (month, dealer), applied as increments (so concurrent imports
-- add up rather than overwrite each other); a total that lost an order reads its first paid date
-- again from the dealer's supplier rows, which this function has just made exact.
CREATE OR REPLACE FUNCTION leaderboard_apply(p_supplier integer[], p_user integer[], p_delta integer[], p_paid date[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO leaderboard_monthly_sales AS l (month, suppliers_master_id, users_master_id, sales, first_paid)
    SELECT d.month, d.suppliers_master_id, d.users_master_id, d.delta, coalesce(d.first_new, 'infinity'::date)
      FROM leaderboard_deltas(p_supplier, p_user, p_delta, p_paid) d
     WHERE d.delta <> 0 OR d.first_new IS NOT NULL
  ON CONFLICT (month, suppliers_master_id, users_master_id) DO UPDATE
     SET sales = l.sales + excluded.sales,
         first_paid = least(l.first_paid, excluded.first_paid);

  INSERT INTO leaderboard_monthly_totals AS t (month, users_master_id, sales, first_paid)
    SELECT d.month, d.users_master_id, sum(d.delta)::int, coalesce(min(d.first_new), 'infinity'::date)
      FROM leaderboard_deltas(p_supplier, p_user, p_delta, p_paid) d
     GROUP BY 1, 2
    HAVING sum(d.delta) <> 0 OR min(d.first_new) IS NOT NULL
  ON CONFLICT (month, users_master_id) DO UPDATE
     SET sales = t.sales + excluded.sales,
         first_paid = least(t.first_paid, excluded.first_paid);

  DELETE FROM leaderboard_monthly_sales l USING leaderboard_deltas(p_supplier, p_user, p_delta, p_paid) d
   WHERE l.month = d.month AND l.suppliers_master_id = d.suppliers_master_id
     AND l.users_master_id = d.users_master_id AND l.sales <= 0;

  DELETE FROM leaderboard_monthly_totals t USING leaderboard_deltas(p_supplier, p_user, p_delta, p_paid) d
   WHERE t.month = d.month AND t.users_master_id = d.users_master_id AND t.sales <= 0;

  -- An order that left a month may have been its first paid one: read that dealer's earliest again.
  UPDATE leaderboard_monthly_sales l
     SET first_paid = earliest.paid
    FROM leaderboard_deltas(p_supplier, p_user, p_delta, p_paid) d,
         LATERAL (
           SELECT min(o.order_paid_date) AS paid
             FROM (SELECT om.orders_import_id AS id FROM orders_master om
                    WHERE om.users_master_id = d.users_master_id
                      AND NOT EXISTS (SELECT 1 FROM orders_admin_override ov WHERE ov.orders_import_id = om.orders_import_id)
                   UNION ALL
                   SELECT ov.orders_import_id FROM orders_admin_override ov
                    WHERE ov.newly_assigned_agent = d.users_master_id) mine
             JOIN orders_import o ON o.id = mine.id
            WHERE o.suppliers_master_id = d.suppliers_master_id
              AND o.order_paid_date >= d.month AND o.order_paid_date < d.month + interval '1 month'
         ) earliest
   WHERE d.lost AND earliest.paid IS NOT NULL
     AND l.month = d.month AND l.suppliers_master_id = d.suppliers_master_id AND l.users_master_id = d.users_master_id;

  UPDATE leaderboard_monthly_totals t
     SET first_paid = earliest.paid
    FROM (SELECT DISTINCT d.month, d.users_master_id FROM leaderboard_deltas(p_supplier, p_user, p_delta, p_paid) d
           WHERE d.lost) lost,
         LATERAL (SELECT min(l.first_paid) AS paid FROM leaderboard_monthly_sales l
                   WHERE l.month = lost.month AND l.users_master_id = lost.users_master_id) earliest
   WHERE earliest.paid IS NOT NULL AND t.month = lost.month AND t.users_master_id = lost.users_master_id;
END
$$;
--> statement-breakpoint
-- The structure report's pre-aggregate: each order counts once per milestone whose date it has, on
-- that date, for its effective dealer (the override's agent, else the attribution), like the
-- leaderboard's signed contributions (+1 where it counts now, -1 where it counted before).
CREATE FUNCTION structure_deltas(p_user integer[], p_supplier integer[], p_delta integer[], p_created date[],
                                 p_paid date[], p_installed date[], p_activated date[])
RETURNS TABLE (users_master_id integer, day date, suppliers_master_id integer, milestone smallint, delta integer)
LANGUAGE sql IMMUTABLE AS $$
  SELECT x.usr, m.day, x.supplier, m.milestone, sum(x.delta)::int
    FROM unnest(p_user, p_supplier, p_delta, p_created, p_paid, p_installed, p_activated)
           AS x(usr, supplier, delta, created, paid, installed, activated)
   CROSS JOIN LATERAL (VALUES (1::smallint, x.created), (2::smallint, x.paid),
                              (3::smallint, x.installed), (4::smallint, x.activated)) AS m(milestone, day)
   WHERE x.usr IS NOT NULL AND m.day IS NOT NULL
   GROUP BY 1, 2, 3, 4
  HAVING sum(x.delta) <> 0
$$;
--> statement-breakpoint
CREATE FUNCTION structure_apply(p_user integer[], p_supplier integer[], p_delta integer[], p_created date[],
                                p_paid date[], p_installed date[], p_activated date[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO structure_daily_orders AS s (users_master_id, day, suppliers_master_id, milestone, orders)
    SELECT d.users_master_id, d.day, d.suppliers_master_id, d.milestone, d.delta
      FROM structure_deltas(p_user, p_supplier, p_delta, p_created, p_paid, p_installed, p_activated) d
  ON CONFLICT (users_master_id, day, suppliers_master_id, milestone) DO UPDATE
     SET orders = s.orders + excluded.orders;

  DELETE FROM structure_daily_orders s
   USING structure_deltas(p_user, p_supplier, p_delta, p_created, p_paid, p_installed, p_activated) d
   WHERE s.users_master_id = d.users_master_id AND s.day = d.day
     AND s.suppliers_master_id = d.suppliers_master_id AND s.milestone = d.milestone AND s.orders <= 0;
END
$$;
--> statement-breakpoint
-- A milestone date or the supplier changed (a re-import): the order leaves its old days and joins the new ones.
CREATE FUNCTION structure_orders_import_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM structure_apply(array_agg(c.usr), array_agg(c.supplier), array_agg(c.delta), array_agg(c.created),
                          array_agg(c.paid), array_agg(c.installed), array_agg(c.activated))
    FROM (
      SELECT coalesce(ov.newly_assigned_agent, om.users_master_id) AS usr, o.suppliers_master_id AS supplier,
             -1 AS delta, o.order_created_date AS created, o.order_paid_date AS paid,
             o.order_installation_date AS installed, o.supplier_activation_date AS activated
        FROM old_rows o
        JOIN new_rows n ON n.id = o.id
        LEFT JOIN orders_master om ON om.orders_import_id = o.id
        LEFT JOIN orders_admin_override ov ON ov.orders_import_id = o.id
       WHERE (o.order_created_date, o.order_paid_date, o.order_installation_date, o.supplier_activation_date, o.suppliers_master_id)
             IS DISTINCT FROM
             (n.order_created_date, n.order_paid_date, n.order_installation_date, n.supplier_activation_date, n.suppliers_master_id)
      UNION ALL
      SELECT coalesce(ov.newly_assigned_agent, om.users_master_id), n.suppliers_master_id, 1, n.order_created_date,
             n.order_paid_date, n.order_installation_date, n.supplier_activation_date
        FROM new_rows n
        JOIN old_rows o ON o.id = n.id
        LEFT JOIN orders_master om ON om.orders_import_id = n.id
        LEFT JOIN orders_admin_override ov ON ov.orders_import_id = n.id
       WHERE (o.order_created_date, o.order_paid_date, o.order_installation_date, o.supplier_activation_date, o.suppliers_master_id)
             IS DISTINCT FROM
             (n.order_created_date, n.order_paid_date, n.order_installation_date, n.supplier_activation_date, n.suppliers_master_id)
    ) c
   WHERE c.usr IS NOT NULL
  HAVING count(*) > 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER structure_orders_import_updated AFTER UPDATE ON orders_import
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION structure_orders_import_updated();
--> statement-breakpoint
-- An attribution written, removed or changed: it counts unless an override decides instead.
CREATE FUNCTION structure_orders_master_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM structure_apply(array_agg(r.users_master_id), array_agg(o.suppliers_master_id), array_agg(-1),
                            array_agg(o.order_created_date), array_agg(o.order_paid_date),
                            array_agg(o.order_installation_date), array_agg(o.supplier_activation_date))
       FROM old_rows r JOIN orders_import o ON o.id = r.orders_import_id
      WHERE NOT EXISTS (SELECT 1 FROM orders_admin_override ov WHERE ov.orders_import_id = r.orders_import_id)
     HAVING count(*) > 0;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM structure_apply(array_agg(r.users_master_id), array_agg(o.suppliers_master_id), array_agg(1),
                            array_agg(o.order_created_date), array_agg(o.order_paid_date),
                            array_agg(o.order_installation_date), array_agg(o.supplier_activation_date))
       FROM new_rows r JOIN orders_import o ON o.id = r.orders_import_id
      WHERE NOT EXISTS (SELECT 1 FROM orders_admin_override ov WHERE ov.orders_import_id = r.orders_import_id)
     HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER structure_orders_master_inserted AFTER INSERT ON orders_master
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION structure_orders_master_changed();
--> statement-breakpoint
CREATE TRIGGER structure_orders_master_deleted AFTER DELETE ON orders_master
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION structure_orders_master_changed();
--> statement-breakpoint
CREATE TRIGGER structure_orders_master_updated AFTER UPDATE ON orders_master
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION structure_orders_master_changed();
--> statement-breakpoint
-- An override written, removed or changed: the order moves between the attribution's dealer and the
-- override's agent (or between two agents).
CREATE FUNCTION structure_override_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM structure_apply(array_agg(c.usr), array_agg(c.supplier), array_agg(c.delta), array_agg(c.created),
                            array_agg(c.paid), array_agg(c.installed), array_agg(c.activated))
       FROM (SELECT r.newly_assigned_agent AS usr, o.suppliers_master_id AS supplier, -1 AS delta,
                    o.order_created_date AS created, o.order_paid_date AS paid,
                    o.order_installation_date AS installed, o.supplier_activation_date AS activated
               FROM old_rows r JOIN orders_import o ON o.id = r.orders_import_id
             UNION ALL
             SELECT om.users_master_id, o.suppliers_master_id, 1, o.order_created_date, o.order_paid_date,
                    o.order_installation_date, o.supplier_activation_date
               FROM old_rows r JOIN orders_import o ON o.id = r.orders_import_id
               JOIN orders_master om ON om.orders_import_id = r.orders_import_id
              WHERE TG_OP = 'DELETE') c
     HAVING count(*) > 0;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM structure_apply(array_agg(c.usr), array_agg(c.supplier), array_agg(c.delta), array_agg(c.created),
                            array_agg(c.paid), array_agg(c.installed), array_agg(c.activated))
       FROM (SELECT r.newly_assigned_agent AS usr, o.suppliers_master_id AS supplier, 1 AS delta,
                    o.order_created_date AS created, o.order_paid_date AS paid,
                    o.order_installation_date AS installed, o.supplier_activation_date AS activated
               FROM new_rows r JOIN orders_import o ON o.id = r.orders_import_id
             UNION ALL
             SELECT om.users_master_id, o.suppliers_master_id, -1, o.order_created_date, o.order_paid_date,
                    o.order_installation_date, o.supplier_activation_date
               FROM new_rows r JOIN orders_import o ON o.id = r.orders_import_id
               JOIN orders_master om ON om.orders_import_id = r.orders_import_id
              WHERE TG_OP = 'INSERT') c
     HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER structure_override_inserted AFTER INSERT ON orders_admin_override
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION structure_override_changed();
--> statement-breakpoint
CREATE TRIGGER structure_override_deleted AFTER DELETE ON orders_admin_override
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION structure_override_changed();
--> statement-breakpoint
CREATE TRIGGER structure_override_updated AFTER UPDATE ON orders_admin_override
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION structure_override_changed();
--> statement-breakpoint
-- The rows so far.
INSERT INTO leaderboard_monthly_totals (month, users_master_id, sales, first_paid)
SELECT month, users_master_id, sum(sales)::int, min(first_paid)
  FROM leaderboard_monthly_sales
 GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO structure_daily_orders (users_master_id, day, suppliers_master_id, milestone, orders)
SELECT coalesce(ov.newly_assigned_agent, om.users_master_id), m.day, o.suppliers_master_id, m.milestone, count(*)::int
  FROM orders_import o
  LEFT JOIN orders_master om ON om.orders_import_id = o.id
  LEFT JOIN orders_admin_override ov ON ov.orders_import_id = o.id
 CROSS JOIN LATERAL (VALUES (1::smallint, o.order_created_date), (2::smallint, o.order_paid_date),
                            (3::smallint, o.order_installation_date), (4::smallint, o.supplier_activation_date))
         AS m(milestone, day)
 WHERE coalesce(ov.newly_assigned_agent, om.users_master_id) IS NOT NULL AND m.day IS NOT NULL
 GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- leaderboard_monthly_ranks follows both monthly tables: each statement's old rows leave their
-- (sales, first paid) and its new rows join theirs, in one upsert per side. Rows that fall to 0 stay
-- (they add nothing; deleting them would make concurrent imports contend on the same keys twice).
-- One function serves both tables: a row read as JSON has no supplier in the totals (0 stands for
-- all suppliers).
CREATE FUNCTION leaderboard_ranks_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO leaderboard_monthly_ranks AS r (month, suppliers_master_id, sales, first_paid, dealers)
      SELECT o.month, o.suppliers_master_id, o.sales, o.first_paid, -count(*)::int
        FROM (SELECT to_jsonb(x) AS j FROM old_rows x) s,
             LATERAL (SELECT (s.j->>'month')::date AS month, coalesce((s.j->>'suppliers_master_id')::int, 0) AS suppliers_master_id,
                             (s.j->>'sales')::int AS sales, (s.j->>'first_paid')::date AS first_paid) o
       GROUP BY 1, 2, 3, 4
    ON CONFLICT (month, suppliers_master_id, sales, first_paid) DO UPDATE SET dealers = r.dealers + excluded.dealers;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO leaderboard_monthly_ranks AS r (month, suppliers_master_id, sales, first_paid, dealers)
      SELECT n.month, n.suppliers_master_id, n.sales, n.first_paid, count(*)::int
        FROM (SELECT to_jsonb(x) AS j FROM new_rows x) s,
             LATERAL (SELECT (s.j->>'month')::date AS month, coalesce((s.j->>'suppliers_master_id')::int, 0) AS suppliers_master_id,
                             (s.j->>'sales')::int AS sales, (s.j->>'first_paid')::date AS first_paid) n
       GROUP BY 1, 2, 3, 4
    ON CONFLICT (month, suppliers_master_id, sales, first_paid) DO UPDATE SET dealers = r.dealers + excluded.dealers;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER leaderboard_ranks_totals_inserted AFTER INSERT ON leaderboard_monthly_totals
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION leaderboard_ranks_changed();
--> statement-breakpoint
CREATE TRIGGER leaderboard_ranks_totals_deleted AFTER DELETE ON leaderboard_monthly_totals
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION leaderboard_ranks_changed();
--> statement-breakpoint
CREATE TRIGGER leaderboard_ranks_totals_updated AFTER UPDATE ON leaderboard_monthly_totals
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION leaderboard_ranks_changed();
--> statement-breakpoint
CREATE TRIGGER leaderboard_ranks_sales_inserted AFTER INSERT ON leaderboard_monthly_sales
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION leaderboard_ranks_changed();
--> statement-breakpoint
CREATE TRIGGER leaderboard_ranks_sales_deleted AFTER DELETE ON leaderboard_monthly_sales
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION leaderboard_ranks_changed();
--> statement-breakpoint
CREATE TRIGGER leaderboard_ranks_sales_updated AFTER UPDATE ON leaderboard_monthly_sales
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION leaderboard_ranks_changed();
--> statement-breakpoint
INSERT INTO leaderboard_monthly_ranks (month, suppliers_master_id, sales, first_paid, dealers)
SELECT month, suppliers_master_id, sales, first_paid, count(*)::int FROM leaderboard_monthly_sales GROUP BY 1, 2, 3, 4
UNION ALL
SELECT month, 0, sales, first_paid, count(*)::int FROM leaderboard_monthly_totals GROUP BY 1, 3, 4;

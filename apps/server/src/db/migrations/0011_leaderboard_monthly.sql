CREATE TABLE "leaderboard_monthly_sales" (
	"month" date NOT NULL,
	"suppliers_master_id" integer NOT NULL,
	"users_master_id" integer NOT NULL,
	"sales" integer NOT NULL,
	"first_paid" date NOT NULL,
	CONSTRAINT "leaderboard_monthly_sales_month_suppliers_master_id_users_master_id_pk" PRIMARY KEY("month","suppliers_master_id","users_master_id")
);
--> statement-breakpoint
CREATE INDEX "leaderboard_monthly_sales_month_user_idx" ON "leaderboard_monthly_sales" USING btree ("month","users_master_id");--> statement-breakpoint
-- Keeping leaderboard_monthly_sales exact (DECISIONS "Leaderboard"): every change to an order's
-- paid date, supplier, attribution or override turns into signed contributions (+1 for where the
-- order counts now, -1 for where it counted before), applied per statement from the transition
-- tables, so a bulk import costs one set-based pass, not one per row. An order counts for its
-- effective dealer (the override's agent, else the attribution) in the month of its paid date.
CREATE FUNCTION leaderboard_deltas(p_supplier integer[], p_user integer[], p_delta integer[], p_paid date[])
RETURNS TABLE (month date, suppliers_master_id integer, users_master_id integer, delta integer, first_new date, lost boolean)
LANGUAGE sql IMMUTABLE AS $$
  SELECT date_trunc('month', x.paid)::date, x.supplier, x.usr, sum(x.delta)::int,
         min(x.paid) FILTER (WHERE x.delta > 0), bool_or(x.delta < 0)
    FROM unnest(p_supplier, p_user, p_delta, p_paid) AS x(supplier, usr, delta, paid)
   WHERE x.usr IS NOT NULL AND x.paid IS NOT NULL
   GROUP BY 1, 2, 3
$$;
--> statement-breakpoint
CREATE FUNCTION leaderboard_apply(p_supplier integer[], p_user integer[], p_delta integer[], p_paid date[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- One upsert (concurrent imports may add the same key); 'infinity' stands for "no new first paid date".
  INSERT INTO leaderboard_monthly_sales AS l (month, suppliers_master_id, users_master_id, sales, first_paid)
    SELECT d.month, d.suppliers_master_id, d.users_master_id, d.delta, coalesce(d.first_new, 'infinity'::date)
      FROM leaderboard_deltas(p_supplier, p_user, p_delta, p_paid) d
     WHERE d.delta <> 0 OR d.first_new IS NOT NULL
  ON CONFLICT (month, suppliers_master_id, users_master_id) DO UPDATE
     SET sales = l.sales + excluded.sales,
         first_paid = least(l.first_paid, excluded.first_paid);

  DELETE FROM leaderboard_monthly_sales l USING leaderboard_deltas(p_supplier, p_user, p_delta, p_paid) d
   WHERE l.month = d.month AND l.suppliers_master_id = d.suppliers_master_id
     AND l.users_master_id = d.users_master_id AND l.sales <= 0;

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
END
$$;
--> statement-breakpoint
-- Paid date or supplier changed (a re-import): the order leaves its old month and joins the new one.
CREATE FUNCTION leaderboard_orders_import_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM leaderboard_apply(array_agg(c.supplier), array_agg(c.usr), array_agg(c.delta), array_agg(c.paid))
    FROM (
      SELECT o.suppliers_master_id AS supplier,
             coalesce(ov.newly_assigned_agent, om.users_master_id) AS usr, -1 AS delta, o.order_paid_date AS paid
        FROM old_rows o
        JOIN new_rows n ON n.id = o.id
        LEFT JOIN orders_master om ON om.orders_import_id = o.id
        LEFT JOIN orders_admin_override ov ON ov.orders_import_id = o.id
       WHERE o.order_paid_date IS DISTINCT FROM n.order_paid_date OR o.suppliers_master_id <> n.suppliers_master_id
      UNION ALL
      SELECT n.suppliers_master_id, coalesce(ov.newly_assigned_agent, om.users_master_id), 1, n.order_paid_date
        FROM new_rows n
        JOIN old_rows o ON o.id = n.id
        LEFT JOIN orders_master om ON om.orders_import_id = n.id
        LEFT JOIN orders_admin_override ov ON ov.orders_import_id = n.id
       WHERE o.order_paid_date IS DISTINCT FROM n.order_paid_date OR o.suppliers_master_id <> n.suppliers_master_id
    ) c
   HAVING count(*) > 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER leaderboard_orders_import_updated AFTER UPDATE ON orders_import
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION leaderboard_orders_import_updated();
--> statement-breakpoint
-- An attribution written, removed or changed: it counts unless an override decides instead. Each
-- branch names only the transition tables its event has (plpgsql plans a statement when it runs).
CREATE FUNCTION leaderboard_orders_master_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM leaderboard_apply(array_agg(o.suppliers_master_id), array_agg(r.users_master_id),
                              array_agg(-1), array_agg(o.order_paid_date))
       FROM old_rows r JOIN orders_import o ON o.id = r.orders_import_id
      WHERE o.order_paid_date IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM orders_admin_override ov WHERE ov.orders_import_id = r.orders_import_id)
     HAVING count(*) > 0;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM leaderboard_apply(array_agg(o.suppliers_master_id), array_agg(r.users_master_id),
                              array_agg(1), array_agg(o.order_paid_date))
       FROM new_rows r JOIN orders_import o ON o.id = r.orders_import_id
      WHERE o.order_paid_date IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM orders_admin_override ov WHERE ov.orders_import_id = r.orders_import_id)
     HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER leaderboard_orders_master_inserted AFTER INSERT ON orders_master
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION leaderboard_orders_master_changed();
--> statement-breakpoint
CREATE TRIGGER leaderboard_orders_master_deleted AFTER DELETE ON orders_master
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION leaderboard_orders_master_changed();
--> statement-breakpoint
CREATE TRIGGER leaderboard_orders_master_updated AFTER UPDATE ON orders_master
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION leaderboard_orders_master_changed();
--> statement-breakpoint
-- An override written, removed or changed: the order moves between the attribution's dealer and the
-- override's agent (or between two agents).
CREATE FUNCTION leaderboard_override_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    -- The old agent loses the order; without an override any more, the attribution's dealer gets it back.
    PERFORM leaderboard_apply(array_agg(c.supplier), array_agg(c.usr), array_agg(c.delta),
                              array_agg(c.paid))
       FROM (SELECT o.suppliers_master_id AS supplier, r.newly_assigned_agent AS usr, -1 AS delta, o.order_paid_date AS paid
               FROM old_rows r JOIN orders_import o ON o.id = r.orders_import_id
              WHERE o.order_paid_date IS NOT NULL
             UNION ALL
             SELECT o.suppliers_master_id, om.users_master_id, 1, o.order_paid_date
               FROM old_rows r JOIN orders_import o ON o.id = r.orders_import_id
               JOIN orders_master om ON om.orders_import_id = r.orders_import_id
              WHERE o.order_paid_date IS NOT NULL AND TG_OP = 'DELETE') c
     HAVING count(*) > 0;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    -- The new agent gets the order; on a first override the attribution's dealer loses it.
    PERFORM leaderboard_apply(array_agg(c.supplier), array_agg(c.usr), array_agg(c.delta),
                              array_agg(c.paid))
       FROM (SELECT o.suppliers_master_id AS supplier, r.newly_assigned_agent AS usr, 1 AS delta, o.order_paid_date AS paid
               FROM new_rows r JOIN orders_import o ON o.id = r.orders_import_id
              WHERE o.order_paid_date IS NOT NULL
             UNION ALL
             SELECT o.suppliers_master_id, om.users_master_id, -1, o.order_paid_date
               FROM new_rows r JOIN orders_import o ON o.id = r.orders_import_id
               JOIN orders_master om ON om.orders_import_id = r.orders_import_id
              WHERE o.order_paid_date IS NOT NULL AND TG_OP = 'INSERT') c
     HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER leaderboard_override_inserted AFTER INSERT ON orders_admin_override
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION leaderboard_override_changed();
--> statement-breakpoint
CREATE TRIGGER leaderboard_override_deleted AFTER DELETE ON orders_admin_override
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION leaderboard_override_changed();
--> statement-breakpoint
CREATE TRIGGER leaderboard_override_updated AFTER UPDATE ON orders_admin_override
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION leaderboard_override_changed();
--> statement-breakpoint
-- The months so far.
INSERT INTO leaderboard_monthly_sales (month, suppliers_master_id, users_master_id, sales, first_paid)
SELECT date_trunc('month', o.order_paid_date)::date, o.suppliers_master_id,
       coalesce(ov.newly_assigned_agent, om.users_master_id), count(*)::int, min(o.order_paid_date)
  FROM orders_import o
  LEFT JOIN orders_master om ON om.orders_import_id = o.id
  LEFT JOIN orders_admin_override ov ON ov.orders_import_id = o.id
 WHERE o.order_paid_date IS NOT NULL AND coalesce(ov.newly_assigned_agent, om.users_master_id) IS NOT NULL
 GROUP BY 1, 2, 3;

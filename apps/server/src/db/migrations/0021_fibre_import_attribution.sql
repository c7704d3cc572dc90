-- Hand-written (decision 038). The fibre import attributes a file's new orders in one statement and
-- then adds them to the leaderboard's monthly tables and the structure report's day table itself,
-- grouped once from its own list of new orders (fibre-import.queries.ts, attributeNewOrders). For
-- that one insert it sets `portal.attribution_counted` to 'on' (transaction-local), and the two
-- per-statement triggers of orders_master inserts stand aside instead of counting the same rows
-- again from the transition table. Every other write (deletes, updates, any other insert, the
-- import's own attribution of already known orders) is counted by the triggers as before.
CREATE OR REPLACE FUNCTION leaderboard_orders_master_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' AND current_setting('portal.attribution_counted', true) = 'on' THEN
    RETURN NULL;
  END IF;
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
CREATE OR REPLACE FUNCTION structure_orders_master_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' AND current_setting('portal.attribution_counted', true) = 'on' THEN
    RETURN NULL;
  END IF;
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
-- The rank buckets (migration 0014) read each changed monthly row as JSON so that one function could
-- serve both tables; at an import's size (~100 000 dealer rows a statement) that conversion was
-- most of the buckets' cost. Same buckets, each table's columns read directly (plpgsql keeps a
-- function's plans per trigger table, so each branch is planned against its own table's rows).
CREATE OR REPLACE FUNCTION leaderboard_ranks_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'leaderboard_monthly_sales' THEN
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
      INSERT INTO leaderboard_monthly_ranks AS r (month, suppliers_master_id, sales, first_paid, dealers)
        SELECT o.month, o.suppliers_master_id, o.sales, o.first_paid, -count(*)::int FROM old_rows o
         GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT (month, suppliers_master_id, sales, first_paid) DO UPDATE SET dealers = r.dealers + excluded.dealers;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      INSERT INTO leaderboard_monthly_ranks AS r (month, suppliers_master_id, sales, first_paid, dealers)
        SELECT n.month, n.suppliers_master_id, n.sales, n.first_paid, count(*)::int FROM new_rows n
         GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT (month, suppliers_master_id, sales, first_paid) DO UPDATE SET dealers = r.dealers + excluded.dealers;
    END IF;
  ELSE
    IF TG_OP IN ('DELETE', 'UPDATE') THEN
      INSERT INTO leaderboard_monthly_ranks AS r (month, suppliers_master_id, sales, first_paid, dealers)
        SELECT o.month, 0, o.sales, o.first_paid, -count(*)::int FROM old_rows o
         GROUP BY 1, 3, 4 ORDER BY 1, 3, 4
      ON CONFLICT (month, suppliers_master_id, sales, first_paid) DO UPDATE SET dealers = r.dealers + excluded.dealers;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      INSERT INTO leaderboard_monthly_ranks AS r (month, suppliers_master_id, sales, first_paid, dealers)
        SELECT n.month, 0, n.sales, n.first_paid, count(*)::int FROM new_rows n
         GROUP BY 1, 3, 4 ORDER BY 1, 3, 4
      ON CONFLICT (month, suppliers_master_id, sales, first_paid) DO UPDATE SET dealers = r.dealers + excluded.dealers;
    END IF;
  END IF;
  RETURN NULL;
END
$$;

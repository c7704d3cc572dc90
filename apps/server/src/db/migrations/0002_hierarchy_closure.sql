-- The closure table is kept exact by the database itself, in the same transaction as every
-- insert or parent change, so no code path can leave it stale. A move rewrites only the pairs
-- between the moved subtree and its old and new ancestors: two set-based statements.
CREATE FUNCTION users_hierarchy_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO users_hierarchy_closure (ancestor_id, descendant_id, depth)
  SELECT ancestor_id, NEW.id, depth + 1 FROM users_hierarchy_closure WHERE descendant_id = NEW.parent_id
  UNION ALL
  SELECT NEW.id, NEW.id, 0;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_hierarchy_insert AFTER INSERT ON users_master
  FOR EACH ROW EXECUTE FUNCTION users_hierarchy_on_insert();
--> statement-breakpoint
CREATE FUNCTION users_hierarchy_on_parent_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.parent_id IS NOT DISTINCT FROM OLD.parent_id THEN
    RETURN NEW;
  END IF;
  IF NEW.parent_id IS NOT NULL AND EXISTS (
    SELECT 1 FROM users_hierarchy_closure WHERE ancestor_id = NEW.id AND descendant_id = NEW.parent_id
  ) THEN
    RAISE EXCEPTION 'user % cannot be moved under their own downstream (%)', NEW.id, NEW.parent_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'users_hierarchy_no_cycle';
  END IF;
  DELETE FROM users_hierarchy_closure c
  USING users_hierarchy_closure up, users_hierarchy_closure down
  WHERE up.descendant_id = NEW.id AND up.depth > 0
    AND down.ancestor_id = NEW.id
    AND c.ancestor_id = up.ancestor_id AND c.descendant_id = down.descendant_id;
  INSERT INTO users_hierarchy_closure (ancestor_id, descendant_id, depth)
  SELECT up.ancestor_id, down.descendant_id, up.depth + down.depth + 1
  FROM users_hierarchy_closure up
  CROSS JOIN users_hierarchy_closure down
  WHERE up.descendant_id = NEW.parent_id AND down.ancestor_id = NEW.id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_hierarchy_parent_change AFTER UPDATE OF parent_id ON users_master
  FOR EACH ROW EXECUTE FUNCTION users_hierarchy_on_parent_change();
--> statement-breakpoint
-- Trigram search over names, e-mail and phone for the downstream and team lists.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX users_master_search_trgm_idx ON users_master USING gin (
  (lower(coalesce(first_name, '') || ' ' || coalesce(surname, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone, ''))) gin_trgm_ops
);

-- "The signed-in page follows changes to the user's own row" for every write path (services,
-- approvals, imports, scripts, psql): triggers send the users_master id on the channel
-- `user_changed`; each server's listener (platform/events.ts) turns it into `user.changed` on the
-- topic `user.{id}`. pg_notify is delivered on commit, dropped on rollback, and identical payloads in
-- one transaction are sent once. Feature flags count as part of the user (they are in /api/me).
CREATE FUNCTION users_master_notify_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('user_changed', OLD.id::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_master_notify_update AFTER UPDATE ON users_master
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION users_master_notify_changed();
--> statement-breakpoint
CREATE TRIGGER users_master_notify_delete AFTER DELETE ON users_master
  FOR EACH ROW EXECUTE FUNCTION users_master_notify_changed();
--> statement-breakpoint
CREATE FUNCTION users_access_notify_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('user_changed', OLD.user_master_id::text);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('user_changed', NEW.user_master_id::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_access_notify_changed AFTER INSERT OR UPDATE OR DELETE ON users_access_index
  FOR EACH ROW EXECUTE FUNCTION users_access_notify_changed();

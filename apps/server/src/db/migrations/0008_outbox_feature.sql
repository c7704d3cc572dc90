-- The outbox holds every message sent to people (codes and links masked once delivered by a real
-- transport): reading it needs its own flag, not "is admin" (docs/security.md). Admins who may
-- grant flags get it, so an existing deployment keeps someone who can open the page.
INSERT INTO features_master (id, name) VALUES (8, 'Outbox') ON CONFLICT (id) DO NOTHING;
--> statement-breakpoint
INSERT INTO users_access_index (user_master_id, features_master_id)
SELECT a.user_master_id, 8 FROM users_access_index a WHERE a.features_master_id = 6
ON CONFLICT DO NOTHING;

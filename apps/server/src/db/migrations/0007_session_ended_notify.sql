-- A live page must stop following a user once its session is gone (sign-out, a password change
-- or reset ending the other sessions, idle or absolute expiry): every deleted auth_session sends
-- `session.ended` with the session id on the user's topic. Each SSE stream closes when it hears
-- its own session id (modules/events); other streams of the user ignore it.
CREATE FUNCTION auth_session_notify_ended() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  dealer_id integer;
BEGIN
  SELECT id INTO dealer_id FROM users_master WHERE auth_id = OLD.user_id;
  IF dealer_id IS NOT NULL THEN
    PERFORM pg_notify(
      'portal_events',
      json_build_object(
        'channel', 'user.' || dealer_id,
        'type', 'session.ended',
        'data', json_build_object('sessionId', OLD.id)
      )::text
    );
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER auth_session_notify_ended AFTER DELETE ON auth_session
  FOR EACH ROW EXECUTE FUNCTION auth_session_notify_ended();

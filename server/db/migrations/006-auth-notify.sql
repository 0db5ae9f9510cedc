-- Every change that can end a session or change what it may do is announced on auth_changed with
-- the user's id, so that each server process drops the sessions it verified and cached for that
-- user (server/shared/auth-guard.ts). An empty payload (TRUNCATE) drops every cached session.
CREATE FUNCTION auth.sessions_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changed', OLD.user_id::text);
  IF TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id THEN
    PERFORM pg_notify('auth_changed', NEW.user_id::text);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER sessions_auth_changed AFTER UPDATE OR DELETE ON auth.sessions
  FOR EACH ROW EXECUTE FUNCTION auth.sessions_notify();

CREATE FUNCTION auth.users_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changed', OLD.id::text);
  RETURN NULL;
END;
$$;
-- Role (app metadata), ban and email: what resolveUser reads. A sign-in stamp or a new password
-- hash alone changes none of it (a password change deletes the other sessions, announced above).
CREATE TRIGGER users_auth_changed AFTER UPDATE OF raw_app_meta_data, banned_until, email, id OR DELETE ON auth.users
  FOR EACH ROW EXECUTE FUNCTION auth.users_notify();

CREATE FUNCTION auth.truncate_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changed', '');
  RETURN NULL;
END;
$$;
CREATE TRIGGER sessions_auth_truncated AFTER TRUNCATE ON auth.sessions
  FOR EACH STATEMENT EXECUTE FUNCTION auth.truncate_notify();
CREATE TRIGGER users_auth_truncated AFTER TRUNCATE ON auth.users
  FOR EACH STATEMENT EXECUTE FUNCTION auth.truncate_notify();

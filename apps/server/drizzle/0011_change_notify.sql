-- Every write to what the answer caches hold is announced on channel tokendesk_changes as
-- '<topic>:<user id>' when its transaction commits (decision 0026). Triggers, not application
-- code, so that every writer (another server, the indexer, the staff CLI, a restore) is heard.
-- PostgreSQL folds identical notifications of one transaction into one.
CREATE FUNCTION tokendesk_notify_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('tokendesk_changes', TG_ARGV[0] || ':' || OLD.user_id);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
    PERFORM pg_notify('tokendesk_changes', TG_ARGV[0] || ':' || NEW.user_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION tokendesk_notify_user_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tokendesk_changes', 'session:' || OLD.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER projects_notify_change AFTER INSERT OR UPDATE OR DELETE ON projects FOR EACH ROW EXECUTE FUNCTION tokendesk_notify_user_change('lists');--> statement-breakpoint
CREATE TRIGGER pools_notify_change AFTER INSERT OR UPDATE OR DELETE ON pools FOR EACH ROW EXECUTE FUNCTION tokendesk_notify_user_change('lists');--> statement-breakpoint
CREATE TRIGGER notifications_notify_change AFTER INSERT OR UPDATE OR DELETE ON notifications FOR EACH ROW EXECUTE FUNCTION tokendesk_notify_user_change('unread');--> statement-breakpoint
CREATE TRIGGER sessions_notify_change AFTER UPDATE OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION tokendesk_notify_user_change('session');--> statement-breakpoint
CREATE TRIGGER users_notify_change AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION tokendesk_notify_user_row_change();

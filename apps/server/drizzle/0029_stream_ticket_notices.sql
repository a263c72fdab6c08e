-- The live stream (decision 0074): a ticket's status or a new message is announced on channel
-- tokendesk_stream as 'ticket:<owner's user id>:<ticket id>' when its transaction commits, whoever
-- wrote it (a staff reply on another server, the CLI). A reply that also updates the ticket row
-- sends the same text twice in one transaction, which PostgreSQL folds into one.
CREATE FUNCTION tokendesk_notify_ticket_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('tokendesk_stream', 'ticket:' || OLD.user_id || ':' || OLD.id);
  ELSE
    PERFORM pg_notify('tokendesk_stream', 'ticket:' || NEW.user_id || ':' || NEW.id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION tokendesk_notify_ticket_message() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tokendesk_stream', 'ticket:' || t.user_id || ':' || t.id) FROM tickets t WHERE t.id = NEW.ticket_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER tickets_notify_stream AFTER INSERT OR UPDATE OR DELETE ON tickets FOR EACH ROW EXECUTE FUNCTION tokendesk_notify_ticket_change();--> statement-breakpoint
CREATE TRIGGER ticket_messages_notify_stream AFTER INSERT ON ticket_messages FOR EACH ROW EXECUTE FUNCTION tokendesk_notify_ticket_message();

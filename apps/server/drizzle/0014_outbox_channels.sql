-- Where a user's alerts are delivered besides the bell (docs/decisions/0037): e-mail (to the
-- account's verified address), a signed webhook, a Telegram chat, a Discord webhook. `config` holds
-- the kind's destination ({url} | {bot_token, chat_id} | {webhook_url} | {}); `secret` is the
-- webhook's whsec_ signing secret. A channel that keeps failing is paused (status, paused_at,
-- paused_reason) until its owner resumes it.
CREATE TABLE "notification_channels" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secret" text,
	"status" text DEFAULT 'active' NOT NULL,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"paused_at" timestamp with time zone,
	"paused_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_channels_kind_check" CHECK ("kind" IN ('email', 'webhook', 'telegram', 'discord')),
	CONSTRAINT "notification_channels_status_check" CHECK ("status" IN ('active', 'paused'))
);
--> statement-breakpoint
ALTER TABLE "notification_channels" ADD CONSTRAINT "notification_channels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_channels_user_idx" ON "notification_channels" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE TABLE "alert_channels" (
	"alert_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	CONSTRAINT "alert_channels_pkey" PRIMARY KEY ("alert_id","channel_id")
);
--> statement-breakpoint
ALTER TABLE "alert_channels" ADD CONSTRAINT "alert_channels_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_channels" ADD CONSTRAINT "alert_channels_channel_id_notification_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."notification_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_channels_channel_idx" ON "alert_channels" USING btree ("channel_id");--> statement-breakpoint
-- Everything that leaves TokenDesk, written in the transaction of the event it reports, content
-- frozen at that moment (payload); the delivery worker claims due rows with FOR UPDATE SKIP LOCKED
-- and a lease (locked_until), so each message is sent by one server at a time and at least once.
-- message_id is the idempotency key the receiver sees (webhook-id, Message-ID).
CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message_id" uuid NOT NULL,
	"user_id" integer,
	"channel_id" integer,
	"kind" text NOT NULL,
	"category" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"last_response_code" integer,
	"last_error" text,
	"network_id" integer,
	"block_number" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "outbox_kind_check" CHECK ("kind" IN ('email', 'webhook', 'telegram', 'discord')),
	CONSTRAINT "outbox_status_check" CHECK ("status" IN ('pending', 'delivered', 'failed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_channel_id_notification_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."notification_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_message_id_key" ON "outbox" USING btree ("message_id");--> statement-breakpoint
-- The worker's queue: only pending rows, in the order they fall due.
CREATE INDEX "outbox_due_idx" ON "outbox" USING btree ("next_attempt_at","id") WHERE "outbox"."status" = 'pending';--> statement-breakpoint
-- A channel's delivery log, newest first.
CREATE INDEX "outbox_channel_idx" ON "outbox" USING btree ("channel_id","created_at","id") WHERE "outbox"."channel_id" is not null;--> statement-breakpoint
CREATE INDEX "outbox_user_idx" ON "outbox" USING btree ("user_id");--> statement-breakpoint
-- A reorganisation above a block cancels the pending messages derived from it (decision 0016).
CREATE INDEX "outbox_block_idx" ON "outbox" USING btree ("network_id","block_number") WHERE "outbox"."block_number" is not null AND "outbox"."status" = 'pending';--> statement-breakpoint
-- Wakes the delivery workers of every server when a message is committed, instead of a tight poll.
CREATE FUNCTION tokendesk_notify_outbox() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tokendesk_outbox', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER outbox_notify AFTER INSERT ON outbox FOR EACH STATEMENT EXECUTE FUNCTION tokendesk_notify_outbox();

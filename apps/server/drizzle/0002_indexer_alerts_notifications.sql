CREATE TABLE "alert_triggers" (
	"id" serial PRIMARY KEY NOT NULL,
	"alert_id" integer NOT NULL,
	"triggered_at" timestamp with time zone NOT NULL,
	"message" text NOT NULL,
	"values" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"pool_id" integer NOT NULL,
	"kind" text NOT NULL,
	"threshold_pct" numeric,
	"window_minutes" integer,
	"min_amount" numeric,
	"cooldown_minutes" integer DEFAULT 60 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_triggered_at" timestamp with time zone,
	"trigger_count" integer DEFAULT 0 NOT NULL,
	"since_block" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "indexed_pools" (
	"network_id" integer NOT NULL,
	"pool_address" text NOT NULL,
	"version" text NOT NULL,
	"from_block" bigint NOT NULL,
	"to_block" bigint
);
--> statement-breakpoint
CREATE TABLE "indexer_checkpoints" (
	"network_id" integer PRIMARY KEY NOT NULL,
	"last_block" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"navigation_url" text NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pool_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"network_id" integer NOT NULL,
	"pool_address" text NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	"type" text NOT NULL,
	"amount0" numeric(78, 0) NOT NULL,
	"amount1" numeric(78, 0) NOT NULL,
	"sqrt_price_x96" numeric(78, 0)
);
--> statement-breakpoint
CREATE TABLE "pool_snapshots" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"network_id" integer NOT NULL,
	"pool_address" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"block_number" bigint NOT NULL,
	"block_time" timestamp with time zone NOT NULL,
	"reserve0" numeric(78, 0) NOT NULL,
	"reserve1" numeric(78, 0) NOT NULL,
	"sqrt_price_x96" numeric(78, 0)
);
--> statement-breakpoint
ALTER TABLE "alert_triggers" ADD CONSTRAINT "alert_triggers_alert_id_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."pools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_triggers_alert_idx" ON "alert_triggers" USING btree ("alert_id","triggered_at");--> statement-breakpoint
CREATE INDEX "alerts_user_idx" ON "alerts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "alerts_pool_idx" ON "alerts" USING btree ("pool_id");--> statement-breakpoint
CREATE UNIQUE INDEX "indexed_pools_key" ON "indexed_pools" USING btree ("network_id","pool_address");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."is_read" = false;--> statement-breakpoint
CREATE UNIQUE INDEX "pool_events_network_tx_log_key" ON "pool_events" USING btree ("network_id","tx_hash","log_index");--> statement-breakpoint
CREATE INDEX "pool_events_pool_time_idx" ON "pool_events" USING btree ("network_id","pool_address","block_number","log_index");--> statement-breakpoint
CREATE UNIQUE INDEX "pool_snapshots_bucket_key" ON "pool_snapshots" USING btree ("network_id","pool_address","bucket");
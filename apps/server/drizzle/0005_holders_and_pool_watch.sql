CREATE TABLE "discovered_pools" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"network_id" integer NOT NULL,
	"dex_id" text NOT NULL,
	"pool_address" text NOT NULL,
	"pool_version" text NOT NULL,
	"fee" integer,
	"paired_token_address" text NOT NULL,
	"block_number" bigint NOT NULL,
	"tx_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pool_watch_checkpoints" (
	"network_id" integer PRIMARY KEY NOT NULL,
	"last_block" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "token_balances" (
	"network_id" integer NOT NULL,
	"token_address" text NOT NULL,
	"holder" text NOT NULL,
	"balance" numeric(78, 0) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "token_holder_daily" (
	"network_id" integer NOT NULL,
	"token_address" text NOT NULL,
	"day" text NOT NULL,
	"holder_count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "token_holder_sync" (
	"network_id" integer NOT NULL,
	"token_address" text NOT NULL,
	"deploy_block" bigint,
	"deployer" text,
	"to_block" bigint,
	"target_block" bigint,
	"holder_count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "discovered_pools" ADD CONSTRAINT "discovered_pools_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discovered_pools" ADD CONSTRAINT "discovered_pools_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discovered_pools_project_pool_key" ON "discovered_pools" USING btree ("project_id",lower("pool_address"));--> statement-breakpoint
CREATE INDEX "discovered_pools_user_idx" ON "discovered_pools" USING btree ("user_id","project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "token_balances_key" ON "token_balances" USING btree ("network_id","token_address","holder");--> statement-breakpoint
CREATE INDEX "token_balances_rank_idx" ON "token_balances" USING btree ("network_id","token_address","balance" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "token_holder_daily_key" ON "token_holder_daily" USING btree ("network_id","token_address","day");--> statement-breakpoint
CREATE UNIQUE INDEX "token_holder_sync_key" ON "token_holder_sync" USING btree ("network_id","token_address");
CREATE TABLE "indexed_blocks" (
	"network_id" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "indexed_blocks_key" ON "indexed_blocks" USING btree ("network_id","block_number","block_hash");--> statement-breakpoint
CREATE TABLE "holder_balance_journal" (
	"network_id" integer NOT NULL,
	"token_address" text NOT NULL,
	"block_number" bigint NOT NULL,
	"holder" text NOT NULL,
	"balance_before" numeric(78, 0) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "holder_balance_journal_key" ON "holder_balance_journal" USING btree ("network_id","token_address","holder","block_number");--> statement-breakpoint
CREATE INDEX "holder_balance_journal_block_idx" ON "holder_balance_journal" USING btree ("network_id","block_number");--> statement-breakpoint
ALTER TABLE "alert_triggers" ADD COLUMN "network_id" integer;--> statement-breakpoint
ALTER TABLE "alert_triggers" ADD COLUMN "block_number" bigint;--> statement-breakpoint
CREATE INDEX "alert_triggers_block_idx" ON "alert_triggers" USING btree ("network_id","block_number") WHERE "alert_triggers"."block_number" is not null;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "network_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "block_number" bigint;--> statement-breakpoint
CREATE INDEX "notifications_block_idx" ON "notifications" USING btree ("network_id","block_number") WHERE "notifications"."block_number" is not null;--> statement-breakpoint
CREATE INDEX "discovered_pools_block_idx" ON "discovered_pools" USING btree ("network_id","block_number");

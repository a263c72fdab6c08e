ALTER TABLE "token_holder_sync" ADD COLUMN "log_shortfall" numeric(78, 0) DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE "token_holder_sync" ADD COLUMN "shortfall_holders" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
CREATE TABLE "token_holder_reconciliation" (
	"network_id" integer NOT NULL,
	"token_address" text NOT NULL,
	"status" text NOT NULL,
	"block_number" bigint,
	"supply_from_logs" numeric(78, 0),
	"total_supply" numeric(78, 0),
	"zero_address_balance" numeric(78, 0),
	"largest_difference" numeric(78, 0),
	"addresses_checked" integer DEFAULT 0 NOT NULL,
	"addresses_differing" integer DEFAULT 0 NOT NULL,
	"chain_balances" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reason" text,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "token_holder_reconciliation_key" ON "token_holder_reconciliation" USING btree ("network_id","token_address");

CREATE TABLE "indexer_skipped_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"network_id" integer NOT NULL,
	"part" text NOT NULL,
	"item" text NOT NULL,
	"reason" text NOT NULL,
	"detail" text NOT NULL,
	"block_number" bigint,
	"attempts" integer DEFAULT 1 NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "indexer_skipped_items_key" ON "indexer_skipped_items" USING btree ("network_id","part","item","reason");--> statement-breakpoint
CREATE INDEX "indexer_skipped_items_recent_idx" ON "indexer_skipped_items" USING btree ("network_id","last_seen_at" DESC NULLS LAST);

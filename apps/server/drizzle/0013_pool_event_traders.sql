-- The trader of an event is its transaction's sender (decision 0033), lower case (decision 0027);
-- null until the indexer has read it. Filled a bounded number of RPC calls per tick, newest first.
ALTER TABLE "pool_events" ADD COLUMN "trader" text;--> statement-breakpoint
-- The trader filter of the activity list reads one trader's events in activity order and keeps the
-- user's pools: a trader's share of the events is small whatever the table's size. Unread rows
-- (null) stay out of it, so the backlog of a fresh backfill costs this index nothing.
CREATE INDEX "pool_events_trader_idx" ON "pool_events" USING btree ("trader","block_number","log_index","id") WHERE "trader" IS NOT NULL;--> statement-breakpoint
-- What the trader reader has left to do, newest block first: only unread rows, so it stays small
-- once the reader has caught up (millions of events, a handful unread).
CREATE INDEX "pool_events_trader_unread_idx" ON "pool_events" USING btree ("network_id","block_number") WHERE "trader" IS NULL;

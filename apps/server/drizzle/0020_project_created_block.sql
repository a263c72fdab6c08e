-- Issue 29 item 9 (decision 0057): the new-pool watch starts a project's watch at the block the
-- chain was at when the project was added, not at the head of its first poll. created_block is
-- the head read by projects/create; null for projects saved before this migration, which keep the
-- old behaviour (watched from the network's next scan on). pool_watch_joined is set by the watch
-- once it has scanned the project's token from created_block up to the network's checkpoint (the
-- per-project catch-up); from then on the shared scan covers it.
ALTER TABLE "projects" ADD COLUMN "created_block" bigint;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "pool_watch_joined" boolean DEFAULT false NOT NULL;

-- Uniswap V4 pools (decision 0042). pool_version and indexed_pools.version are plain text, so 'v4'
-- needs no change; a V4 pool's pool_address holds its pool id (0x + 64 hex, lower case) in the same
-- columns and unique keys as a V2/V3 pool's address. The rest of its PoolKey is kept beside it, so
-- the key (and with it the id) can be rebuilt and the hooks shown: fee already has a column
-- (0x800000 = dynamic, as in the key), tick spacing and the hooks address are new. Null for V2/V3.
ALTER TABLE "pools" ADD COLUMN "tick_spacing" integer;--> statement-breakpoint
ALTER TABLE "pools" ADD COLUMN "hooks" text;--> statement-breakpoint
ALTER TABLE "discovered_pools" ADD COLUMN "tick_spacing" integer;--> statement-breakpoint
ALTER TABLE "discovered_pools" ADD COLUMN "hooks" text;

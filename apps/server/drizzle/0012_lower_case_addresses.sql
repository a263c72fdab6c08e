-- Every stored address is lower case (decision 0027): requests are normalised once at the boundary,
-- answers are checksummed by the presenters, and queries compare plain columns. The rows written
-- before were checksummed (projects, pools, discovered pools) while the indexer's tables were
-- already lower case; lower() bridged the two in queries and in these indexes.
-- No lower-case collision can exist: each unique key below was already on lower(...).
DROP INDEX IF EXISTS "projects_user_network_address_key";--> statement-breakpoint
DROP INDEX IF EXISTS "pools_project_address_key";--> statement-breakpoint
DROP INDEX IF EXISTS "pools_network_address_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "discovered_pools_project_pool_key";--> statement-breakpoint
UPDATE "projects" SET "contract_address" = lower("contract_address") WHERE "contract_address" <> lower("contract_address");--> statement-breakpoint
UPDATE "pools" SET "pool_address" = lower("pool_address"), "paired_token_address" = lower("paired_token_address")
  WHERE "pool_address" <> lower("pool_address") OR "paired_token_address" <> lower("paired_token_address");--> statement-breakpoint
UPDATE "discovered_pools" SET "pool_address" = lower("pool_address"), "paired_token_address" = lower("paired_token_address")
  WHERE "pool_address" <> lower("pool_address") OR "paired_token_address" <> lower("paired_token_address");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_user_network_address_key" ON "projects" USING btree ("user_id","network_id","contract_address");--> statement-breakpoint
CREATE UNIQUE INDEX "pools_project_address_key" ON "pools" USING btree ("project_id","pool_address");--> statement-breakpoint
CREATE INDEX "pools_network_address_idx" ON "pools" USING btree ("network_id","pool_address");--> statement-breakpoint
CREATE UNIQUE INDEX "discovered_pools_project_pool_key" ON "discovered_pools" USING btree ("project_id","pool_address");

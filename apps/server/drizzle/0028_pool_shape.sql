-- The DEX families beyond Uniswap (issue 30, decision 0067): what tells a family's pools apart
-- beyond fee and tick spacing. A Solidly pool is stable (x³y + y³x = k) or volatile (x·y = k); a
-- Liquidity Book pair is one per bin step. Null for the families without them. Slipstream and
-- Algebra keep their tick spacing in tick_spacing, an Algebra pool's plugin in hooks.
ALTER TABLE "pools" ADD COLUMN "stable" boolean;--> statement-breakpoint
ALTER TABLE "pools" ADD COLUMN "bin_step" integer;--> statement-breakpoint
ALTER TABLE "discovered_pools" ADD COLUMN "stable" boolean;--> statement-breakpoint
ALTER TABLE "discovered_pools" ADD COLUMN "bin_step" integer;

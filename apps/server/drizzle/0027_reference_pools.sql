-- The pool that sets a network's wrapped-native USD rate for history (decision 0064): the indexer
-- chooses it once (the deepest WETH/stable pool the USD route uses) and indexes it like any pool,
-- so every swap of it is a past rate in pool_events. System data, shared by every tenant; no user
-- owns it. One per network: the rate history must come from one pool to be one line.
CREATE TABLE "reference_pools" (
	"network_id" integer PRIMARY KEY NOT NULL,
	"pool_address" text NOT NULL,
	"pool_version" text NOT NULL,
	"base_address" text NOT NULL,
	"base_symbol" text NOT NULL,
	"base_decimals" integer NOT NULL,
	"stable_address" text NOT NULL,
	"stable_symbol" text NOT NULL,
	"stable_decimals" integer NOT NULL,
	"base_is_token0" boolean NOT NULL,
	"label" text NOT NULL,
	"chosen_block" bigint NOT NULL,
	"chosen_at" timestamp with time zone DEFAULT now() NOT NULL
);

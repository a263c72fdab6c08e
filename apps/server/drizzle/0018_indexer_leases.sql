-- One lease per network for the indexer (decision 0051), replacing the session advisory lock. The
-- holder is a random id per server process; the epoch (fencing token) grows on every takeover, and
-- every write transaction of the indexer first checks (and renews) holder and epoch on this row, so
-- a holder that was stopped and comes back after a takeover writes nothing. Times are the
-- database's clock (now()), never a server's.
CREATE TABLE "indexer_leases" (
	"network_id" integer PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"epoch" bigint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"acquired_at" timestamp with time zone DEFAULT now() NOT NULL
);

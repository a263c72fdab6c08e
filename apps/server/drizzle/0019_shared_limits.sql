-- Rate limits shared by every server on the database (docs/decisions/0052). UNLOGGED: no WAL, so a
-- counter update costs no fsync; a crash of PostgreSQL empties the tables, which forgets the
-- current windows once (what a restart of one server did when the limits were in memory).
-- fillfactor 70 and no index besides the key: updates stay HOT (in place), the cleanup reads the
-- table whole every few minutes (it holds only keys active in the last window).
--
-- A sliding window per key: the times (ms since the epoch) of the events in the window, newest
-- last. expires_at_ms is the latest event plus the window, after which the row means nothing.
CREATE UNLOGGED TABLE "rate_limit_windows" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" bigint[] DEFAULT '{}' NOT NULL,
	"expires_at_ms" bigint NOT NULL
) WITH (fillfactor = 70);
--> statement-breakpoint
-- A token bucket per key (per-user budgets, decision 0021): tokens as of at_ms; taken says whether
-- the last request got one (the upsert's answer). full_at_ms is when it is full again, the same as
-- no row at all.
CREATE UNLOGGED TABLE "rate_limit_buckets" (
	"key" text PRIMARY KEY NOT NULL,
	"tokens" double precision NOT NULL,
	"at_ms" bigint NOT NULL,
	"taken" boolean NOT NULL,
	"full_at_ms" bigint NOT NULL
) WITH (fillfactor = 70);

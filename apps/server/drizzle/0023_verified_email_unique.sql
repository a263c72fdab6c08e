-- Registration and a change of address no longer tell whether an address has an account (issue 29,
-- decision 0053): an address is unique among the accounts that PROVED it (followed a link sent to
-- it, or were vouched for by the operator), not among every account that typed it. An account that
-- typed an address another account holds keeps it unverified, and is sent no link for it.
DROP INDEX IF EXISTS "users_email_lower_key";--> statement-breakpoint
CREATE UNIQUE INDEX "users_verified_email_lower_key" ON "users" USING btree (lower("email")) WHERE "email_verified_at" IS NOT NULL;--> statement-breakpoint
-- Look-ups by address ('Forgot password?', who else holds an address) stay indexed.
CREATE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));

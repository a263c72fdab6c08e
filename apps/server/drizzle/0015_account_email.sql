-- E-mail addresses are verified by a link (decision 0039). Null: not verified (yet). H1's alert
-- e-mails read it: an alert e-mail goes only to a verified address.
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
-- Staff existed before e-mail did and were made on the operator's command line: the operator
-- vouches for their address. Every other existing account counts as unverified (decision 0039).
UPDATE "users" SET "email_verified_at" = now() WHERE "is_staff";--> statement-breakpoint
-- One-time links: verify an address, confirm a change of address, reset a password. Only the
-- SHA-256 of the token is stored, like sessions: a copy of the database opens no account.
-- new_email: the address the link was sent to for 'verify' and 'change' (null for 'reset').
CREATE TABLE "email_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"new_email" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_tokens_purpose_check" CHECK ("purpose" IN ('verify', 'change', 'reset'))
);--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_tokens_token_hash_key" ON "email_tokens" USING btree ("token_hash");--> statement-breakpoint
-- A user's open links of one purpose (the pending address on the profile, the links a new one voids).
CREATE INDEX "email_tokens_user_purpose_idx" ON "email_tokens" USING btree ("user_id","purpose","created_at");

-- Where each user signed in from (decision 0054): an IPv4 address or an IPv6 /64. A sign-in from
-- one of these, with no failure there, hashes ahead of guesses from addresses never seen for the
-- user. Shared by every server on the database; at most 10 per user, 90 days after the last use.
CREATE TABLE "sign_in_origins" (
	"user_id" integer NOT NULL,
	"origin" text NOT NULL,
	"last_signed_in_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_in_origins_pkey" PRIMARY KEY("user_id","origin")
);--> statement-breakpoint
ALTER TABLE "sign_in_origins" ADD CONSTRAINT "sign_in_origins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;

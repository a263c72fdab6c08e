-- What staff and operators did to accounts (decision 0058): for now, a one-time password-reset
-- link issued from the staff console or the CLI. Who issued it, for whom, when; never the token
-- (the link's SHA-256 is in email_tokens like every link's). Names are kept as they were, so a
-- row still says who acted on whom after an account is renamed or removed.
-- actor_kind 'staff': actor_user_id and actor_name are the staff account's; 'cli': no account,
-- actor_name is the operating-system user that ran the command.
CREATE TABLE "audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_user_id" integer,
	"actor_name" text NOT NULL,
	"subject_user_id" integer,
	"subject_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_events_action_check" CHECK ("action" IN ('reset_link_issued')),
	CONSTRAINT "audit_events_actor_kind_check" CHECK ("actor_kind" IN ('staff', 'cli'))
);--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_subject_user_id_users_id_fk" FOREIGN KEY ("subject_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The newest first (the staff console's list), and one account's history.
CREATE INDEX "audit_events_created_idx" ON "audit_events" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_events_subject_idx" ON "audit_events" USING btree ("subject_user_id","created_at");

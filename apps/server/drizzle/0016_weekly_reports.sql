-- The weekly e-mail report of a project (docs/decisions/0040): off until the project's owner turns
-- it on. last_week is the ISO week ('2026-W48') of the last report enqueued: the report claims its
-- week with a conditional UPDATE in the transaction that writes the outbox row, so with several
-- servers on one database a project gets exactly one report a week.
CREATE TABLE "project_weekly_reports" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"last_week" text,
	"last_sent_at" timestamp with time zone,
	"last_message_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "project_weekly_reports" ADD CONSTRAINT "project_weekly_reports_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The hourly check reads only the projects that opted in.
CREATE INDEX "project_weekly_reports_enabled_idx" ON "project_weekly_reports" USING btree ("project_id") WHERE "enabled" = true;

DROP INDEX "alerts_user_idx";--> statement-breakpoint
DROP INDEX "pools_user_idx";--> statement-breakpoint
DROP INDEX "projects_user_created_idx";--> statement-breakpoint
CREATE INDEX "alerts_user_idx" ON "alerts" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "pools_user_idx" ON "pools" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "projects_user_created_idx" ON "projects" USING btree ("user_id","created_at","id");
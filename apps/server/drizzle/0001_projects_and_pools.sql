CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "pools" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"network_id" integer NOT NULL,
	"dex_id" text NOT NULL,
	"token_id" text NOT NULL,
	"paired_token_address" text NOT NULL,
	"paired_token_symbol" text NOT NULL,
	"paired_token_name" text NOT NULL,
	"paired_token_decimals" integer NOT NULL,
	"pool_address" text NOT NULL,
	"pool_version" text NOT NULL,
	"fee" integer,
	"project_is_token0" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"network_id" integer NOT NULL,
	"contract_address" text NOT NULL,
	"name" text NOT NULL,
	"token_symbol" text NOT NULL,
	"token_decimal" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pools" ADD CONSTRAINT "pools_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pools" ADD CONSTRAINT "pools_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pools_project_address_key" ON "pools" USING btree ("project_id",lower("pool_address"));--> statement-breakpoint
CREATE INDEX "pools_user_idx" ON "pools" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "pools_network_address_idx" ON "pools" USING btree ("network_id",lower("pool_address"));--> statement-breakpoint
CREATE UNIQUE INDEX "projects_user_network_address_key" ON "projects" USING btree ("user_id","network_id",lower("contract_address"));--> statement-breakpoint
CREATE INDEX "projects_user_created_idx" ON "projects" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "projects_name_trgm_idx" ON "projects" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_symbol_trgm_idx" ON "projects" USING gin (lower("token_symbol") gin_trgm_ops);
-- Workspaces and roles (issue 33 item 1, decision 0087). Every user has one personal workspace,
-- made for them by a trigger when their row is inserted (registration, the operator's CLI, tests
-- that insert users directly); every existing project moves into its owner's personal workspace.
-- The workspace's data stays keyed by its founder's user id (projects.user_id and below): a
-- member acting in a workspace reads and writes it as its founder's data (decision 0087).
CREATE TABLE "workspaces" (
  "id" serial PRIMARY KEY NOT NULL,
  "name" text NOT NULL,
  "founder_user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "workspaces_founder_key" ON "workspaces" ("founder_user_id");--> statement-breakpoint
CREATE TABLE "workspace_members" (
  "workspace_id" integer NOT NULL REFERENCES "workspaces"("id") ON DELETE CASCADE,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "role" text NOT NULL CHECK ("role" IN ('owner', 'admin', 'viewer')),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "workspace_members_pkey" PRIMARY KEY ("workspace_id", "user_id")
);--> statement-breakpoint
CREATE INDEX "workspace_members_user_idx" ON "workspace_members" ("user_id");--> statement-breakpoint
-- An invite is a one-time token: only its SHA-256 is stored, like sessions' and e-mail links'.
CREATE TABLE "workspace_invites" (
  "id" serial PRIMARY KEY NOT NULL,
  "workspace_id" integer NOT NULL REFERENCES "workspaces"("id") ON DELETE CASCADE,
  "email" text,
  "role" text NOT NULL CHECK ("role" IN ('owner', 'admin', 'viewer')),
  "token_hash" text NOT NULL,
  "invited_by_user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone,
  "used_by_user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_invites_token_hash_key" ON "workspace_invites" ("token_hash");--> statement-breakpoint
CREATE INDEX "workspace_invites_workspace_idx" ON "workspace_invites" ("workspace_id", "created_at");--> statement-breakpoint
INSERT INTO "workspaces" ("name", "founder_user_id") SELECT u.username, u.id FROM "users" u ORDER BY u.id;--> statement-breakpoint
INSERT INTO "workspace_members" ("workspace_id", "user_id", "role") SELECT w.id, w.founder_user_id, 'owner' FROM "workspaces" w;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "workspace_id" integer REFERENCES "workspaces"("id") ON DELETE CASCADE;--> statement-breakpoint
UPDATE "projects" p SET "workspace_id" = w.id FROM "workspaces" w WHERE w.founder_user_id = p.user_id;--> statement-breakpoint
ALTER TABLE "projects" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "projects_workspace_idx" ON "projects" ("workspace_id");--> statement-breakpoint
CREATE FUNCTION tokendesk_personal_workspace() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ws integer;
BEGIN
  INSERT INTO workspaces (name, founder_user_id) VALUES (NEW.username, NEW.id) RETURNING id INTO ws;
  INSERT INTO workspace_members (workspace_id, user_id, role) VALUES (ws, NEW.id, 'owner');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_personal_workspace AFTER INSERT ON users FOR EACH ROW EXECUTE FUNCTION tokendesk_personal_workspace();--> statement-breakpoint
-- A project is always in the workspace its rows are keyed by: whatever an insert says, the
-- workspace is the one founded by its user_id, so the two can never disagree.
CREATE FUNCTION tokendesk_project_workspace() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT w.id INTO NEW.workspace_id FROM workspaces w WHERE w.founder_user_id = NEW.user_id;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER projects_workspace BEFORE INSERT OR UPDATE OF user_id ON projects FOR EACH ROW EXECUTE FUNCTION tokendesk_project_workspace();

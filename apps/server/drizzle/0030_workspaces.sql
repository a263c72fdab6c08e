-- Workspaces and roles (issue 33 item 1, decision 0087). Every user has one personal workspace:
-- every existing user gets theirs here, a later one when first needed (tokendesk_personal_workspace);
-- every existing project moves into its owner's personal workspace.
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
-- A user's personal workspace, made when first needed: by the app (the workspace list, an invite)
-- or by a project's insert. Not by a trigger on users: a restore (logical-backup.ts) loads users
-- before workspaces, and a workspace made meanwhile would collide with the one the backup holds.
CREATE FUNCTION tokendesk_personal_workspace(uid integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE ws integer;
BEGIN
  SELECT w.id INTO ws FROM workspaces w WHERE w.founder_user_id = uid;
  IF ws IS NULL THEN
    INSERT INTO workspaces (name, founder_user_id) SELECT u.username, u.id FROM users u WHERE u.id = uid
      ON CONFLICT (founder_user_id) DO NOTHING RETURNING id INTO ws;
    IF ws IS NULL THEN
      SELECT w.id INTO ws FROM workspaces w WHERE w.founder_user_id = uid;
    END IF;
    IF ws IS NOT NULL THEN
      INSERT INTO workspace_members (workspace_id, user_id, role) VALUES (ws, uid, 'owner') ON CONFLICT DO NOTHING;
    END IF;
  END IF;
  RETURN ws;
END $$;--> statement-breakpoint
-- A project is always in the workspace its rows are keyed by (its user_id's): filled in when an
-- insert leaves it out, refused when an insert names another (a restore names the right one).
CREATE FUNCTION tokendesk_project_workspace() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE ws integer;
BEGIN
  ws := tokendesk_personal_workspace(NEW.user_id);
  IF NEW.workspace_id IS NOT NULL AND NEW.workspace_id IS DISTINCT FROM ws THEN
    RAISE EXCEPTION 'a project of user % belongs in workspace %, not %', NEW.user_id, ws, NEW.workspace_id USING ERRCODE = 'check_violation';
  END IF;
  NEW.workspace_id := ws;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER projects_workspace BEFORE INSERT OR UPDATE OF user_id, workspace_id ON projects FOR EACH ROW EXECUTE FUNCTION tokendesk_project_workspace();

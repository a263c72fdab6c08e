-- A password the operator set on the command line (create-staff or reset-password with --generate,
-- issue 35) is known to the operator and was printed on a terminal: the account must choose its own
-- before it does anything else. Cleared by every password the user chooses (change, reset link).
ALTER TABLE "users" ADD COLUMN "password_change_required" boolean DEFAULT false NOT NULL;

-- The holder count the last check against the chain corrects the Transfer logs by (issue 29, item 10):
-- addresses holding a balanceOf the logs never credited (a supply assigned without an event), less
-- addresses the logs count that hold nothing on chain. Stored with the count so that every screen
-- (the card, its daily history, the project list, the weekly report) shows the same figure. Null
-- until the next check has run (every caught-up token is checked once more after this migration).
ALTER TABLE "token_holder_sync" ADD COLUMN "holder_count_adjustment" integer;

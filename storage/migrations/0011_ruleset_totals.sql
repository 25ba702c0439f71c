-- Totals per ruleset: player_totals gains a row per player, ruleset of the entry's session and
-- period ('~' ruleset '|all', '~' ruleset '|YYYY-MM'; storage/sql/totals.sql says how they are
-- kept), so /top, /stats, /trend and the season page show one board per ruleset and never add
-- 杭州 points to 湖州 points, at the same cost whatever the ledger's length. The trigger is
-- replaced by the file's text and its rebuild part builds the new rows from the entries.

DROP TRIGGER entries_totals;
-- include: totals.sql

-- Money kept as entries are written, as the points are (storage/sql/money.sql, included
-- below: the trigger that keeps it and the statements that build it from the entries so far),
-- so the season page prices a period's standings in 元 by reading a few rows per month.
--
-- money_totals: per chat, account (a player id, or 0: the table fee's account) and period
--   ('all', or the month 'YYYY-MM' of created_at at UTC+8, as player_totals):
--   money   in 1/100 fen (a stake's unit, 1/10 000 元): each posting times its session's
--           standing stake, plus each standing money line (fee, penalty, payment in 元) × 100;
--           exact, so an entry's money sums to 0 as its postings do, and rounded to fen only
--           when read (storage/money_totals.py);
--   priced  how many postings in a session with a stake and standing money lines it holds:
--           0 over a whole period means nothing in it was worth money (the page shows no 元).

CREATE TABLE money_totals (
    chat_id INTEGER NOT NULL REFERENCES chats (chat_id) ON UPDATE CASCADE,
    period  TEXT NOT NULL,
    account INTEGER NOT NULL,
    money   INTEGER NOT NULL DEFAULT 0,
    priced  INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (chat_id, period, account)
) WITHOUT ROWID;

-- Every stake adjustment ever written (standing or not) with its price of a point, and every
-- money adjustment's lines: the JSON read once here, for the trigger, the rebuild and the
-- ragged ends alike (an adjustment whose JSON is not the money's is none of them).
-- The trigger asks each entry's session for its standing stake: a session's adjustments by
-- index, not a walk over all its hands.
CREATE INDEX entries_session_adjustments ON entries (session_id, id) WHERE kind = 'adjustment';

CREATE VIEW stake_entries AS
SELECT e.id, e.chat_id, e.session_id, CAST(json_extract(e.result_json, '$.stake') AS INTEGER)
    AS stake
FROM entries AS e
WHERE e.kind = 'adjustment' AND e.session_id IS NOT NULL
  AND CASE WHEN json_valid(e.result_json) THEN json_extract(e.result_json, '$.adjust') END
      = 'stake';

CREATE VIEW money_lines AS
SELECT e.id, e.chat_id, e.session_id, e.created_at,
    CAST(json_extract(l.value, '$[0]') AS INTEGER) AS account,
    CAST(json_extract(l.value, '$[1]') AS INTEGER) AS fen
FROM entries AS e,
    json_each(CASE WHEN json_valid(e.result_json) THEN CASE
        WHEN json_extract(e.result_json, '$.adjust') IN ('stake', 'fee', 'penalty', 'pay')
        THEN json_extract(e.result_json, '$.fen') END END) AS l
WHERE e.kind = 'adjustment' AND e.session_id IS NOT NULL;

-- include: money.sql

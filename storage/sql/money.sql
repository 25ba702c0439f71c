-- The money totals (money_totals, made by migration 0009: see there what each column holds),
-- kept as entries are written, in the inserting transaction, like the points' totals
-- (storage/sql/totals.sql); the statements after the "rebuild" mark recompute them from the
-- entries, postings and adjustments alone. Migration 0009 includes this file by a line
-- ``-- include: money.sql``; ``ledger.totals.rebuild`` (``python -m storage.rebuild``) runs
-- its rebuild part again. A change is a new migration that drops the trigger and includes it.
--
-- What /settle charges (ledger.money.of_session, SessionMoney.balances): the session's points
-- priced at its latest standing stake, which prices ALL its points (a stake written or undone
-- mid-session re-prices the hands before it: docs/money.md), plus its standing money lines.
-- Here each posting is priced where it falls (its entry's month), so a period's money is the
-- money of the sessions' entries inside it; a stake written or undone re-prices the session's
-- postings where they fall, by the difference between the stake before and after.

CREATE TRIGGER entries_money AFTER INSERT ON entries
BEGIN
    -- The entry's postings at its session's stake (a stake entry has none).
    INSERT INTO money_totals (chat_id, period, account, money, priced)
    SELECT NEW.chat_id, b.value, p.player_id, p.delta * s.stake, 1
    FROM postings AS p,
        (SELECT stake FROM stake_entries AS x
         WHERE x.session_id = NEW.session_id
           AND NOT EXISTS (SELECT 1 FROM entries AS r WHERE r.reverses = x.id)
         ORDER BY x.id DESC LIMIT 1) AS s,
        json_each(json_array('all', strftime('%Y-%m', NEW.created_at, '+8 hours'))) AS b
    WHERE p.entry_id = NEW.id AND NEW.session_id IS NOT NULL
    ON CONFLICT DO UPDATE SET money = money + excluded.money, priced = priced + excluded.priced;

    -- A money adjustment's lines in its month; a reversal of one takes them back there.
    INSERT INTO money_totals (chat_id, period, account, money, priced)
    SELECT l.chat_id, b.value, l.account,
        CASE WHEN NEW.reverses IS NULL THEN 100 ELSE -100 END * l.fen,
        CASE WHEN NEW.reverses IS NULL THEN 1 ELSE -1 END
    FROM money_lines AS l,
        json_each(json_array('all', strftime('%Y-%m', l.created_at, '+8 hours'))) AS b
    WHERE l.id = coalesce(NEW.reverses, NEW.id)
    ON CONFLICT DO UPDATE SET money = money + excluded.money, priced = priced + excluded.priced;

    -- A stake written or undone: every posting of the session re-priced by the difference.
    -- Before this entry the standing stakes were today's, less this one, plus the one it
    -- reverses.
    INSERT INTO money_totals (chat_id, period, account, money, priced)
    SELECT NEW.chat_id, b.value, p.player_id,
        sum(p.delta) * (coalesce(c.after, 0) - coalesce(c.before, 0)),
        count(*) * ((c.after IS NOT NULL) - (c.before IS NOT NULL))
    FROM (
        SELECT
            (SELECT stake FROM stake_entries AS x
             WHERE x.session_id = NEW.session_id
               AND NOT EXISTS (SELECT 1 FROM entries AS r WHERE r.reverses = x.id)
             ORDER BY x.id DESC LIMIT 1) AS after,
            (SELECT stake FROM stake_entries AS x
             WHERE x.session_id = NEW.session_id AND x.id <> NEW.id
               AND (x.id IS NEW.reverses OR NOT EXISTS (
                   SELECT 1 FROM entries AS r WHERE r.reverses = x.id AND r.id <> NEW.id))
             ORDER BY x.id DESC LIMIT 1) AS before
        WHERE EXISTS (SELECT 1 FROM stake_entries WHERE id = coalesce(NEW.reverses, NEW.id))
    ) AS c,
        entries AS e JOIN postings AS p ON p.entry_id = e.id,
        json_each(json_array('all', strftime('%Y-%m', e.created_at, '+8 hours'))) AS b
    WHERE e.session_id = NEW.session_id AND c.after IS NOT c.before
    GROUP BY p.player_id, b.value
    ON CONFLICT DO UPDATE SET money = money + excluded.money, priced = priced + excluded.priced;
END;

-- rebuild: everything below recomputes the money totals from the entries alone.
DELETE FROM money_totals;

INSERT INTO money_totals (chat_id, period, account, money, priced)
SELECT chat_id, period, account, sum(money), sum(priced) FROM (
    SELECT e.chat_id, b.value AS period, p.player_id AS account, p.delta * s.stake AS money,
        1 AS priced
    FROM (
        SELECT session_id, stake, row_number() OVER (
            PARTITION BY session_id ORDER BY id DESC) AS latest
        FROM stake_entries AS x
        WHERE NOT EXISTS (SELECT 1 FROM entries AS r WHERE r.reverses = x.id)
    ) AS s
    JOIN entries AS e ON e.session_id = s.session_id
    JOIN postings AS p ON p.entry_id = e.id,
    json_each(json_array('all', strftime('%Y-%m', e.created_at, '+8 hours'))) AS b
    WHERE s.latest = 1
    UNION ALL
    SELECT l.chat_id, b.value, l.account, 100 * l.fen, 1
    FROM money_lines AS l,
        json_each(json_array('all', strftime('%Y-%m', l.created_at, '+8 hours'))) AS b
    WHERE NOT EXISTS (SELECT 1 FROM entries AS r WHERE r.reverses = l.id)
)
GROUP BY chat_id, period, account;

-- The totals, kept as entries are written, so /stats, head to head, the all-time tally and the
-- history's page count read a few rows whatever the ledger's length. They are derived data:
-- the entries and postings stay the truth. The trigger below updates them in the inserting
-- transaction (a recording, a reversal, an edit, a CSV import alike); the statements after
-- the "rebuild" mark recompute them from scratch.
--
-- This text exists once: migrations 0004 (which makes the tables) and 0006 (which replaced
-- the trigger of 0004's first version with this one) include it by a line
-- ``-- include: totals.sql`` that ``storage.database.migrations`` expands, and
-- ``ledger.totals.rebuild`` (``python -m storage.rebuild``) runs its rebuild part again.
-- A change to the totals is a new migration that drops the trigger and includes this file.
--
-- player_totals: per player and period ('all', or the month 'YYYY-MM' of created_at in the
--   group's time, China Standard Time: UTC+8, no daylight saving since 1991), and the same
--   per ruleset of the entry's session ('~' ruleset '|all', '~' ruleset '|YYYY-MM', since
--   migration 0015: a board never adds points of two rulesets; the '~' sorts them after every
--   month, so a month range 'YYYY-MM' <= period < '~' never meets them; an entry outside a
--   session counts in no ruleset's rows):
--   hands, wins, self_draws, dealt_in  over standing entries (neither reversed nor a reversal),
--     a 一炮多响 counted as one hand and one deal-in, as /stats counts them;
--   points, moves                      every posting of the period, reversals included;
--   biggest_win, biggest_entry         the largest standing win (the earliest of equals).
-- pair_totals: per ordered pair of players seated together (all-time), head to head.
-- entry_counts: entries per chat (session_id 0) and per session, by kind.

-- An entry's own postings count in its own period; what it does to the standing totals is
-- done to the entry it targets (its four seats hold four players: the ledger and the CSV
-- import refuse a player in two seats, so each player is one row below): itself (sign +1), or for a reversal the reversed entry
-- (sign -1, in that entry's period). A hand counts once per player: the NOT EXISTS asks
-- whether another standing entry of the same hand (一炮多响) already counts it.
CREATE TRIGGER entries_totals AFTER INSERT ON entries
BEGIN
    INSERT INTO entry_counts (chat_id, session_id, kind, entries)
    SELECT NEW.chat_id, scope.id, NEW.kind, 1
    FROM (SELECT 0 AS id UNION ALL SELECT NEW.session_id WHERE NEW.session_id IS NOT NULL) AS scope
    WHERE true
    ON CONFLICT DO UPDATE SET entries = entries + 1;

    INSERT INTO player_totals (chat_id, player_id, period, points, moves)
    SELECT NEW.chat_id, p.player_id, b.value, p.delta, 1
    FROM postings AS p,
        (SELECT (SELECT ruleset FROM sessions WHERE id = NEW.session_id) AS ruleset,
            strftime('%Y-%m', NEW.created_at, '+8 hours') AS month) AS k,
        json_each(json_array('all', k.month, '~' || k.ruleset || '|all',
            '~' || k.ruleset || '|' || k.month)) AS b
    WHERE p.entry_id = NEW.id AND b.type = 'text'
    ON CONFLICT DO UPDATE SET points = points + excluded.points, moves = moves + 1;

    INSERT INTO player_totals (chat_id, player_id, period, hands, wins, self_draws, dealt_in,
                               biggest_win, biggest_entry)
    SELECT t.chat_id, who.value, b.value,
        t.sign * (t.session_id IS NOT NULL AND t.hand_number IS NOT NULL
            AND who.value IN (t.seat_e, t.seat_s, t.seat_w, t.seat_n)
            AND (t.hand_alone OR NOT EXISTS (
                SELECT 1 FROM entries AS o
                WHERE o.session_id = t.session_id AND o.hand_number = t.hand_number
                  AND o.kind IN ('win', 'draw') AND o.id <> t.id
                  AND who.value IN (o.seat_e, o.seat_s, o.seat_w, o.seat_n)
                  AND (substr(b.value, -3) = 'all'
                      OR strftime('%Y-%m', o.created_at, '+8 hours') = substr(b.value, -7))
                  AND NOT EXISTS (SELECT 1 FROM entries AS x WHERE x.reverses = o.id)))),
        t.sign * (t.kind = 'win' AND t.winner IS who.value),
        t.sign * (t.kind = 'win' AND t.winner IS who.value AND coalesce(t.self_draw, 0)),
        t.sign * (t.kind = 'win' AND t.discarder IS who.value
            AND t.session_id IS NOT NULL AND t.hand_number IS NOT NULL
            AND (t.hand_alone OR NOT EXISTS (
                SELECT 1 FROM entries AS o
                WHERE o.session_id = t.session_id AND o.hand_number = t.hand_number
                  AND o.kind IN ('win', 'draw') AND o.id <> t.id
                  AND o.kind = 'win' AND o.discarder = who.value
                  AND (substr(b.value, -3) = 'all'
                      OR strftime('%Y-%m', o.created_at, '+8 hours') = substr(b.value, -7))
                  AND NOT EXISTS (SELECT 1 FROM entries AS x WHERE x.reverses = o.id)))),
        coalesce(t.candidate, 0) * (t.winner IS who.value),
        CASE WHEN t.winner IS who.value THEN t.candidate_entry END
    FROM (
        SELECT e.*, CASE WHEN NEW.reverses IS NULL THEN 1 ELSE -1 END AS sign,
            (SELECT ruleset FROM sessions WHERE id = e.session_id) AS ruleset,
            c.delta AS candidate, CASE WHEN c.delta IS NOT NULL THEN e.id END AS candidate_entry,
            NOT EXISTS (
                SELECT 1 FROM entries AS o
                WHERE o.session_id = e.session_id AND o.hand_number = e.hand_number
                  AND o.kind IN ('win', 'draw') AND o.id <> e.id
                  AND NOT EXISTS (SELECT 1 FROM entries AS x WHERE x.reverses = o.id)
            ) AS hand_alone,
            CASE WHEN coalesce(e.winner NOT IN (e.seat_e, e.seat_s, e.seat_w, e.seat_n), 1)
                THEN e.winner END AS unseated_winner,
            CASE WHEN coalesce(e.discarder NOT IN (e.seat_e, e.seat_s, e.seat_w, e.seat_n), 1)
                AND e.discarder IS NOT e.winner THEN e.discarder END AS unseated_discarder
        FROM entries AS e
        LEFT JOIN postings AS c ON NEW.reverses IS NULL AND e.kind = 'win'
            AND c.entry_id = e.id AND c.player_id = e.winner
        WHERE e.id = coalesce(NEW.reverses, NEW.id) AND e.kind IN ('win', 'draw')
    ) AS t,
    json_each(json_array(t.seat_e, t.seat_s, t.seat_w, t.seat_n, t.unseated_winner,
        t.unseated_discarder)) AS who,
    json_each(json_array('all', strftime('%Y-%m', t.created_at, '+8 hours'),
        '~' || t.ruleset || '|all',
        '~' || t.ruleset || '|' || strftime('%Y-%m', t.created_at, '+8 hours'))) AS b
    WHERE who.type = 'integer' AND b.type = 'text'
    ON CONFLICT DO UPDATE SET
        hands = hands + excluded.hands,
        wins = wins + excluded.wins,
        self_draws = self_draws + excluded.self_draws,
        dealt_in = dealt_in + excluded.dealt_in,
        biggest_win = CASE WHEN excluded.biggest_entry IS NOT NULL AND (biggest_entry IS NULL
                OR excluded.biggest_win > biggest_win
                OR (excluded.biggest_win = biggest_win AND excluded.biggest_entry < biggest_entry))
            THEN excluded.biggest_win ELSE biggest_win END,
        biggest_entry = CASE WHEN excluded.biggest_entry IS NOT NULL AND (biggest_entry IS NULL
                OR excluded.biggest_win > biggest_win
                OR (excluded.biggest_win = biggest_win AND excluded.biggest_entry < biggest_entry))
            THEN excluded.biggest_entry ELSE biggest_entry END;

    -- The biggest win undone: its month looks again among that month's wins (by index; a
    -- ruleset's month among its sessions' wins), then the all-time row takes the best month
    -- (a ruleset's all-time row the best of that ruleset's months).
    UPDATE player_totals SET (biggest_win, biggest_entry) = (
        SELECT coalesce(best.delta, 0), best.id FROM (SELECT 1) LEFT JOIN (
            SELECT p.delta, e.id FROM entries AS e
            JOIN postings AS p ON p.entry_id = e.id AND p.player_id = e.winner
            WHERE e.winner = player_totals.player_id AND e.kind = 'win'
              AND e.created_at >= strftime('%Y-%m-%dT%H:%M:%S',
                  substr(player_totals.period, -7) || '-01', '-8 hours')
              AND e.created_at < strftime('%Y-%m-%dT%H:%M:%S',
                  substr(player_totals.period, -7) || '-01', '+1 month', '-8 hours')
              AND strftime('%Y-%m', e.created_at, '+8 hours') = substr(player_totals.period, -7)
              AND (player_totals.period NOT LIKE '~%' OR player_totals.period = '~'
                  || (SELECT ruleset FROM sessions WHERE id = e.session_id) || '|'
                  || substr(player_totals.period, -7))
              AND NOT EXISTS (SELECT 1 FROM entries AS x WHERE x.reverses = e.id)
            ORDER BY p.delta DESC, e.id LIMIT 1
        ) AS best)
    WHERE NEW.reverses IS NOT NULL AND biggest_entry = NEW.reverses
      AND player_id = (SELECT winner FROM entries WHERE id = NEW.reverses)
      AND substr(period, -3) <> 'all';

    UPDATE player_totals SET (biggest_win, biggest_entry) = (
        SELECT coalesce(best.biggest_win, 0), best.biggest_entry FROM (SELECT 1) LEFT JOIN (
            SELECT m.biggest_win, m.biggest_entry FROM player_totals AS m
            WHERE m.player_id = player_totals.player_id AND substr(m.period, -3) <> 'all'
              AND substr(m.period, 1, length(m.period) - 7)
                  = substr(player_totals.period, 1, length(player_totals.period) - 3)
              AND m.biggest_entry IS NOT NULL
            ORDER BY m.biggest_win DESC, m.biggest_entry LIMIT 1
        ) AS best)
    WHERE NEW.reverses IS NOT NULL AND biggest_entry = NEW.reverses
      AND player_id = (SELECT winner FROM entries WHERE id = NEW.reverses)
      AND substr(period, -3) = 'all';

    INSERT INTO pair_totals (chat_id, player_id, other_id, hands, wins, dealt_in, won_from, net)
    SELECT t.chat_id, a.value, b.value,
        t.sign * (t.kind IN ('win', 'draw') AND t.session_id IS NOT NULL
            AND t.hand_number IS NOT NULL
            AND (t.hand_alone OR NOT EXISTS (
                SELECT 1 FROM entries AS o
                WHERE o.session_id = t.session_id AND o.hand_number = t.hand_number
                  AND o.kind IN ('win', 'draw') AND o.id <> t.id
                  AND a.value IN (o.seat_e, o.seat_s, o.seat_w, o.seat_n)
                  AND b.value IN (o.seat_e, o.seat_s, o.seat_w, o.seat_n)
                  AND NOT EXISTS (SELECT 1 FROM entries AS x WHERE x.reverses = o.id)))),
        t.sign * (t.kind = 'win' AND t.winner IS a.value),
        t.sign * (t.kind = 'win' AND t.winner IS b.value AND t.discarder IS a.value),
        t.sign * CASE WHEN t.kind = 'win' AND t.winner IS a.value THEN -coalesce(
            (SELECT delta FROM postings WHERE entry_id = t.id AND player_id = b.value), 0)
            ELSE 0 END,
        t.sign * coalesce(
            (SELECT delta FROM postings WHERE entry_id = t.id AND player_id = a.value), 0)
    FROM (
        SELECT e.*, CASE WHEN NEW.reverses IS NULL THEN 1 ELSE -1 END AS sign,
            NOT EXISTS (
                SELECT 1 FROM entries AS o
                WHERE o.session_id = e.session_id AND o.hand_number = e.hand_number
                  AND o.kind IN ('win', 'draw') AND o.id <> e.id
                  AND NOT EXISTS (SELECT 1 FROM entries AS x WHERE x.reverses = o.id)
            ) AS hand_alone
        FROM entries AS e WHERE e.id = coalesce(NEW.reverses, NEW.id)
    ) AS t,
    json_each(json_array(t.seat_e, t.seat_s, t.seat_w, t.seat_n)) AS a,
    json_each(json_array(t.seat_e, t.seat_s, t.seat_w, t.seat_n)) AS b
    WHERE a.type = 'integer' AND b.type = 'integer' AND a.value <> b.value
    ON CONFLICT DO UPDATE SET
        hands = hands + excluded.hands,
        wins = wins + excluded.wins,
        dealt_in = dealt_in + excluded.dealt_in,
        won_from = won_from + excluded.won_from,
        net = net + excluded.net;
END;

-- rebuild: everything below recomputes the totals from the entries and postings alone.
DELETE FROM player_totals;
DELETE FROM pair_totals;
DELETE FROM entry_counts;

INSERT INTO entry_counts (chat_id, session_id, kind, entries)
SELECT chat_id, 0, kind, count(*) FROM entries GROUP BY chat_id, kind
UNION ALL
SELECT chat_id, session_id, kind, count(*) FROM entries
WHERE session_id IS NOT NULL GROUP BY chat_id, session_id, kind;

INSERT INTO player_totals (chat_id, player_id, period, hands, wins, self_draws, dealt_in,
                           points, moves, biggest_win, biggest_entry)
WITH periods (kind) AS (VALUES ('all'), ('month'), ('ruleset all'), ('ruleset month')),
standing AS MATERIALIZED (
    SELECT e.*, (SELECT ruleset FROM sessions WHERE id = e.session_id) AS ruleset, CASE WHEN e.session_id IS NOT NULL AND e.hand_number IS NOT NULL
        THEN e.session_id || ':' || e.hand_number END AS hand_key
    FROM entries AS e
    WHERE e.kind IN ('win', 'draw') AND NOT EXISTS (SELECT 1 FROM entries AS x WHERE x.reverses = e.id)
),
dated AS MATERIALIZED (
    SELECT * FROM (
        SELECT s.*, CASE p.kind WHEN 'all' THEN 'all'
            WHEN 'month' THEN strftime('%Y-%m', s.created_at, '+8 hours')
            WHEN 'ruleset all' THEN '~' || s.ruleset || '|all'
            ELSE '~' || s.ruleset || '|' || strftime('%Y-%m', s.created_at, '+8 hours') END
            AS period
        FROM standing AS s, periods AS p
    ) WHERE period IS NOT NULL
),
seated AS (
    SELECT d.chat_id, j.value AS player_id, d.period, count(DISTINCT d.hand_key) AS hands
    FROM dated AS d, json_each(json_array(d.seat_e, d.seat_s, d.seat_w, d.seat_n)) AS j
    WHERE j.type = 'integer' GROUP BY j.value, d.period
),
won AS (
    SELECT d.chat_id, d.winner AS player_id, d.period, count(*) AS wins,
        coalesce(sum(d.self_draw), 0) AS self_draws
    FROM dated AS d WHERE d.kind = 'win' GROUP BY d.winner, d.period
),
dealt AS (
    SELECT d.chat_id, d.discarder AS player_id, d.period, count(DISTINCT d.hand_key) AS dealt_in
    FROM dated AS d WHERE d.kind = 'win' AND d.discarder IS NOT NULL
    GROUP BY d.discarder, d.period
),
ranked AS (
    SELECT d.chat_id, d.winner AS player_id, d.period, p.delta, d.id,
        row_number() OVER (PARTITION BY d.winner, d.period ORDER BY p.delta DESC, d.id) AS rank
    FROM dated AS d JOIN postings AS p ON p.entry_id = d.id AND p.player_id = d.winner
    WHERE d.kind = 'win'
),
moved AS (
    SELECT * FROM (
        SELECT e.chat_id, p.player_id,
            CASE k.kind WHEN 'all' THEN 'all'
                WHEN 'month' THEN strftime('%Y-%m', e.created_at, '+8 hours')
                WHEN 'ruleset all' THEN '~' || s.ruleset || '|all'
                ELSE '~' || s.ruleset || '|' || strftime('%Y-%m', e.created_at, '+8 hours') END
                AS period,
            sum(p.delta) AS points, count(*) AS moves
        FROM entries AS e JOIN postings AS p ON p.entry_id = e.id
            LEFT JOIN sessions AS s ON s.id = e.session_id, periods AS k
        GROUP BY p.player_id, 3
    ) WHERE period IS NOT NULL
),
parts AS (
    SELECT chat_id, player_id, period, hands, 0 AS wins, 0 AS self_draws, 0 AS dealt_in,
        0 AS points, 0 AS moves, NULL AS biggest_win, NULL AS biggest_entry FROM seated
    UNION ALL SELECT chat_id, player_id, period, 0, wins, self_draws, 0, 0, 0, NULL, NULL FROM won
    UNION ALL SELECT chat_id, player_id, period, 0, 0, 0, dealt_in, 0, 0, NULL, NULL FROM dealt
    UNION ALL SELECT chat_id, player_id, period, 0, 0, 0, 0, 0, 0, delta, id FROM ranked
        WHERE rank = 1
    UNION ALL SELECT chat_id, player_id, period, 0, 0, 0, 0, points, moves, NULL, NULL FROM moved
)
SELECT chat_id, player_id, period, sum(hands), sum(wins), sum(self_draws), sum(dealt_in),
    sum(points), sum(moves), coalesce(max(biggest_win), 0), max(biggest_entry)
FROM parts GROUP BY player_id, period;

INSERT INTO pair_totals (chat_id, player_id, other_id, hands, wins, dealt_in, won_from, net)
WITH seated AS MATERIALIZED (
    SELECT DISTINCT e.id, e.chat_id, e.kind, e.winner, e.discarder, j.value AS player_id,
        CASE WHEN e.kind IN ('win', 'draw') AND e.session_id IS NOT NULL
            AND e.hand_number IS NOT NULL THEN e.session_id || ':' || e.hand_number END AS hand_key,
        coalesce((SELECT delta FROM postings WHERE entry_id = e.id AND player_id = j.value), 0)
            AS delta
    FROM entries AS e, json_each(json_array(e.seat_e, e.seat_s, e.seat_w, e.seat_n)) AS j
    WHERE j.type = 'integer' AND e.kind <> 'reversal'
      AND NOT EXISTS (SELECT 1 FROM entries AS x WHERE x.reverses = e.id)
)
SELECT a.chat_id, a.player_id, b.player_id, count(DISTINCT a.hand_key),
    sum(a.kind = 'win' AND a.winner IS a.player_id),
    sum(a.kind = 'win' AND a.winner IS b.player_id AND a.discarder IS a.player_id),
    sum(CASE WHEN a.kind = 'win' AND a.winner IS a.player_id THEN -b.delta ELSE 0 END),
    sum(a.delta)
FROM seated AS a JOIN seated AS b ON b.id = a.id AND b.player_id <> a.player_id
GROUP BY a.player_id, b.player_id;

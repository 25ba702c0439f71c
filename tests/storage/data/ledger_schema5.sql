-- A ledger's schema at version 5 (migrations 0001-0005 as first written: the totals'
-- trigger keys months at UTC), before seasons; empty. Written by the code of that time.
BEGIN TRANSACTION;
CREATE TABLE chats (
    chat_id    INTEGER PRIMARY KEY,
    lang       TEXT CHECK (lang IS NULL OR lang IN ('zh', 'en')),
    ruleset    TEXT,
    base       INTEGER CHECK (base IS NULL OR base > 0),
    created_at TEXT NOT NULL
);
CREATE TABLE entries (
    id           INTEGER PRIMARY KEY,
    chat_id      INTEGER NOT NULL REFERENCES chats (chat_id) ON UPDATE CASCADE,
    session_id   INTEGER REFERENCES sessions (id),
    kind         TEXT NOT NULL CHECK (kind IN ('win', 'kong', 'draw', 'adjustment', 'reversal')),
    author       INTEGER REFERENCES players (id),
    source_id    INTEGER REFERENCES sources (id),
    created_at   TEXT NOT NULL,
    winner       INTEGER REFERENCES players (id),
    self_draw    INTEGER CHECK (self_draw IS NULL OR self_draw IN (0, 1)),
    discarder    INTEGER REFERENCES players (id),
    value        INTEGER,
    hand_line    TEXT,
    result_json  TEXT CHECK (result_json IS NULL OR json_valid(result_json)),
    note         TEXT,
    hand_number  INTEGER,
    seat_e       INTEGER REFERENCES players (id),
    seat_s       INTEGER REFERENCES players (id),
    seat_w       INTEGER REFERENCES players (id),
    seat_n       INTEGER REFERENCES players (id),
    state_before TEXT CHECK (state_before IS NULL OR json_valid(state_before)),
    state_after  TEXT CHECK (state_after IS NULL OR json_valid(state_after)),
    reverses     INTEGER UNIQUE REFERENCES entries (id),
    CHECK ((kind = 'reversal') = (reverses IS NOT NULL)),
    CHECK (kind <> 'win' OR winner IS NOT NULL)
);
CREATE TABLE entry_counts (
    chat_id    INTEGER NOT NULL REFERENCES chats (chat_id) ON UPDATE CASCADE,
    session_id INTEGER NOT NULL,
    kind       TEXT NOT NULL,
    entries    INTEGER NOT NULL,
    PRIMARY KEY (chat_id, session_id, kind)
) WITHOUT ROWID;
CREATE TABLE identity_events (
    id         INTEGER PRIMARY KEY,
    chat_id    INTEGER NOT NULL REFERENCES chats (chat_id) ON UPDATE CASCADE,
    kind       TEXT NOT NULL CHECK (kind IN ('link', 'rename', 'undo')),
    how        TEXT CHECK (how IS NULL OR how IN ('join', 'iam', 'merge')),
    player_id  INTEGER REFERENCES players (id),
    person_id  INTEGER REFERENCES players (id),
    old_name   TEXT,
    new_name   TEXT,
    undoes     INTEGER UNIQUE REFERENCES identity_events (id),
    author     INTEGER REFERENCES players (id),
    update_id  INTEGER,
    created_at TEXT NOT NULL,
    session_id INTEGER REFERENCES sessions (id),
    seat       TEXT CHECK (seat IS NULL OR seat IN ('E', 'S', 'W', 'N')),
    CHECK ((kind = 'undo') = (undoes IS NOT NULL)),
    CHECK (kind <> 'link' OR (how IS NOT NULL AND player_id IS NOT NULL
        AND person_id IS NOT NULL AND player_id <> person_id)),
    CHECK (kind <> 'rename' OR (player_id IS NOT NULL AND old_name IS NOT NULL
        AND new_name IS NOT NULL))
);
CREATE TABLE inbox (
    update_id   INTEGER PRIMARY KEY,
    chat_id     INTEGER,
    payload     TEXT NOT NULL,
    received_at TEXT NOT NULL,
    done_at     TEXT
);
CREATE TABLE pair_totals (
    chat_id   INTEGER NOT NULL REFERENCES chats (chat_id) ON UPDATE CASCADE,
    player_id INTEGER NOT NULL,
    other_id  INTEGER NOT NULL,
    hands     INTEGER NOT NULL DEFAULT 0,
    wins      INTEGER NOT NULL DEFAULT 0,
    dealt_in  INTEGER NOT NULL DEFAULT 0,
    won_from  INTEGER NOT NULL DEFAULT 0,
    net       INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (player_id, other_id)
) WITHOUT ROWID;
CREATE TABLE person_links (
    player_id INTEGER PRIMARY KEY REFERENCES players (id),
    chat_id   INTEGER NOT NULL REFERENCES chats (chat_id) ON UPDATE CASCADE,
    person_id INTEGER NOT NULL REFERENCES players (id),
    event_id  INTEGER NOT NULL REFERENCES identity_events (id)
);
CREATE TABLE player_totals (
    chat_id       INTEGER NOT NULL REFERENCES chats (chat_id) ON UPDATE CASCADE,
    player_id     INTEGER NOT NULL,
    period        TEXT NOT NULL,
    hands         INTEGER NOT NULL DEFAULT 0,
    wins          INTEGER NOT NULL DEFAULT 0,
    self_draws    INTEGER NOT NULL DEFAULT 0,
    dealt_in      INTEGER NOT NULL DEFAULT 0,
    points        INTEGER NOT NULL DEFAULT 0,
    moves         INTEGER NOT NULL DEFAULT 0,
    biggest_win   INTEGER NOT NULL DEFAULT 0,
    biggest_entry INTEGER,
    PRIMARY KEY (player_id, period)
) WITHOUT ROWID;
CREATE TABLE players (
    id         INTEGER PRIMARY KEY,
    chat_id    INTEGER NOT NULL REFERENCES chats (chat_id) ON UPDATE CASCADE,
    user_id    INTEGER,
    name       TEXT NOT NULL CHECK (length(trim(name)) > 0),
    username   TEXT,
    created_at TEXT NOT NULL,
    UNIQUE (chat_id, user_id)
);
CREATE TABLE postings (
    entry_id  INTEGER NOT NULL REFERENCES entries (id) DEFERRABLE INITIALLY DEFERRED,
    player_id INTEGER NOT NULL REFERENCES players (id),
    delta     INTEGER NOT NULL CHECK (typeof(delta) = 'integer' AND delta <> 0),
    PRIMARY KEY (entry_id, player_id)
) WITHOUT ROWID;
CREATE TABLE sessions (
    id             INTEGER PRIMARY KEY,
    chat_id        INTEGER NOT NULL REFERENCES chats (chat_id) ON UPDATE CASCADE,
    ruleset        TEXT NOT NULL,
    base           INTEGER NOT NULL CHECK (base > 0),
    room           TEXT,
    rotation       TEXT NOT NULL CHECK (rotation IN ('dealer_stays', 'winner_deals')),
    seat_e         INTEGER REFERENCES players (id),
    seat_s         INTEGER REFERENCES players (id),
    seat_w         INTEGER REFERENCES players (id),
    seat_n         INTEGER REFERENCES players (id),
    dealer         TEXT NOT NULL CHECK (dealer IN ('E', 'S', 'W', 'N')),
    round_wind     TEXT NOT NULL CHECK (round_wind IN ('E', 'S', 'W', 'N')),
    hand_number    INTEGER NOT NULL CHECK (hand_number >= 1),
    deals_in_round INTEGER NOT NULL CHECK (deals_in_round BETWEEN 0 AND 3),
    creator        INTEGER REFERENCES players (id),
    is_open        INTEGER NOT NULL CHECK (is_open IN (0, 1)),
    opened_at      TEXT NOT NULL,
    closed_at      TEXT
);
CREATE TABLE sources (
    id         INTEGER PRIMARY KEY,
    chat_id    INTEGER NOT NULL REFERENCES chats (chat_id) ON UPDATE CASCADE,
    update_id  INTEGER NOT NULL,
    message_id INTEGER,
    UNIQUE (chat_id, update_id)
);
CREATE UNIQUE INDEX players_guest_name ON players (chat_id, name COLLATE NOCASE)
    WHERE user_id IS NULL;
CREATE UNIQUE INDEX sessions_one_open ON sessions (chat_id) WHERE is_open = 1;
CREATE INDEX sessions_chat ON sessions (chat_id, id);
CREATE INDEX entries_chat ON entries (chat_id, id);
CREATE INDEX entries_session ON entries (session_id, id);
CREATE INDEX entries_source ON entries (source_id);
CREATE INDEX postings_player ON postings (player_id);
CREATE TRIGGER postings_sealed BEFORE INSERT ON postings
WHEN EXISTS (SELECT 1 FROM entries WHERE id = NEW.entry_id)
BEGIN
    SELECT RAISE(ABORT, 'ledger: postings of a recorded entry are sealed');
END;
CREATE TRIGGER entries_balanced BEFORE INSERT ON entries
WHEN NEW.id IS NULL
  OR (SELECT coalesce(sum(delta), 0) FROM postings WHERE entry_id = NEW.id) <> 0
BEGIN
    SELECT RAISE(ABORT, 'ledger: postings do not sum to 0');
END;
CREATE TRIGGER entries_players_in_chat BEFORE INSERT ON entries
WHEN EXISTS (
    SELECT 1 FROM postings AS p JOIN players AS pl ON pl.id = p.player_id
    WHERE p.entry_id = NEW.id AND pl.chat_id <> NEW.chat_id
)
BEGIN
    SELECT RAISE(ABORT, 'ledger: a posting names a player of another chat');
END;
CREATE TRIGGER entries_session_in_chat BEFORE INSERT ON entries
WHEN NEW.session_id IS NOT NULL
  AND (SELECT chat_id FROM sessions WHERE id = NEW.session_id) IS NOT NEW.chat_id
BEGIN
    SELECT RAISE(ABORT, 'ledger: the session belongs to another chat');
END;
CREATE TRIGGER entries_reversal_valid BEFORE INSERT ON entries
WHEN NEW.kind = 'reversal' AND (
    coalesce((SELECT kind FROM entries WHERE id = NEW.reverses), 'reversal') = 'reversal'
    OR (SELECT chat_id FROM entries WHERE id = NEW.reverses) <> NEW.chat_id
    OR (SELECT count(*) FROM postings WHERE entry_id = NEW.id)
       <> (SELECT count(*) FROM postings WHERE entry_id = NEW.reverses)
    OR EXISTS (
        SELECT 1 FROM postings AS t
        LEFT JOIN postings AS r ON r.entry_id = NEW.id AND r.player_id = t.player_id
        WHERE t.entry_id = NEW.reverses AND (r.delta IS NULL OR r.delta <> -t.delta)
    )
)
BEGIN
    SELECT RAISE(ABORT, 'ledger: a reversal must mirror one non-reversal entry of its chat');
END;
CREATE TRIGGER entries_no_update
BEFORE UPDATE OF id, session_id, kind, author, source_id, created_at, winner, self_draw,
    discarder, value, hand_line, result_json, note, hand_number, seat_e, seat_s, seat_w,
    seat_n, state_before, state_after, reverses
ON entries
BEGIN
    SELECT RAISE(ABORT, 'ledger: entries are append-only');
END;
CREATE TRIGGER entries_no_delete BEFORE DELETE ON entries
BEGIN
    SELECT RAISE(ABORT, 'ledger: entries are append-only');
END;
CREATE TRIGGER postings_no_update BEFORE UPDATE ON postings
BEGIN
    SELECT RAISE(ABORT, 'ledger: postings are append-only');
END;
CREATE TRIGGER postings_no_delete BEFORE DELETE ON postings
BEGIN
    SELECT RAISE(ABORT, 'ledger: postings are append-only');
END;
CREATE TRIGGER sources_no_update BEFORE UPDATE OF id, update_id, message_id ON sources
BEGIN
    SELECT RAISE(ABORT, 'ledger: sources are append-only');
END;
CREATE TRIGGER sources_no_delete BEFORE DELETE ON sources
BEGIN
    SELECT RAISE(ABORT, 'ledger: sources are append-only');
END;
CREATE INDEX sources_message ON sources (chat_id, message_id);
CREATE INDEX inbox_undone ON inbox (update_id) WHERE done_at IS NULL;
CREATE INDEX inbox_done ON inbox (done_at) WHERE done_at IS NOT NULL;
CREATE INDEX entries_created ON entries (chat_id, created_at);
CREATE INDEX entries_hand ON entries (session_id, hand_number) WHERE kind IN ('win', 'draw');
CREATE INDEX entries_wins ON entries (winner, created_at) WHERE kind = 'win';
CREATE INDEX player_totals_chat ON player_totals (chat_id, period);
CREATE TRIGGER entries_totals AFTER INSERT ON entries
BEGIN
    INSERT INTO entry_counts (chat_id, session_id, kind, entries)
    SELECT NEW.chat_id, scope.id, NEW.kind, 1
    FROM (SELECT 0 AS id UNION ALL SELECT NEW.session_id WHERE NEW.session_id IS NOT NULL) AS scope
    WHERE true
    ON CONFLICT DO UPDATE SET entries = entries + 1;

    INSERT INTO player_totals (chat_id, player_id, period, points, moves)
    SELECT NEW.chat_id, p.player_id, b.period, p.delta, 1
    FROM postings AS p, (SELECT 'all' AS period UNION ALL SELECT substr(NEW.created_at, 1, 7)) AS b
    WHERE p.entry_id = NEW.id
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
                  AND (b.value = 'all' OR substr(o.created_at, 1, 7) = b.value)
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
                  AND (b.value = 'all' OR substr(o.created_at, 1, 7) = b.value)
                  AND NOT EXISTS (SELECT 1 FROM entries AS x WHERE x.reverses = o.id)))),
        coalesce(t.candidate, 0) * (t.winner IS who.value),
        CASE WHEN t.winner IS who.value THEN t.candidate_entry END
    FROM (
        SELECT e.*, CASE WHEN NEW.reverses IS NULL THEN 1 ELSE -1 END AS sign,
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
    json_each(json_array('all', substr(t.created_at, 1, 7))) AS b
    WHERE who.type = 'integer'
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

    -- The biggest win undone: its month looks again among that month's wins (by index), then
    -- the all-time row takes the best month.
    UPDATE player_totals SET (biggest_win, biggest_entry) = (
        SELECT coalesce(best.delta, 0), best.id FROM (SELECT 1) LEFT JOIN (
            SELECT p.delta, e.id FROM entries AS e
            JOIN postings AS p ON p.entry_id = e.id AND p.player_id = e.winner
            WHERE e.winner = player_totals.player_id AND e.kind = 'win'
              AND e.created_at > player_totals.period
              AND e.created_at < player_totals.period || '~'
              AND NOT EXISTS (SELECT 1 FROM entries AS x WHERE x.reverses = e.id)
            ORDER BY p.delta DESC, e.id LIMIT 1
        ) AS best)
    WHERE NEW.reverses IS NOT NULL AND biggest_entry = NEW.reverses
      AND player_id = (SELECT winner FROM entries WHERE id = NEW.reverses)
      AND period <> 'all';

    UPDATE player_totals SET (biggest_win, biggest_entry) = (
        SELECT coalesce(best.biggest_win, 0), best.biggest_entry FROM (SELECT 1) LEFT JOIN (
            SELECT m.biggest_win, m.biggest_entry FROM player_totals AS m
            WHERE m.player_id = player_totals.player_id AND m.period <> 'all'
              AND m.biggest_entry IS NOT NULL
            ORDER BY m.biggest_win DESC, m.biggest_entry LIMIT 1
        ) AS best)
    WHERE NEW.reverses IS NOT NULL AND biggest_entry = NEW.reverses
      AND player_id = (SELECT winner FROM entries WHERE id = NEW.reverses)
      AND period = 'all';

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
CREATE INDEX identity_events_chat ON identity_events (chat_id, id);
CREATE INDEX identity_events_created ON identity_events (chat_id, created_at);
CREATE UNIQUE INDEX identity_events_update ON identity_events (chat_id, update_id)
    WHERE update_id IS NOT NULL;
CREATE INDEX person_links_chat ON person_links (chat_id);
CREATE TRIGGER identity_events_valid BEFORE INSERT ON identity_events
WHEN (NEW.kind = 'link' AND (
        (SELECT chat_id FROM players WHERE id = NEW.player_id) IS NOT NEW.chat_id
        OR (SELECT chat_id FROM players WHERE id = NEW.person_id) IS NOT NEW.chat_id
        OR EXISTS (SELECT 1 FROM person_links WHERE player_id = NEW.player_id)
        OR EXISTS (SELECT 1 FROM person_links WHERE player_id = NEW.person_id)))
  OR (NEW.kind = 'undo' AND (
        coalesce((SELECT kind FROM identity_events WHERE id = NEW.undoes), 'undo') = 'undo'
        OR (SELECT chat_id FROM identity_events WHERE id = NEW.undoes) <> NEW.chat_id))
BEGIN
    SELECT RAISE(ABORT, 'ledger: a link joins two unlinked records of the chat; an undo names one event');
END;
CREATE TRIGGER identity_events_links AFTER INSERT ON identity_events
BEGIN
    INSERT INTO person_links (player_id, chat_id, person_id, event_id)
    SELECT NEW.player_id, NEW.chat_id, NEW.person_id, NEW.id WHERE NEW.kind = 'link';
    DELETE FROM person_links WHERE NEW.kind = 'undo' AND event_id = NEW.undoes;
END;
CREATE TRIGGER identity_events_no_update
BEFORE UPDATE OF id, kind, how, player_id, person_id, old_name, new_name, undoes, author,
    update_id, created_at, session_id, seat
ON identity_events
BEGIN
    SELECT RAISE(ABORT, 'ledger: identity events are append-only');
END;
CREATE TRIGGER identity_events_no_delete BEFORE DELETE ON identity_events
BEGIN
    SELECT RAISE(ABORT, 'ledger: identity events are append-only');
END;
COMMIT;

-- The ledger's first schema. Entries and postings are append-only: triggers below refuse
-- UPDATE (except the chat id, which a supergroup migration moves) and DELETE, seal an
-- entry's postings once the entry row exists, and refuse an entry whose postings do not
-- sum to 0. Postings are written first, then their entry row (the foreign key from
-- postings to entries is deferred to the commit).

CREATE TABLE chats (
    chat_id    INTEGER PRIMARY KEY,
    lang       TEXT CHECK (lang IS NULL OR lang IN ('zh', 'en')),
    ruleset    TEXT,
    base       INTEGER CHECK (base IS NULL OR base > 0),
    created_at TEXT NOT NULL
);

CREATE TABLE players (
    id         INTEGER PRIMARY KEY,
    chat_id    INTEGER NOT NULL REFERENCES chats (chat_id) ON UPDATE CASCADE,
    user_id    INTEGER,
    name       TEXT NOT NULL CHECK (length(trim(name)) > 0),
    username   TEXT,
    created_at TEXT NOT NULL,
    UNIQUE (chat_id, user_id)
);
CREATE UNIQUE INDEX players_guest_name ON players (chat_id, name COLLATE NOCASE)
    WHERE user_id IS NULL;

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
CREATE UNIQUE INDEX sessions_one_open ON sessions (chat_id) WHERE is_open = 1;
CREATE INDEX sessions_chat ON sessions (chat_id, id);

CREATE TABLE sources (
    id         INTEGER PRIMARY KEY,
    chat_id    INTEGER NOT NULL REFERENCES chats (chat_id) ON UPDATE CASCADE,
    update_id  INTEGER NOT NULL,
    message_id INTEGER,
    UNIQUE (chat_id, update_id)
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
CREATE INDEX entries_chat ON entries (chat_id, id);
CREATE INDEX entries_session ON entries (session_id, id);
CREATE INDEX entries_source ON entries (source_id);

CREATE TABLE postings (
    entry_id  INTEGER NOT NULL REFERENCES entries (id) DEFERRABLE INITIALLY DEFERRED,
    player_id INTEGER NOT NULL REFERENCES players (id),
    delta     INTEGER NOT NULL CHECK (typeof(delta) = 'integer' AND delta <> 0),
    PRIMARY KEY (entry_id, player_id)
) WITHOUT ROWID;
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

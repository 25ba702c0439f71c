-- A ledger written by the code before migration 0004 (schema version 3).
BEGIN TRANSACTION;
CREATE TABLE chats (
    chat_id    INTEGER PRIMARY KEY,
    lang       TEXT CHECK (lang IS NULL OR lang IN ('zh', 'en')),
    ruleset    TEXT,
    base       INTEGER CHECK (base IS NULL OR base > 0),
    created_at TEXT NOT NULL
);
INSERT INTO "chats" VALUES(-1002,NULL,NULL,NULL,'2026-12-01T17:31:20.783174+00:00');
INSERT INTO "chats" VALUES(-1001,NULL,NULL,NULL,'2026-12-01T17:31:20.719041+00:00');
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
INSERT INTO "entries" VALUES(1,-1001,1,'win',2,1,'2026-12-01T17:31:20.733058+00:00',2,1,NULL,3,'a',NULL,NULL,1,1,2,3,4,'{"dealer": "E", "deals_in_round": 0, "hand_number": 1, "round_wind": "E"}','{"dealer": "S", "deals_in_round": 1, "hand_number": 2, "round_wind": "E"}',NULL);
INSERT INTO "entries" VALUES(2,-1001,1,'win',3,2,'2026-12-01T17:31:20.735138+00:00',3,0,1,8,'b',NULL,NULL,2,1,2,3,4,'{"dealer": "S", "deals_in_round": 1, "hand_number": 2, "round_wind": "E"}','{"dealer": "W", "deals_in_round": 2, "hand_number": 3, "round_wind": "E"}',NULL);
INSERT INTO "entries" VALUES(3,-1001,1,'kong',4,3,'2026-12-01T17:31:20.736532+00:00',4,NULL,NULL,NULL,NULL,NULL,NULL,3,1,2,3,4,NULL,NULL,NULL);
INSERT INTO "entries" VALUES(4,-1001,1,'draw',NULL,4,'2026-12-01T17:31:20.738582+00:00',NULL,NULL,NULL,NULL,NULL,NULL,NULL,3,1,2,3,4,'{"dealer": "W", "deals_in_round": 2, "hand_number": 3, "round_wind": "E"}','{"dealer": "N", "deals_in_round": 3, "hand_number": 4, "round_wind": "E"}',NULL);
INSERT INTO "entries" VALUES(5,-1001,1,'win',2,5,'2026-12-01T17:31:20.752573+00:00',2,0,4,50,'c',NULL,NULL,4,1,2,3,4,'{"dealer": "N", "deals_in_round": 3, "hand_number": 4, "round_wind": "E"}','{"dealer": "S", "deals_in_round": 0, "hand_number": 5, "round_wind": "S"}',NULL);
INSERT INTO "entries" VALUES(6,-1001,1,'reversal',1,6,'2026-12-01T17:31:20.755876+00:00',NULL,NULL,NULL,NULL,NULL,NULL,NULL,4,NULL,NULL,NULL,NULL,NULL,NULL,5);
INSERT INTO "entries" VALUES(7,-1001,1,'win',2,7,'2026-12-01T17:31:20.758954+00:00',4,0,2,2,NULL,NULL,NULL,4,1,2,3,4,'{"dealer": "N", "deals_in_round": 3, "hand_number": 4, "round_wind": "E"}','{"dealer": "W", "deals_in_round": 0, "hand_number": 5, "round_wind": "S"}',NULL);
INSERT INTO "entries" VALUES(8,-1001,1,'win',2,7,'2026-12-01T17:31:20.758974+00:00',3,0,2,4,NULL,NULL,NULL,4,1,2,3,4,'{"dealer": "N", "deals_in_round": 3, "hand_number": 4, "round_wind": "E"}','{"dealer": "W", "deals_in_round": 0, "hand_number": 5, "round_wind": "S"}',NULL);
INSERT INTO "entries" VALUES(9,-1001,1,'win',1,8,'2026-12-01T17:31:20.761673+00:00',1,0,3,12,'d',NULL,NULL,5,1,2,3,4,'{"dealer": "W", "deals_in_round": 0, "hand_number": 5, "round_wind": "S"}','{"dealer": "E", "deals_in_round": 1, "hand_number": 6, "round_wind": "S"}',NULL);
INSERT INTO "entries" VALUES(10,-1001,1,'reversal',1,9,'2026-12-01T17:31:20.765133+00:00',NULL,NULL,NULL,NULL,NULL,NULL,NULL,5,NULL,NULL,NULL,NULL,NULL,NULL,9);
INSERT INTO "entries" VALUES(11,-1001,1,'win',1,9,'2026-12-01T17:31:20.765629+00:00',1,1,NULL,10,'d2',NULL,NULL,5,1,2,3,4,'{"dealer": "W", "deals_in_round": 0, "hand_number": 5, "round_wind": "S"}','{"dealer": "E", "deals_in_round": 1, "hand_number": 6, "round_wind": "S"}',NULL);
INSERT INTO "entries" VALUES(12,-1001,NULL,'adjustment',1,10,'2026-12-01T17:31:20.767549+00:00',NULL,NULL,NULL,NULL,NULL,NULL,'茶水',NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "entries" VALUES(13,-1001,1,'reversal',1,11,'2026-12-01T17:31:20.776116+00:00',NULL,NULL,NULL,NULL,NULL,NULL,NULL,5,NULL,NULL,NULL,NULL,NULL,NULL,11);
INSERT INTO "entries" VALUES(14,-1001,1,'draw',NULL,12,'2026-12-01T17:31:20.778816+00:00',NULL,NULL,NULL,NULL,NULL,NULL,NULL,5,1,2,3,4,'{"dealer": "W", "deals_in_round": 0, "hand_number": 5, "round_wind": "S"}','{"dealer": "N", "deals_in_round": 1, "hand_number": 6, "round_wind": "S"}',NULL);
INSERT INTO "entries" VALUES(15,-1002,3,'win',10,NULL,'2026-12-01T17:31:20.733058+00:00',10,1,NULL,3,'a',NULL,NULL,1,9,10,11,12,'{"dealer": "E", "deals_in_round": 0, "hand_number": 1, "round_wind": "E"}','{"dealer": "S", "deals_in_round": 1, "hand_number": 2, "round_wind": "E"}',NULL);
INSERT INTO "entries" VALUES(16,-1002,3,'win',11,NULL,'2026-12-01T17:31:20.735138+00:00',11,0,9,8,'b',NULL,NULL,2,9,10,11,12,'{"dealer": "S", "deals_in_round": 1, "hand_number": 2, "round_wind": "E"}','{"dealer": "W", "deals_in_round": 2, "hand_number": 3, "round_wind": "E"}',NULL);
INSERT INTO "entries" VALUES(17,-1002,3,'kong',12,NULL,'2026-12-01T17:31:20.736532+00:00',12,NULL,NULL,NULL,NULL,NULL,NULL,3,9,10,11,12,NULL,NULL,NULL);
INSERT INTO "entries" VALUES(18,-1002,3,'draw',NULL,NULL,'2026-12-01T17:31:20.738582+00:00',NULL,NULL,NULL,NULL,NULL,NULL,NULL,3,9,10,11,12,'{"dealer": "W", "deals_in_round": 2, "hand_number": 3, "round_wind": "E"}','{"dealer": "N", "deals_in_round": 3, "hand_number": 4, "round_wind": "E"}',NULL);
INSERT INTO "entries" VALUES(19,-1002,3,'win',10,NULL,'2026-12-01T17:31:20.752573+00:00',10,0,12,50,'c',NULL,NULL,4,9,10,11,12,'{"dealer": "N", "deals_in_round": 3, "hand_number": 4, "round_wind": "E"}','{"dealer": "S", "deals_in_round": 0, "hand_number": 5, "round_wind": "S"}',NULL);
INSERT INTO "entries" VALUES(20,-1002,3,'reversal',9,NULL,'2026-12-01T17:31:20.755876+00:00',NULL,NULL,NULL,NULL,NULL,NULL,NULL,4,NULL,NULL,NULL,NULL,NULL,NULL,19);
INSERT INTO "entries" VALUES(21,-1002,3,'win',10,NULL,'2026-12-01T17:31:20.758954+00:00',12,0,10,2,NULL,NULL,NULL,4,9,10,11,12,'{"dealer": "N", "deals_in_round": 3, "hand_number": 4, "round_wind": "E"}','{"dealer": "W", "deals_in_round": 0, "hand_number": 5, "round_wind": "S"}',NULL);
INSERT INTO "entries" VALUES(22,-1002,3,'win',10,NULL,'2026-12-01T17:31:20.758974+00:00',11,0,10,4,NULL,NULL,NULL,4,9,10,11,12,'{"dealer": "N", "deals_in_round": 3, "hand_number": 4, "round_wind": "E"}','{"dealer": "W", "deals_in_round": 0, "hand_number": 5, "round_wind": "S"}',NULL);
INSERT INTO "entries" VALUES(23,-1002,3,'win',9,NULL,'2026-12-01T17:31:20.761673+00:00',9,0,11,12,'d',NULL,NULL,5,9,10,11,12,'{"dealer": "W", "deals_in_round": 0, "hand_number": 5, "round_wind": "S"}','{"dealer": "E", "deals_in_round": 1, "hand_number": 6, "round_wind": "S"}',NULL);
INSERT INTO "entries" VALUES(24,-1002,3,'reversal',9,NULL,'2026-12-01T17:31:20.765133+00:00',NULL,NULL,NULL,NULL,NULL,NULL,NULL,5,NULL,NULL,NULL,NULL,NULL,NULL,23);
INSERT INTO "entries" VALUES(25,-1002,3,'win',9,NULL,'2026-12-01T17:31:20.765629+00:00',9,1,NULL,10,'d2',NULL,NULL,5,9,10,11,12,'{"dealer": "W", "deals_in_round": 0, "hand_number": 5, "round_wind": "S"}','{"dealer": "E", "deals_in_round": 1, "hand_number": 6, "round_wind": "S"}',NULL);
INSERT INTO "entries" VALUES(26,-1002,NULL,'adjustment',9,NULL,'2026-12-01T17:31:20.767549+00:00',NULL,NULL,NULL,NULL,NULL,NULL,'茶水',NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL);
INSERT INTO "entries" VALUES(27,-1002,3,'reversal',9,NULL,'2026-12-01T17:31:20.776116+00:00',NULL,NULL,NULL,NULL,NULL,NULL,NULL,5,NULL,NULL,NULL,NULL,NULL,NULL,25);
INSERT INTO "entries" VALUES(28,-1002,3,'draw',NULL,NULL,'2026-12-01T17:31:20.778816+00:00',NULL,NULL,NULL,NULL,NULL,NULL,NULL,5,9,10,11,12,'{"dealer": "W", "deals_in_round": 0, "hand_number": 5, "round_wind": "S"}','{"dealer": "N", "deals_in_round": 1, "hand_number": 6, "round_wind": "S"}',NULL);
INSERT INTO "entries" VALUES(29,-1002,2,'win',6,13,'2026-12-01T17:31:20.794212+00:00',6,1,NULL,8,'x',NULL,NULL,1,5,6,7,8,'{"dealer": "E", "deals_in_round": 0, "hand_number": 1, "round_wind": "E"}','{"dealer": "S", "deals_in_round": 1, "hand_number": 2, "round_wind": "E"}',NULL);
CREATE TABLE inbox (
    update_id   INTEGER PRIMARY KEY,
    chat_id     INTEGER,
    payload     TEXT NOT NULL,
    received_at TEXT NOT NULL,
    done_at     TEXT
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
INSERT INTO "players" VALUES(1,-1001,10110,'甲','user0','2026-12-01T17:31:20.719846+00:00');
INSERT INTO "players" VALUES(2,-1001,10111,'乙','user1','2026-12-01T17:31:20.725261+00:00');
INSERT INTO "players" VALUES(3,-1001,10112,'丙','user2','2026-12-01T17:31:20.727238+00:00');
INSERT INTO "players" VALUES(4,-1001,10113,'丁','user3','2026-12-01T17:31:20.728797+00:00');
INSERT INTO "players" VALUES(5,-1002,10120,'甲','user0','2026-12-01T17:31:20.783335+00:00');
INSERT INTO "players" VALUES(6,-1002,10121,'乙','user1','2026-12-01T17:31:20.784934+00:00');
INSERT INTO "players" VALUES(7,-1002,10122,'丙','user2','2026-12-01T17:31:20.786613+00:00');
INSERT INTO "players" VALUES(8,-1002,10123,'丁','user3','2026-12-01T17:31:20.787228+00:00');
INSERT INTO "players" VALUES(9,-1002,10110,'甲','user0','2026-12-01T17:31:20.790458+00:00');
INSERT INTO "players" VALUES(10,-1002,10111,'乙','user1','2026-12-01T17:31:20.790584+00:00');
INSERT INTO "players" VALUES(11,-1002,10112,'丙','user2','2026-12-01T17:31:20.790653+00:00');
INSERT INTO "players" VALUES(12,-1002,10113,'丁','user3','2026-12-01T17:31:20.790716+00:00');
CREATE TABLE postings (
    entry_id  INTEGER NOT NULL REFERENCES entries (id) DEFERRABLE INITIALLY DEFERRED,
    player_id INTEGER NOT NULL REFERENCES players (id),
    delta     INTEGER NOT NULL CHECK (typeof(delta) = 'integer' AND delta <> 0),
    PRIMARY KEY (entry_id, player_id)
) WITHOUT ROWID;
INSERT INTO "postings" VALUES(1,1,-3);
INSERT INTO "postings" VALUES(1,2,9);
INSERT INTO "postings" VALUES(1,3,-3);
INSERT INTO "postings" VALUES(1,4,-3);
INSERT INTO "postings" VALUES(2,1,-8);
INSERT INTO "postings" VALUES(2,3,8);
INSERT INTO "postings" VALUES(3,1,-1);
INSERT INTO "postings" VALUES(3,2,-1);
INSERT INTO "postings" VALUES(3,3,-1);
INSERT INTO "postings" VALUES(3,4,3);
INSERT INTO "postings" VALUES(5,2,50);
INSERT INTO "postings" VALUES(5,4,-50);
INSERT INTO "postings" VALUES(6,2,-50);
INSERT INTO "postings" VALUES(6,4,50);
INSERT INTO "postings" VALUES(7,2,-2);
INSERT INTO "postings" VALUES(7,4,2);
INSERT INTO "postings" VALUES(8,2,-4);
INSERT INTO "postings" VALUES(8,3,4);
INSERT INTO "postings" VALUES(9,1,12);
INSERT INTO "postings" VALUES(9,3,-12);
INSERT INTO "postings" VALUES(10,1,-12);
INSERT INTO "postings" VALUES(10,3,12);
INSERT INTO "postings" VALUES(11,1,30);
INSERT INTO "postings" VALUES(11,2,-10);
INSERT INTO "postings" VALUES(11,3,-10);
INSERT INTO "postings" VALUES(11,4,-10);
INSERT INTO "postings" VALUES(12,1,5);
INSERT INTO "postings" VALUES(12,4,-5);
INSERT INTO "postings" VALUES(13,1,-30);
INSERT INTO "postings" VALUES(13,2,10);
INSERT INTO "postings" VALUES(13,3,10);
INSERT INTO "postings" VALUES(13,4,10);
INSERT INTO "postings" VALUES(14,1,2);
INSERT INTO "postings" VALUES(14,2,-2);
INSERT INTO "postings" VALUES(15,9,-3);
INSERT INTO "postings" VALUES(15,10,9);
INSERT INTO "postings" VALUES(15,11,-3);
INSERT INTO "postings" VALUES(15,12,-3);
INSERT INTO "postings" VALUES(16,9,-8);
INSERT INTO "postings" VALUES(16,11,8);
INSERT INTO "postings" VALUES(17,9,-1);
INSERT INTO "postings" VALUES(17,10,-1);
INSERT INTO "postings" VALUES(17,11,-1);
INSERT INTO "postings" VALUES(17,12,3);
INSERT INTO "postings" VALUES(19,10,50);
INSERT INTO "postings" VALUES(19,12,-50);
INSERT INTO "postings" VALUES(20,10,-50);
INSERT INTO "postings" VALUES(20,12,50);
INSERT INTO "postings" VALUES(21,10,-2);
INSERT INTO "postings" VALUES(21,12,2);
INSERT INTO "postings" VALUES(22,10,-4);
INSERT INTO "postings" VALUES(22,11,4);
INSERT INTO "postings" VALUES(23,9,12);
INSERT INTO "postings" VALUES(23,11,-12);
INSERT INTO "postings" VALUES(24,9,-12);
INSERT INTO "postings" VALUES(24,11,12);
INSERT INTO "postings" VALUES(25,9,30);
INSERT INTO "postings" VALUES(25,10,-10);
INSERT INTO "postings" VALUES(25,11,-10);
INSERT INTO "postings" VALUES(25,12,-10);
INSERT INTO "postings" VALUES(26,9,5);
INSERT INTO "postings" VALUES(26,12,-5);
INSERT INTO "postings" VALUES(27,9,-30);
INSERT INTO "postings" VALUES(27,10,10);
INSERT INTO "postings" VALUES(27,11,10);
INSERT INTO "postings" VALUES(27,12,10);
INSERT INTO "postings" VALUES(28,9,2);
INSERT INTO "postings" VALUES(28,10,-2);
INSERT INTO "postings" VALUES(29,5,-8);
INSERT INTO "postings" VALUES(29,6,24);
INSERT INTO "postings" VALUES(29,7,-8);
INSERT INTO "postings" VALUES(29,8,-8);
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
INSERT INTO "sessions" VALUES(1,-1001,'huzhou-qiangdao',1,NULL,'winner_deals',1,2,3,4,'N','S',6,1,1,0,'2026-12-01T17:31:20.730983+00:00','2026-12-01T17:31:20.781520+00:00');
INSERT INTO "sessions" VALUES(2,-1002,'hangzhou',1,NULL,'dealer_stays',5,6,7,8,'S','E',2,1,5,1,'2026-12-01T17:31:20.787724+00:00',NULL);
INSERT INTO "sessions" VALUES(3,-1002,'huzhou-qiangdao',1,NULL,'winner_deals',9,10,11,12,'N','S',6,1,9,0,'2026-12-01T17:31:20.730983+00:00','2026-12-01T17:31:20.781520+00:00');
CREATE TABLE sources (
    id         INTEGER PRIMARY KEY,
    chat_id    INTEGER NOT NULL REFERENCES chats (chat_id) ON UPDATE CASCADE,
    update_id  INTEGER NOT NULL,
    message_id INTEGER,
    UNIQUE (chat_id, update_id)
);
INSERT INTO "sources" VALUES(1,-1001,1,NULL);
INSERT INTO "sources" VALUES(2,-1001,2,NULL);
INSERT INTO "sources" VALUES(3,-1001,3,NULL);
INSERT INTO "sources" VALUES(4,-1001,4,NULL);
INSERT INTO "sources" VALUES(5,-1001,5,NULL);
INSERT INTO "sources" VALUES(6,-1001,6,NULL);
INSERT INTO "sources" VALUES(7,-1001,7,NULL);
INSERT INTO "sources" VALUES(8,-1001,20,NULL);
INSERT INTO "sources" VALUES(9,-1001,21,NULL);
INSERT INTO "sources" VALUES(10,-1001,22,NULL);
INSERT INTO "sources" VALUES(11,-1001,23,NULL);
INSERT INTO "sources" VALUES(12,-1001,24,NULL);
INSERT INTO "sources" VALUES(13,-1002,1,NULL);
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
COMMIT;

-- Totals kept as entries are written (see storage/sql/totals.sql, included below: the
-- trigger that keeps them and the statements that build them from the entries so far).
--
-- player_totals: per player and period ('all', or a month 'YYYY-MM' of created_at);
-- pair_totals: per ordered pair of players seated together (all-time), head to head;
-- entry_counts: entries per chat (session_id 0) and per session, by kind.
--
-- The trigger's first version keyed the months at UTC; migration 0006 replaced it with the
-- one keyed at UTC+8. Both include the file's one text now, so a database migrated from
-- before 0004 gets 0006's trigger here already and again at 0006: the same final schema.

CREATE INDEX entries_created ON entries (chat_id, created_at);
CREATE INDEX entries_hand ON entries (session_id, hand_number) WHERE kind IN ('win', 'draw');
CREATE INDEX entries_wins ON entries (winner, created_at) WHERE kind = 'win';

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
CREATE INDEX player_totals_chat ON player_totals (chat_id, period);

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

CREATE TABLE entry_counts (
    chat_id    INTEGER NOT NULL REFERENCES chats (chat_id) ON UPDATE CASCADE,
    session_id INTEGER NOT NULL,
    kind       TEXT NOT NULL,
    entries    INTEGER NOT NULL,
    PRIMARY KEY (chat_id, session_id, kind)
) WITHOUT ROWID;

-- include: totals.sql

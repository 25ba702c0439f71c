-- Debts kept until paid (issue 32): /settle's transfers in 元 become debt lines, and so do
-- the payments that pay them off (a ✅ 已付 press, /paid) and an admin's undo of a payment.
-- Lines are written once (append-only: triggers refuse UPDATE except the chat id a
-- supergroup move cascades, and DELETE); what is still owed is their sum per pair, kept in
-- debt_balances by a trigger (storage/sql/debts.sql, included below).
--
-- debt_lines.kind:
--   debt      payer owes payee fen: one per transfer of a settled session (session_id);
--   payment   payer paid payee fen off (author: who marked it; session_id NULL);
--   reversal  an admin's undo of the payment ``reverses`` (same payer, payee and fen).

CREATE TABLE debt_lines (
    id         INTEGER PRIMARY KEY,
    chat_id    INTEGER NOT NULL REFERENCES chats (chat_id) ON UPDATE CASCADE,
    kind       TEXT NOT NULL CHECK (kind IN ('debt', 'payment', 'reversal')),
    session_id INTEGER REFERENCES sessions (id),
    payer      INTEGER NOT NULL REFERENCES players (id),
    payee      INTEGER NOT NULL REFERENCES players (id),
    fen        INTEGER NOT NULL CHECK (typeof(fen) = 'integer' AND fen > 0),
    author     INTEGER REFERENCES players (id),
    reverses   INTEGER UNIQUE REFERENCES debt_lines (id),
    created_at TEXT NOT NULL,
    CHECK (payer <> payee),
    CHECK ((kind = 'debt') = (session_id IS NOT NULL)),
    CHECK ((kind = 'reversal') = (reverses IS NOT NULL))
);
CREATE INDEX debt_lines_pair ON debt_lines (chat_id, payer, payee, id);

CREATE TRIGGER debt_lines_no_update
BEFORE UPDATE OF id, kind, session_id, payer, payee, fen, author, reverses, created_at
ON debt_lines
BEGIN
    SELECT RAISE(ABORT, 'ledger: debt lines are append-only');
END;

CREATE TRIGGER debt_lines_no_delete BEFORE DELETE ON debt_lines
BEGIN
    SELECT RAISE(ABORT, 'ledger: debt lines are append-only');
END;

CREATE TABLE debt_balances (
    chat_id INTEGER NOT NULL REFERENCES chats (chat_id) ON UPDATE CASCADE,
    payer   INTEGER NOT NULL,
    payee   INTEGER NOT NULL,
    fen     INTEGER NOT NULL,
    PRIMARY KEY (chat_id, payer, payee)
) WITHOUT ROWID;

-- include: debts.sql

-- A rating from placements (storage/rating.py, docs/rating.md). The ledger keeps which closed
-- sessions were rated and for which family of rulesets (rating_games, written once by
-- /settle); the rest is kept beside it and rebuilt from those games and their postings by
-- ``python -m storage rebuild``:
--   ratings         each person's (root record's) standing μ, σ and games per family;
--   rating_changes  each game's change per person, shown on the 1500 scale (before, after),
--                   at the game's time (the board's change over a period);
--   rating_marks    the chat's identity events the ratings were folded by (newer ones: the
--                   chat's ratings are replayed once).

CREATE TABLE rating_games (
    id         INTEGER PRIMARY KEY,
    chat_id    INTEGER NOT NULL REFERENCES chats (chat_id) ON UPDATE CASCADE,
    session_id INTEGER NOT NULL UNIQUE REFERENCES sessions (id),
    family     TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX rating_games_chat ON rating_games (chat_id, id);

CREATE TRIGGER rating_games_no_update
BEFORE UPDATE OF id, session_id, family, created_at ON rating_games
BEGIN
    SELECT RAISE(ABORT, 'ledger: rated games are append-only');
END;

CREATE TRIGGER rating_games_no_delete BEFORE DELETE ON rating_games
BEGIN
    SELECT RAISE(ABORT, 'ledger: rated games are append-only');
END;

CREATE TABLE ratings (
    chat_id INTEGER NOT NULL REFERENCES chats (chat_id) ON UPDATE CASCADE,
    family  TEXT NOT NULL,
    person  INTEGER NOT NULL,
    mu      REAL NOT NULL,
    sigma   REAL NOT NULL,
    games   INTEGER NOT NULL,
    PRIMARY KEY (chat_id, family, person)
) WITHOUT ROWID;

CREATE TABLE rating_changes (
    chat_id    INTEGER NOT NULL REFERENCES chats (chat_id) ON UPDATE CASCADE,
    family     TEXT NOT NULL,
    session_id INTEGER NOT NULL,
    person     INTEGER NOT NULL,
    before     INTEGER NOT NULL,
    after      INTEGER NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX rating_changes_person ON rating_changes (chat_id, family, person, created_at);
CREATE INDEX rating_changes_session ON rating_changes (session_id);

CREATE TABLE rating_marks (
    chat_id INTEGER PRIMARY KEY REFERENCES chats (chat_id) ON UPDATE CASCADE,
    mark    INTEGER NOT NULL
);

-- /settings 欠账提醒: a chat that chose the weekly reminder of debts older than a week (a
-- setting, like chats.replies: changed in place; no row is the default, off).
CREATE TABLE debt_reminders (
    chat_id INTEGER PRIMARY KEY REFERENCES chats (chat_id) ON UPDATE CASCADE,
    weekly  INTEGER NOT NULL CHECK (weekly IN (0, 1))
);

-- Awards (bot/awards.py decides them): one row per award a win earned, written with the hand's
-- reply. A row is a fact about its entry, never a total: every read joins the entry and skips
-- one that was reversed, so undoing a hand takes its award back with nothing rewritten.
-- The per-chat "firsts" (本季第一个三财飘) and the month's record are read from these rows by
-- the (chat_id, award, created_at) index: a handful of rows per chat, whatever the ledger's length.
CREATE TABLE awards (
    entry_id   INTEGER NOT NULL REFERENCES entries (id),
    award      TEXT NOT NULL CHECK (length(award) > 0),
    chat_id    INTEGER NOT NULL REFERENCES chats (chat_id) ON UPDATE CASCADE,
    player_id  INTEGER NOT NULL REFERENCES players (id),
    value      INTEGER,
    created_at TEXT NOT NULL,
    PRIMARY KEY (entry_id, award)
);
CREATE INDEX awards_chat_award ON awards (chat_id, award, created_at);
CREATE INDEX awards_chat_player ON awards (chat_id, player_id, created_at);

-- The bot's inline mode offers a person the cards of the chats they play in, found by their
-- Telegram user id.
CREATE INDEX players_user ON players (user_id) WHERE user_id IS NOT NULL;

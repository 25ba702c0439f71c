-- How often each chat names each pattern word in a win (爆头, 七对, 财飘 …), so the button
-- flow offers the chat's usual patterns first. A hint for ordering buttons, not history:
-- counted after a win is written (typed or tapped), never read back as money; a row per chat
-- and word, so reading a chat's counts costs the same however long its ledger grows.
CREATE TABLE pattern_uses (
    chat_id INTEGER NOT NULL REFERENCES chats (chat_id) ON UPDATE CASCADE,
    word    TEXT NOT NULL CHECK (length(word) BETWEEN 1 AND 16),
    uses    INTEGER NOT NULL CHECK (uses >= 0),
    PRIMARY KEY (chat_id, word)
) WITHOUT ROWID;

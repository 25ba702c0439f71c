-- Two guards of issue 27.
--
-- entry_origins: which entry of which file each imported entry was, so the same file (or a
-- file overlapping one) is imported into a chat once. ``digest`` is the SHA-256 of the
-- entry's row as the file wrote it (its id in the writing ledger included) and of its
-- postings' rows (storage/exchange.py, docs/ledger-csv.md): the entry's identity, not the
-- file's name. Append-only like the entries it names.
CREATE TABLE entry_origins (
    chat_id  INTEGER NOT NULL REFERENCES chats (chat_id) ON UPDATE CASCADE,
    digest   BLOB NOT NULL,
    entry_id INTEGER NOT NULL REFERENCES entries (id),
    PRIMARY KEY (chat_id, digest)
) WITHOUT ROWID;

CREATE TRIGGER entry_origins_no_update BEFORE UPDATE ON entry_origins
BEGIN
    SELECT RAISE(ABORT, 'entry_origins are append-only');
END;

CREATE TRIGGER entry_origins_no_delete BEFORE DELETE ON entry_origins
BEGIN
    SELECT RAISE(ABORT, 'entry_origins are append-only');
END;

-- The money bound (storage/bounds.py, docs/money.md): no posting is worth more than
-- MAX_ENTRY_MONEY (10^10, in 1/100 fen: a million 元) at its session's standing stake, and
-- no posting moves more than MAX_POSTING_POINTS (10^10) points, so every kept sum stays a
-- 64-bit integer. The commands refuse by name before this (ledger.money.record); the
-- trigger holds every other path: a hand at a high stake, a stake undone (the one before it
-- prices the session again), an import. Checked after the entry is in, so a stake or a
-- stake's reversal sees the standing stake it leaves.
CREATE TRIGGER entries_money_bound AFTER INSERT ON entries
BEGIN
    SELECT RAISE(ABORT, 'money of one posting past its bound')
    FROM postings AS p
    WHERE p.entry_id = NEW.id AND abs(p.delta) > 10000000000;

    SELECT RAISE(ABORT, 'money of one posting past its bound')
    FROM (SELECT x.stake FROM stake_entries AS x
          WHERE x.session_id = NEW.session_id
            AND NOT EXISTS (SELECT 1 FROM entries AS r WHERE r.reverses = x.id)
          ORDER BY x.id DESC LIMIT 1) AS s
    WHERE NEW.session_id IS NOT NULL AND (
        EXISTS (SELECT 1 FROM postings AS p
                WHERE p.entry_id = NEW.id AND abs(p.delta) > 10000000000 / s.stake)
        OR (EXISTS (SELECT 1 FROM stake_entries WHERE id = coalesce(NEW.reverses, NEW.id))
            AND EXISTS (SELECT 1 FROM entries AS e JOIN postings AS p ON p.entry_id = e.id
                        WHERE e.session_id = NEW.session_id
                          AND abs(p.delta) > 10000000000 / s.stake)));
END;

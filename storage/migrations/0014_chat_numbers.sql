-- Numbers of the chat's own (issue 30): sessions, entries and identity events are numbered
-- per chat from 1 (``number``), and everything a user reads or types names them so (第 K 场,
-- #N, P N). The row ids stay the keys every table and every button's callback data use.
--
-- A number is given once, in the statement that inserts its row, as the chat's largest so
-- far plus one, read through the (chat_id, number) index (O(log n)): entries through
-- ``temp.entry_writes`` (storage/database.py), which passes the number the writer computed
-- or computes it so; any other insert without one (sessions, identity events, a tool's raw
-- SQL) gets it from the AFTER INSERT triggers below, in the same statement. A number once
-- given is never changed. Existing rows are numbered per chat in row-id order.

ALTER TABLE sessions ADD COLUMN number INTEGER CHECK (number IS NULL OR number >= 1);
ALTER TABLE entries ADD COLUMN number INTEGER CHECK (number IS NULL OR number >= 1);
ALTER TABLE identity_events ADD COLUMN number INTEGER CHECK (number IS NULL OR number >= 1);

-- entries_no_update lists its columns (number is not among them), so the backfill passes
-- it; identity_events_no_update likewise.
UPDATE sessions SET number = n.number
FROM (SELECT id, row_number() OVER (PARTITION BY chat_id ORDER BY id) AS number FROM sessions) AS n
WHERE n.id = sessions.id;
UPDATE entries SET number = n.number
FROM (SELECT id, row_number() OVER (PARTITION BY chat_id ORDER BY id) AS number FROM entries) AS n
WHERE n.id = entries.id;
UPDATE identity_events SET number = n.number
FROM (SELECT id, row_number() OVER (PARTITION BY chat_id ORDER BY id) AS number
      FROM identity_events) AS n
WHERE n.id = identity_events.id;

CREATE UNIQUE INDEX sessions_number ON sessions (chat_id, number);
CREATE UNIQUE INDEX entries_number ON entries (chat_id, number);
CREATE UNIQUE INDEX identity_events_number ON identity_events (chat_id, number);

CREATE TRIGGER sessions_numbered AFTER INSERT ON sessions WHEN NEW.number IS NULL
BEGIN
    UPDATE sessions SET number = (SELECT coalesce(max(number), 0) + 1 FROM sessions
                                  WHERE chat_id = NEW.chat_id)
    WHERE id = NEW.id;
END;

CREATE TRIGGER entries_numbered AFTER INSERT ON entries WHEN NEW.number IS NULL
BEGIN
    UPDATE entries SET number = (SELECT coalesce(max(number), 0) + 1 FROM entries
                                 WHERE chat_id = NEW.chat_id)
    WHERE id = NEW.id;
END;

CREATE TRIGGER identity_events_numbered AFTER INSERT ON identity_events WHEN NEW.number IS NULL
BEGIN
    UPDATE identity_events SET number = (SELECT coalesce(max(number), 0) + 1
                                         FROM identity_events WHERE chat_id = NEW.chat_id)
    WHERE id = NEW.id;
END;

CREATE TRIGGER sessions_number_kept BEFORE UPDATE OF number ON sessions
WHEN OLD.number IS NOT NULL
BEGIN
    SELECT RAISE(ABORT, 'ledger: a session keeps its number');
END;

CREATE TRIGGER entries_number_kept BEFORE UPDATE OF number ON entries
WHEN OLD.number IS NOT NULL
BEGIN
    SELECT RAISE(ABORT, 'ledger: entries are append-only');
END;

CREATE TRIGGER identity_events_number_kept BEFORE UPDATE OF number ON identity_events
WHEN OLD.number IS NOT NULL
BEGIN
    SELECT RAISE(ABORT, 'ledger: identity events are append-only');
END;

-- The last row ids written before numbers existed: a number typed now means the chat's own,
-- and only when the chat has none such does a row id at most these name the old message's
-- row (messages before this migration showed row ids; docs/developing.md).
CREATE TABLE numbered_since (
    last_session_id INTEGER NOT NULL,
    last_entry_id   INTEGER NOT NULL,
    last_event_id   INTEGER NOT NULL
);
INSERT INTO numbered_since
SELECT (SELECT coalesce(max(id), 0) FROM sessions), (SELECT coalesce(max(id), 0) FROM entries),
       (SELECT coalesce(max(id), 0) FROM identity_events);

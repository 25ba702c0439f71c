-- One person, one record: identity events, append-only like the entries.
--
-- identity_events: what was said about who is who, in order, never updated or deleted:
--   'link'    player_id's record is person_id's person from now on (how: 'join' a member took
--             a seated guest of their name, 'iam' a member claimed a guest, 'merge' an admin
--             joined two records);
--   'rename'  a guest's name went from old_name to new_name;
--   'undo'    the event ``undoes`` no longer holds (a link is cut, a rename taken back).
-- A link that seated the person in the record's place keeps that seat (session_id, seat), so
-- its undo can give the seat back.
-- person_links: the links that hold now, one row per linked record (derived data kept by the
--   trigger below, like the totals of 0004): readers fold player ids through it at read
--   time (storage/people.py); the entries and postings keep the ids they were written with.

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
CREATE INDEX identity_events_chat ON identity_events (chat_id, id);
CREATE INDEX identity_events_created ON identity_events (chat_id, created_at);
CREATE UNIQUE INDEX identity_events_update ON identity_events (chat_id, update_id)
    WHERE update_id IS NOT NULL;

CREATE TABLE person_links (
    player_id INTEGER PRIMARY KEY REFERENCES players (id),
    chat_id   INTEGER NOT NULL REFERENCES chats (chat_id) ON UPDATE CASCADE,
    person_id INTEGER NOT NULL REFERENCES players (id),
    event_id  INTEGER NOT NULL REFERENCES identity_events (id)
);
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

-- Seasons, and the totals' months in the group's time (China Standard Time, UTC+8).
--
-- seasons: a chat's named seasons (/season 秋季赛). One is open at a time (ended_at NULL);
--   a new season ends the open one, /season 结束 ends it alone. A season is the window
--   [started_at, ended_at) of the ledger's entries: nothing of the ledger moves when one
--   starts or ends, so it is not ledger history; a season's name is taken once per chat.
--   A row changes only by its ending (ended_at and ended_by set once) and by its chat's
--   new id (a supergroup migration).
--
-- Months: migration 0004 first keyed player_totals by the UTC month of created_at, but the
-- players live in China: a hand at 00:30 Beijing time on 1 December is a December hand for
-- them. This migration replaces the trigger with the one in storage/sql/totals.sql, which
-- takes the month at UTC+8 (China has kept no daylight saving since 1991, so a fixed offset
-- is Asia/Shanghai), and that file's rebuild part recomputes every total with it.

CREATE TABLE seasons (
    id         INTEGER PRIMARY KEY,
    chat_id    INTEGER NOT NULL REFERENCES chats (chat_id) ON UPDATE CASCADE,
    name       TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
    started_at TEXT NOT NULL,
    started_by INTEGER REFERENCES players (id),
    ended_at   TEXT CHECK (ended_at IS NULL OR ended_at >= started_at),
    ended_by   INTEGER REFERENCES players (id)
);
CREATE UNIQUE INDEX seasons_name ON seasons (chat_id, name);
CREATE UNIQUE INDEX seasons_open ON seasons (chat_id) WHERE ended_at IS NULL;

CREATE TRIGGER seasons_end_only BEFORE UPDATE ON seasons
WHEN NEW.id IS NOT OLD.id OR NEW.name IS NOT OLD.name OR NEW.started_at IS NOT OLD.started_at
    OR NEW.started_by IS NOT OLD.started_by
    OR (OLD.ended_at IS NOT NULL
        AND (NEW.ended_at IS NOT OLD.ended_at OR NEW.ended_by IS NOT OLD.ended_by))
BEGIN
    SELECT RAISE(ABORT, 'a season only ends, once');
END;

CREATE TRIGGER seasons_kept BEFORE DELETE ON seasons
BEGIN
    SELECT RAISE(ABORT, 'seasons are kept');
END;

DROP TRIGGER entries_totals;
-- include: totals.sql

-- The durable inbox: every update Telegram hands over is written here before Telegram is
-- told it arrived (the getUpdates offset, or the webhook's 200), and marked done once its
-- handler finished. Updates still undone at start are processed first. The payload is the
-- update's JSON as Telegram sent it; storage does not read it.
CREATE TABLE inbox (
    update_id   INTEGER PRIMARY KEY,
    chat_id     INTEGER,
    payload     TEXT NOT NULL,
    received_at TEXT NOT NULL,
    done_at     TEXT
);
CREATE INDEX inbox_undone ON inbox (update_id) WHERE done_at IS NULL;
CREATE INDEX inbox_done ON inbox (done_at) WHERE done_at IS NOT NULL;

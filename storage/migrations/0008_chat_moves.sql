-- Where each group went when it became a supergroup (old chat id → new), written with the
-- move of its rows (storage.chats.migrate_chat): an update still carrying the old id (a
-- client that has not heard of the move yet, or one replayed at start) is read as the
-- supergroup's.
CREATE TABLE chat_moves (
    old_id   INTEGER PRIMARY KEY,
    new_id   INTEGER NOT NULL,
    moved_at TEXT NOT NULL
);

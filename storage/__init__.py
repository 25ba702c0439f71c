"""The group's ledger on SQLite (aiosqlite): chats, players, sessions, append-only entries."""

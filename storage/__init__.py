"""The group's ledger on SQLite (aiosqlite): chats, players, sessions, append-only entries.

Open one ``Ledger`` at start-up (``await Ledger.open()``), close it at shutdown. Every method
takes the chat id first and never returns another chat's rows; every refusal is a
``StorageError`` with a ``code`` and zh/en messages, and nothing was written.
"""

from .errors import ErrorCode, StorageError
from .inbox import InboxItem
from .ledger import Ledger
from .players import NAME_LIMIT
from .records import (
    SEATS,
    Chat,
    Entry,
    EntryKind,
    HeadToHead,
    HistoryPage,
    Player,
    PlayerStats,
    Postings,
    Recorded,
    Rotation,
    SeatName,
    Session,
    Source,
    Tally,
    TallyRow,
    Transfer,
    WinSpec,
)
from .settle import settle_up

__all__ = [
    "NAME_LIMIT",
    "SEATS",
    "Chat",
    "Entry",
    "EntryKind",
    "ErrorCode",
    "HeadToHead",
    "HistoryPage",
    "InboxItem",
    "Ledger",
    "Player",
    "PlayerStats",
    "Postings",
    "Recorded",
    "Rotation",
    "SeatName",
    "Session",
    "Source",
    "StorageError",
    "Tally",
    "TallyRow",
    "Transfer",
    "WinSpec",
    "settle_up",
]

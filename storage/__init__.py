"""The group's ledger on SQLite (aiosqlite): chats, players, sessions, append-only entries.

Open one ``Ledger`` at start-up (``await Ledger.open()``), close it at shutdown. It is named
stores over one database (one writer behind one lock, readers beside it), each in the module
of its name: ``ledger.chats``, ``players``, ``people``, ``sessions``, ``entries`` (the writes
of hands: ``record_win``, ``reverse`` ...), ``reports`` (``tally``, ``history`` ...),
``stats``, ``trend``, ``totals``, ``money``, ``seasons``, ``inbox``, ``exchange`` (CSV import,
backup, restore), ``export``, ``readable``, ``chat_copy``, ``pattern_uses``;
docs/architecture.md has the map. Every method takes the chat id first and never returns
another chat's rows; every refusal is a ``StorageError`` with a ``code`` and zh/en messages,
and nothing was written.

``python -m storage check|backup|restore FILE`` (``storage/__main__.py``): ``check`` reports
integrity and the ledger's invariants (``storage.check``), ``backup`` copies the live ledger
online, ``restore`` replaces it (with the bot stopped). ``ledger.chat_copy.backup(chat_id,
path)`` writes one chat's rows as a ledger file of its own.

Periods and seasons: ``ledger.stats.players(chat_id, since, until)`` over any window (whole
months from the kept totals, month keys in Beijing time; ``storage.periods``), seasons
(``ledger.seasons.start``, ``end``, ``current``, ``find``, ``all``), ``ledger.trend.balance``
(one person's running balance) and the readable export (``ledger.readable.players``,
``pages``, ``storage.readable.ReadableFile``).

The inbox (``ledger.inbox.store``, ``undone``, ``done``, ``prune``) keeps incoming updates as
opaque JSON until the caller marks them done; ``ledger.reports.entries_by_update`` tells what
one update committed.

Money (``storage.money``, docs/money.md): ``ledger.money.record(chat, session, MoneySpec,
source, author)`` writes a stake, a table fee, a penalty or a payment as an adjustment entry;
``ledger.money.of_session`` reads a session's stake and fen lines (``SessionMoney``), whose
``balances(points)`` are the fen its settle-up pays (``TABLE``: the table fee's account).
One person, one record (``storage/people.py``): ``ledger.people.link_records``,
``rename_guest`` and ``undo_identity`` append identity events; ``People`` folds a chat's
records into people at read time, and ``stats``, ``tally``, ``head_to_head`` and
``running_totals`` list each person once.
"""

from .awards import AwardRow, SessionHand
from .csv_reading import ImportReport
from .errors import ErrorCode, StorageError
from .export import ExportFile, ExportPage
from .inbox import InboxItem
from .ledger import Ledger
from .money import TABLE, MoneySpec, SessionMoney
from .names import NAME_LIMIT, STORED_NAME_LIMIT, NameProblem, NameRule, name_problem
from .people import IdentityChange, IdentityEvent, LinkRequest, People
from .players import NewGuest, NewMember
from .records import (
    SEATS,
    Chat,
    Entry,
    EntryKind,
    HandSeating,
    HeadToHead,
    HistoryPage,
    KongSpec,
    PageKey,
    Player,
    PlayerStats,
    Postings,
    Recorded,
    Rotation,
    RunningTotals,
    SeatName,
    Session,
    SessionTerms,
    Source,
    Tally,
    TallyRow,
    Transfer,
    WinSpec,
)
from .seasons import Season
from .settle import settle_up
from .stats import Board

__all__ = [
    "NAME_LIMIT",
    "SEATS",
    "STORED_NAME_LIMIT",
    "TABLE",
    "AwardRow",
    "Board",
    "Chat",
    "Entry",
    "EntryKind",
    "ErrorCode",
    "ExportFile",
    "ExportPage",
    "HandSeating",
    "HeadToHead",
    "HistoryPage",
    "IdentityChange",
    "IdentityEvent",
    "ImportReport",
    "InboxItem",
    "KongSpec",
    "Ledger",
    "LinkRequest",
    "MoneySpec",
    "NameProblem",
    "NameRule",
    "NewGuest",
    "NewMember",
    "PageKey",
    "People",
    "Player",
    "PlayerStats",
    "Postings",
    "Recorded",
    "Rotation",
    "RunningTotals",
    "Season",
    "SeatName",
    "Session",
    "SessionHand",
    "SessionMoney",
    "SessionTerms",
    "Source",
    "StorageError",
    "Tally",
    "TallyRow",
    "Transfer",
    "WinSpec",
    "name_problem",
    "settle_up",
]

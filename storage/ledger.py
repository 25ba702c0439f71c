"""The Ledger: the one object the bot holds to read and write the group's history."""

from __future__ import annotations

from pathlib import Path
from types import TracebackType

from .awards import AwardStore
from .chat_copy import ChatCopyStore
from .chats import ChatStore
from .database import Database
from .debts import DebtStore
from .entries import EntryStore
from .exchange import ExchangeStore
from .export import ExportStore
from .inbox import InboxStore
from .money import MoneyStore
from .pattern_uses import PatternUseStore
from .people import PeopleStore
from .players import PlayerStore
from .rating import RatingStore
from .readable import ReadableStore
from .reports import ReportStore
from .seasons import SeasonStore
from .sessions import SessionStore
from .stats import StatsStore
from .totals import TotalsStore
from .trend import TrendStore


class Ledger:
    """One SQLite file as named stores sharing its connections (one writer behind one lock,
    readers beside it): ``ledger.entries.record_win(...)``, ``ledger.people.of_chat(chat)`` ...

    ``async with await Ledger.open(path) as ledger: ...`` or open/close by hand (the bot
    opens it in ``post_init`` and closes it in ``post_shutdown``).
    """

    def __init__(self, database: Database) -> None:
        self.database = database
        self.chats = ChatStore(database)
        self.players = PlayerStore(database)
        self.people = PeopleStore(database)
        self.sessions = SessionStore(database)
        self.entries = EntryStore(database)
        self.reports = ReportStore(database)
        self.stats = StatsStore(database)
        self.trend = TrendStore(database)
        self.totals = TotalsStore(database)
        self.money = MoneyStore(database)
        self.debts = DebtStore(database)
        self.rating = RatingStore(database)
        self.seasons = SeasonStore(database)
        self.inbox = InboxStore(database)
        self.exchange = ExchangeStore(database)
        self.export = ExportStore(database)
        self.readable = ReadableStore(database)
        self.chat_copy = ChatCopyStore(database)
        self.pattern_uses = PatternUseStore(database)
        self.awards = AwardStore(database)

    @classmethod
    async def open(cls, path: str | Path | None = None) -> Ledger:
        """Open (and migrate) the database at ``path``, else $DATABASE_PATH, else ./mahjong.db."""
        return cls(await Database.open(path))

    @property
    def path(self) -> str:
        """The database file this ledger reads and writes."""
        return self.database.path

    async def close(self) -> None:
        """Close every connection and stop their threads (safe to call twice)."""
        await self.database.close()

    async def __aenter__(self) -> Ledger:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

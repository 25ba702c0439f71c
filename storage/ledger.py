"""The Ledger: the one object the bot holds to read and write the group's history."""

from __future__ import annotations

from pathlib import Path
from types import TracebackType

from .chat_copy import ChatCopyStore
from .chats import ChatStore
from .entries import EntryStore
from .exchange import ExchangeStore
from .export import ExportStore
from .inbox import InboxStore
from .money_store import MoneyStore
from .pattern_uses import PatternUseStore
from .people import PeopleStore
from .players import PlayerStore
from .readable import ReadableStore
from .reports import ReportStore
from .seasons import SeasonStore
from .sessions import SessionStore
from .stats import StatsStore
from .totals import TotalsStore
from .trend import TrendStore


class Ledger(
    ChatStore,
    PlayerStore,
    PeopleStore,
    SessionStore,
    EntryStore,
    ReportStore,
    StatsStore,
    TotalsStore,
    ExchangeStore,
    ExportStore,
    ChatCopyStore,
    InboxStore,
    SeasonStore,
    TrendStore,
    ReadableStore,
    MoneyStore,
    PatternUseStore,
):
    """Async facade over one SQLite file: one writer connection (one lock), readers beside it.

    ``async with await Ledger.open(path) as ledger: ...`` or open/close by hand (the bot
    opens it in ``post_init`` and closes it in ``post_shutdown``).
    """

    @classmethod
    async def open(cls, path: str | Path | None = None) -> Ledger:
        """Open (and migrate) the database at ``path``, else $DATABASE_PATH, else ./mahjong.db."""
        resolved, writer, readers = await cls._open_connections(path)
        return cls(resolved, writer, readers)

    async def __aenter__(self) -> Ledger:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

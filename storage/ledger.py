"""The Ledger: the one object the bot holds to read and write the group's history."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from types import TracebackType

from .records import (
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
    WinSpec,
)


class Ledger:
    """Async facade over one SQLite file: one writer connection (one lock), readers beside it."""

    @classmethod
    async def open(cls, path: str | Path | None = None) -> Ledger:
        """Open (and migrate) the database at ``path``, else $DATABASE_PATH, else ./mahjong.db."""
        raise NotImplementedError

    async def close(self) -> None:
        """Close every connection and stop their threads (safe to call twice)."""
        raise NotImplementedError

    async def __aenter__(self) -> Ledger:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    # chats
    async def ensure_chat(self, chat_id: int, lang: str | None = None) -> Chat:
        """The chat's row, created on first sight (``lang`` only sets a new chat's language)."""
        raise NotImplementedError

    async def get_chat(self, chat_id: int) -> Chat | None:
        """The chat's row, or None when the chat was never seen."""
        raise NotImplementedError

    async def set_chat_lang(self, chat_id: int, lang: str) -> Chat:
        """Set the chat's reply language ('zh' or 'en')."""
        raise NotImplementedError

    async def set_chat_defaults(self, chat_id: int, ruleset: str, base: int) -> Chat:
        """Set the chat's default ruleset id and 底分 for new sessions."""
        raise NotImplementedError

    async def migrate_chat(self, old_id: int, new_id: int) -> Chat:
        """Move every row of ``old_id`` to ``new_id`` (group → supergroup migration)."""
        raise NotImplementedError

    # players
    async def upsert_user(
        self, chat_id: int, user_id: int, display_name: str, username: str | None = None
    ) -> Player:
        """The Telegram user's player in this chat, created or renamed to ``display_name``."""
        raise NotImplementedError

    async def add_guest(self, chat_id: int, name: str) -> Player:
        """A named guest without a Telegram account (names are unique per chat)."""
        raise NotImplementedError

    async def find_player(self, chat_id: int, text: str) -> Player | None:
        """A player of this chat by name, @username, or numeric Telegram user id."""
        raise NotImplementedError

    async def get_player(self, chat_id: int, player_id: int) -> Player:
        """A player of this chat by id (StorageError UNKNOWN_PLAYER otherwise)."""
        raise NotImplementedError

    async def list_players(self, chat_id: int) -> list[Player]:
        """Every player of this chat, by name."""
        raise NotImplementedError

    # sessions
    async def open_session(
        self,
        chat_id: int,
        ruleset: str,
        base: int,
        seats: tuple[int | None, int | None, int | None, int | None],
        creator: int | None,
        rotation: Rotation,
        room: str | None = None,
        dealer: SeatName = "E",
    ) -> Session:
        """Open the chat's one session; seats are player ids 东南西北 (None until /join)."""
        raise NotImplementedError

    async def current_session(self, chat_id: int) -> Session | None:
        """The chat's open session, or None."""
        raise NotImplementedError

    async def get_session(self, chat_id: int, session_id: int) -> Session:
        """A session of this chat by id, open or closed."""
        raise NotImplementedError

    async def list_sessions(self, chat_id: int) -> list[Session]:
        """Every session of this chat, newest first."""
        raise NotImplementedError

    async def join_seat(
        self, chat_id: int, player_id: int, seat: SeatName | None = None
    ) -> Session:
        """Seat a player in the open session: at ``seat``, or the first empty one."""
        raise NotImplementedError

    async def set_seat(self, chat_id: int, seat: SeatName, player_id: int | None) -> Session:
        """Put a player at (or, with None, clear) a seat of the open session."""
        raise NotImplementedError

    async def set_session_state(
        self,
        chat_id: int,
        dealer: SeatName | None = None,
        round_wind: SeatName | None = None,
        hand_number: int | None = None,
    ) -> Session:
        """Correct the open session's dealer, round wind or hand number by hand."""
        raise NotImplementedError

    async def close_session(self, chat_id: int) -> Session:
        """Close the chat's open session."""
        raise NotImplementedError

    # entries (append-only)
    async def record_win(
        self,
        chat_id: int,
        session_id: int,
        winner: int,
        postings: Postings,
        hand_line: str | None,
        result_json: str | None,
        source: Source | None,
        author: int | None,
        self_draw: bool = False,
        discarder: int | None = None,
        value: int | None = None,
    ) -> Recorded:
        """Record one win and advance the dealer; a replayed source returns the first record."""
        raise NotImplementedError

    async def record_wins(
        self,
        chat_id: int,
        session_id: int,
        wins: list[WinSpec],
        source: Source | None,
        author: int | None,
    ) -> Recorded:
        """Record several wins of one hand (一炮多响) atomically, sharing one source."""
        raise NotImplementedError

    async def record_kong(
        self,
        chat_id: int,
        session_id: int,
        owner: int,
        postings: Postings,
        source: Source | None,
        author: int | None,
        note: str | None = None,
        result_json: str | None = None,
    ) -> Recorded:
        """Record a kong payment (settled at once; the dealer does not move)."""
        raise NotImplementedError

    async def record_draw(
        self,
        chat_id: int,
        session_id: int,
        source: Source | None,
        author: int | None,
        postings: Postings | None = None,
        note: str | None = None,
    ) -> Recorded:
        """Record a 流局 (drawn hand) and advance the dealer by the session's rotation."""
        raise NotImplementedError

    async def record_adjustment(
        self,
        chat_id: int,
        postings: Postings,
        source: Source | None,
        author: int | None,
        note: str | None = None,
        session_id: int | None = None,
    ) -> Recorded:
        """Record a manual adjustment (in a session or at chat level)."""
        raise NotImplementedError

    async def reverse(
        self,
        chat_id: int,
        entry_id: int | None = None,
        *,
        author: int | None,
        source: Source | None,
        session_id: int | None = None,
    ) -> Recorded:
        """Reverse an entry (default: the open session's last unreversed entry); once only."""
        raise NotImplementedError

    async def edit_win(
        self,
        chat_id: int,
        entry_id: int,
        win: WinSpec,
        *,
        author: int | None,
        source: Source | None,
    ) -> Recorded:
        """Replace a win: its reversal plus a new win, in one transaction."""
        raise NotImplementedError

    # reads
    async def entry(self, chat_id: int, entry_id: int) -> Entry:
        """One entry of this chat with its postings and breakdown."""
        raise NotImplementedError

    async def last_entry(self, chat_id: int, session_id: int) -> Entry | None:
        """The session's newest entry that is neither reversed nor a reversal."""
        raise NotImplementedError

    async def tally(self, chat_id: int, session_id: int | None = None) -> Tally:
        """Balances from postings: of a session, or all-time for the chat."""
        raise NotImplementedError

    async def history(
        self,
        chat_id: int,
        session_id: int | None = None,
        page: int = 1,
        page_size: int = 10,
        kinds: tuple[EntryKind, ...] | None = None,
    ) -> HistoryPage:
        """Entries newest first, one page at a time, each with postings and breakdown."""
        raise NotImplementedError

    async def stats(
        self, chat_id: int, since: datetime | None = None, until: datetime | None = None
    ) -> list[PlayerStats]:
        """Per-player statistics over [since, until) (a season), best net first."""
        raise NotImplementedError

    async def head_to_head(self, chat_id: int, a: int, b: int) -> HeadToHead:
        """Two players compared over the hands they sat in together."""
        raise NotImplementedError

    # transfer
    async def export_csv(self, chat_id: int, session_id: int | None = None) -> str:
        """The chat's (or one session's) players, sessions, entries and postings as CSV."""
        raise NotImplementedError

    async def import_csv(self, chat_id: int, text: str) -> int:
        """Import an ``export_csv`` text into this chat atomically; returns the entries added."""
        raise NotImplementedError

    async def backup(self, path: str | Path) -> None:
        """Copy the whole database to ``path`` with SQLite's online backup API."""
        raise NotImplementedError

    async def restore(self, path: str | Path) -> None:
        """Replace the whole database with a backup made by ``backup``."""
        raise NotImplementedError

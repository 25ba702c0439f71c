"""The readable export: one row per hand, a column per player, for Excel or WPS.

Beside the full ledger CSV (``storage.export``, which imports back) this is the table a
group keeps in a spreadsheet: time (Beijing), session, hand, what happened, and each player's
points in that hand; undone entries and their reversals are left out, so a column's sum is
the player's net over the window, written in a last 合计 row. It streams like the ledger
export: the window's players first (a read bounded by the window), then its entries a page
at a time by key on the ``(chat_id, created_at)`` index; the writer holds one hand at a time.
"""

from __future__ import annotations

import csv
import re
from collections.abc import AsyncIterator, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Final

import aiosqlite

from .database import Store
from .people import read_people
from .periods import local
from .rows import POSTINGS_COLUMN, fetch_all, fetch_one, parse_time, postings_from, time_text

READABLE_PAGE: Final = 500
_HEADERS: Final = {
    "zh": ("时间（北京）", "场", "局", "类型", "胡牌", "点炮", "牌 / 说明", "记录号"),
    "en": (
        "time (Beijing)", "session", "hand", "kind", "winner", "dealt in", "hand / note", "entries",
    ),
}  # fmt: skip
_KINDS: Final = {
    "zh": {"win": "胡", "kong": "杠", "draw": "流局", "adjustment": "调整"},
    "en": {"win": "win", "kong": "kong", "draw": "draw", "adjustment": "adjustment"},
}
_TOTAL: Final = {"zh": "合计", "en": "total"}
_WIND_WORD: Final = re.compile(r"[座圈][ESWN]")
# A stored line always writes a win on a discard 点炮X; a table may call it otherwise (放冲).
_STORED_DISCARD: Final = re.compile(r"点炮([ESWN])")
_ENTRY_COLUMNS: Final = (
    "e.id, e.number, e.kind, e.created_at, e.session_id, e.hand_number, e.winner, e.discarder, "
    f"e.hand_line, e.note, {POSTINGS_COLUMN}, "
    "(SELECT s.ruleset FROM sessions AS s WHERE s.id = e.session_id) AS ruleset"
)
_STANDING: Final = (
    "e.kind <> 'reversal' AND NOT EXISTS (SELECT 1 FROM entries AS r WHERE r.reverses = e.id)"
)


@dataclass(frozen=True)
class Columns:
    """The table's player columns (a person's root record id and the column's name) and the
    person each record that moved points belongs to."""

    people: list[tuple[int, str]]
    person: dict[int, int]


@dataclass(frozen=True)
class Window:
    """[since, until) of entries' times, either open."""

    since: datetime | None = None
    until: datetime | None = None

    def sql(self) -> tuple[str, list[Any]]:
        where, params = "", []
        if self.since is not None:
            where += " AND e.created_at >= ?"
            params.append(time_text(self.since))
        if self.until is not None:
            where += " AND e.created_at < ?"
            params.append(time_text(self.until))
        return where, params


class ReadableStore(Store):
    async def players(self, chat_id: int, window: Window) -> Columns:
        """A column per person whose points moved in the window (their records folded into
        one, ``storage.people``), by id; two people of one name are told apart by their ids."""
        where, params = window.sql()
        async with self._read() as conn:
            moved = await fetch_all(
                conn,
                "SELECT DISTINCT p.player_id FROM entries AS e "
                f"JOIN postings AS p ON p.entry_id = e.id WHERE e.chat_id = ?{where} "
                f"AND {_STANDING}",
                [chat_id, *params],
            )
            people = await read_people(conn, chat_id)
            person = {row["player_id"]: people.person(row["player_id"]) for row in moved}
            names = {
                row["id"]: row["name"]
                for row in await fetch_all(
                    conn, "SELECT id, name FROM players WHERE chat_id = ?", [chat_id]
                )
            }
        roots = sorted(set(person.values()))
        shown = [names.get(root, f"#{root}") for root in roots]
        columns = [
            (root, name if shown.count(name) == 1 else f"{name} #{root}")
            for root, name in zip(roots, shown, strict=True)
        ]
        return Columns(columns, person)

    async def pages(
        self, chat_id: int, window: Window, page_size: int = READABLE_PAGE
    ) -> AsyncIterator[list[aiosqlite.Row]]:
        """The window's standing entries in time order, a page per short read, keyed by
        (created_at, id) and stopping at the newest id seen first (one consistent export)."""
        where, params = window.sql()
        async with self._read() as conn:
            newest = await fetch_one(conn, "SELECT coalesce(max(id), 0) FROM entries")
        assert newest is not None
        after: tuple[str, int] = ("", 0)
        while True:
            async with self._read() as conn:
                rows = await fetch_all(
                    conn,
                    f"SELECT {_ENTRY_COLUMNS} FROM entries AS e WHERE e.chat_id = ?{where} "
                    f"AND {_STANDING} AND e.id <= ? AND (e.created_at, e.id) > (?, ?) "
                    "ORDER BY e.created_at, e.id LIMIT ?",
                    [chat_id, *params, int(newest[0]), *after, page_size],
                )
            if not rows:
                return
            yield rows
            after = (rows[-1]["created_at"], rows[-1]["id"])


@dataclass
class _Hand:
    key: tuple[Any, ...]
    first: aiosqlite.Row
    kinds: list[str] = field(default_factory=list)
    winners: list[str] = field(default_factory=list)
    discarders: list[str] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    ids: list[str] = field(default_factory=list)
    points: dict[int, int] = field(default_factory=dict)


class ReadableFile:
    """Writes ``folder/name.csv`` (UTF-8 with a BOM: Excel and WPS read the Chinese): a
    header, a row per hand, a 合计 row. Blocking: run it off the event loop."""

    def __init__(
        self,
        folder: Path,
        name: str,
        columns: Columns,
        lang: str,
        discard_words: Mapping[str, str] | None = None,
    ) -> None:
        """``discard_words``: what each ruleset's players call a win on a discard (放冲 for
        a 湖州 ruleset), by ruleset id; a Chinese table writes it for the stored 点炮."""
        self.path = folder / f"{name}.csv"
        self.lang = "en" if lang == "en" else "zh"
        self.discard_words = dict(discard_words or {}) if self.lang == "zh" else {}
        self.players = columns.people
        self.person = columns.person
        self.names = dict(columns.people)
        self.totals = dict.fromkeys(self.names, 0)
        self._hand: _Hand | None = None
        self._file = self.path.open("w", encoding="utf-8-sig", newline="")
        self._csv = csv.writer(self._file)
        self._csv.writerow([*_HEADERS[self.lang], *(name for _, name in self.players)])

    def write(self, rows: list[aiosqlite.Row]) -> None:
        for row in rows:
            key = (
                (row["session_id"], row["hand_number"])
                if row["session_id"] is not None and row["hand_number"] is not None
                else ("entry", row["id"])
            )
            if self._hand is None or self._hand.key != key:
                self._flush()
                self._hand = _Hand(key, row)
            self._add(self._hand, row)

    def _add(self, hand: _Hand, row: aiosqlite.Row) -> None:
        kind = _KINDS[self.lang].get(row["kind"], row["kind"])
        if kind not in hand.kinds:
            hand.kinds.append(kind)
        if row["winner"] is not None:
            hand.winners.append(self._name(row["winner"]))
        if row["discarder"] is not None:
            name = self._name(row["discarder"])
            if name not in hand.discarders:
                hand.discarders.append(name)
        discard_word = self.discard_words.get(row["ruleset"], "点炮")
        words = [
            _STORED_DISCARD.sub(discard_word + r"\1", w)
            for w in (row["hand_line"] or row["note"] or "").split()
            if not _WIND_WORD.fullmatch(w)
        ]
        if words:
            hand.lines.append(" ".join(words))
        hand.ids.append(f"#{row['number']}")  # the chat's own number, as replies show it
        for player, delta in postings_from(row["postings"]).items():
            person = self.person.get(player, player)
            hand.points[person] = hand.points.get(person, 0) + delta

    def _name(self, player: int) -> str:
        return self.names.get(self.person.get(player, player), f"#{player}")

    def _flush(self) -> None:
        hand, self._hand = self._hand, None
        if hand is None:
            return
        first = hand.first
        at = local(parse_time(first["created_at"])).strftime("%Y-%m-%d %H:%M")
        for player, delta in hand.points.items():
            self.totals[player] = self.totals.get(player, 0) + delta
        self._csv.writerow([
            at,
            first["session_id"] if first["session_id"] is not None else "",
            first["hand_number"] if first["hand_number"] is not None else "",
            "+".join(hand.kinds),
            " ".join(hand.winners),
            " ".join(hand.discarders),
            " / ".join(hand.lines),
            " ".join(hand.ids),
            *(hand.points.get(player, "") for player, _ in self.players),
        ])  # fmt: skip

    def finish(self) -> Path:
        """The last hand, the 合计 row; closes the file and returns its path."""
        self._flush()
        blank = [""] * (len(_HEADERS[self.lang]) - 1)
        self._csv.writerow([_TOTAL[self.lang], *blank, *(self.totals[p] for p, _ in self.players)])
        self._file.close()
        return self.path

    def __enter__(self) -> ReadableFile:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self._file.close()

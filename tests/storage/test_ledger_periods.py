"""Per-period figures (``ledger.stats.players`` over a window) equal a recomputation from
the ledger.

Hands are imported at times on the edges of Beijing months and weeks (23:30 on a month's last
day is that month; 00:30 on the 1st, still the previous day in UTC, is the new one), then
some undone; every window a player can ask for — a week, a month, a year, all time, a season
starting and ending mid-month — must agree with the entries counted in Python.
"""

from __future__ import annotations

import asyncio
import contextlib
import csv
import io
import sqlite3
import tempfile
from collections import defaultdict
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ledger_fixtures import resigned
from test_ledger_properties import CHAT, Op, ops, play
from totals_reference import expected, kept

from rigs.ledger_template import fresh_ledger_file
from storage import Ledger, PlayerStats, StorageError

CHINA = timezone(timedelta(hours=8))
OTHER_CHAT = CHAT + 2
# Beijing times on the edges: the last evening of November, the first night of December (UTC
# still 30 November), a Monday's first minutes, mid-December, the turn of the year.
MOMENTS = tuple(
    datetime.fromisoformat(text)
    for text in (
        "2026-11-30T23:30:00+08:00",
        "2026-12-01T00:30:00+08:00",
        "2026-12-07T00:05:00+08:00",
        "2026-12-15T12:00:00+08:00",
        "2026-12-31T23:59:00+08:00",
        "2027-01-01T00:01:00+08:00",
    )
)
WINDOWS = (
    (None, None),
    (datetime(2026, 11, 1, tzinfo=CHINA), datetime(2026, 12, 1, tzinfo=CHINA)),  # 2026-11
    (datetime(2026, 12, 1, tzinfo=CHINA), datetime(2027, 1, 1, tzinfo=CHINA)),  # 2026-12
    (datetime(2026, 1, 1, tzinfo=CHINA), datetime(2027, 1, 1, tzinfo=CHINA)),  # 2026
    (datetime(2026, 11, 30, tzinfo=CHINA), datetime(2026, 12, 7, tzinfo=CHINA)),  # a week
    (datetime(2026, 12, 7, tzinfo=CHINA), None),  # this week, asked on 7 December
    (datetime(2026, 11, 20, 9, tzinfo=CHINA), datetime(2026, 12, 20, 9, tzinfo=CHINA)),  # season
    (datetime(2026, 12, 1, 0, 10, tzinfo=CHINA), None),  # a season still running
    # a long season cut inside its first and last months (/trend draws it month by month)
    (datetime(2026, 10, 15, 9, tzinfo=CHINA), datetime(2027, 1, 1, 0, 1, 20, tzinfo=CHINA)),
)


def dated(text: str, slots: list[int]) -> str:
    """The export with each hand's entries (else each entry) at one of ``MOMENTS``, a
    minute apart within it, as a hand's entries are recorded together."""
    rows = list(csv.DictReader(io.StringIO(text)))
    out = io.StringIO()
    writer = csv.DictWriter(out, list(rows[0]), lineterminator="\n")
    writer.writeheader()
    entry = 0
    for row in rows:
        if row["record"] == "entry":
            n = int(row["hand_number"] or entry)
            moment = MOMENTS[slots[n % len(slots)] % len(MOMENTS)]
            row["created_at"] = (moment + timedelta(seconds=entry % 50)).isoformat()
            entry += 1
        writer.writerow(row)
    return out.getvalue()


def counted(
    path: Path, chat: int, since: datetime | None, until: datetime | None
) -> dict[int, Any]:
    """Each player's figures over the window, counted from the raw rows in Python."""
    with sqlite3.connect(path) as db:
        db.row_factory = sqlite3.Row
        entries = db.execute(
            "SELECT * FROM entries WHERE chat_id = ? ORDER BY id", [chat]
        ).fetchall()
        postings: dict[int, dict[int, int]] = defaultdict(dict)
        for entry_id, player, delta in db.execute("SELECT * FROM postings"):
            postings[entry_id][player] = delta

    def inside(entry: sqlite3.Row) -> bool:
        at = datetime.fromisoformat(entry["created_at"])
        return (since is None or at >= since) and (until is None or at < until)

    window = [e for e in entries if inside(e)]
    undone = {e["reverses"] for e in entries if e["reverses"] is not None}
    standing = [e for e in window if e["kind"] in ("win", "draw") and e["id"] not in undone]
    found: dict[int, dict[str, Any]] = defaultdict(lambda: defaultdict(int))
    for entry in window:
        for player, delta in postings[entry["id"]].items():
            found[player]["net"] += delta
    hands, dealt = _hands_and_deal_ins(standing)
    for entry in (e for e in standing if e["kind"] == "win"):
        winner = entry["winner"]
        found[winner]["wins"] += 1
        found[winner]["self_draws"] += entry["self_draw"] or 0
        won = postings[entry["id"]].get(winner, 0)
        best = found[winner].get("best")
        if best is None or won > best[0]:
            found[winner]["best"] = (won, entry["id"])
    for player, seen in hands.items():
        found[player]["hands"] = len(seen)
    for player, seen in dealt.items():
        found[player]["dealt_in"] = len(seen)
    return {
        player: (
            f["hands"], f["wins"], f["self_draws"], f["dealt_in"], f["net"],
            f.get("best", (0, None)),
        )
        for player, f in found.items()
        if any((f["hands"], f["wins"], f["net"], f.get("best")))
    }  # fmt: skip


def _hands_and_deal_ins(
    standing: list[sqlite3.Row],
) -> tuple[dict[int, set[tuple[int, int]]], dict[int, set[tuple[int, int]]]]:
    """The hands each player sat in and dealt in (a 一炮多响 is one hand)."""
    hands: dict[int, set[tuple[int, int]]] = defaultdict(set)
    dealt: dict[int, set[tuple[int, int]]] = defaultdict(set)
    for entry in standing:
        hand = (entry["session_id"], entry["hand_number"])
        if None in hand:
            continue
        for seat in ("seat_e", "seat_s", "seat_w", "seat_n"):
            if entry[seat] is not None:
                hands[entry[seat]].add(hand)
        if entry["kind"] == "win" and entry["discarder"] is not None:
            dealt[entry["discarder"]].add(hand)
    return hands, dealt


def figures(rows: list[PlayerStats]) -> dict[int, Any]:
    return {
        s.player.id: (
            s.hands,
            s.wins,
            s.self_draws,
            s.dealt_in,
            s.net,
            (s.biggest_win, s.biggest_win_entry),
        )
        for s in rows
        if s.hands or s.wins or s.net or s.biggest_win_entry is not None
    }


async def periods_agree(sequence: list[Op], slots: list[int], undo: list[int], path: Path) -> None:
    async with await Ledger.open(fresh_ledger_file(path)) as ledger:
        await play(ledger, sequence)
        await ledger.exchange.import_csv(
            OTHER_CHAT, resigned(dated(await ledger.export.csv(CHAT), slots or [0]))
        )
        imported = (await ledger.reports.history(OTHER_CHAT, page_size=500)).entries
        for pick in undo:
            if imported:
                with contextlib.suppress(StorageError):  # refused: nothing written
                    await ledger.entries.reverse(
                        OTHER_CHAT, imported[pick % len(imported)].id, author=None, source=None
                    )
        assert kept(path) == expected(path)
        for since, until in WINDOWS:
            found = figures(await ledger.stats.players(OTHER_CHAT, since, until))
            assert found == counted(path, OTHER_CHAT, since, until), (since, until)
            for player, row in found.items():  # /trend ends at the window's net
                trend = await ledger.trend.balance(OTHER_CHAT, [player], since, until)
                assert (trend.balances or (0,))[-1] == row[4], (player, since, until)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ops, st.lists(st.integers(0, 5), max_size=8), st.lists(st.integers(0, 50), max_size=5))
def test_every_period_agrees_with_the_ledger(
    sequence: list[Op], slots: list[int], undo: list[int]
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(periods_agree(sequence, slots, undo, Path(folder) / "l.db"))


async def test_a_hand_after_midnight_in_beijing_is_the_new_months(tmp_path: Path) -> None:
    """00:30 on 1 December in Beijing is 16:30 on 30 November in UTC: a December hand."""
    path = tmp_path / "l.db"
    async with await Ledger.open(path) as ledger:
        await play(ledger, [])
        text = "record,id,session,kind,created_at,player,delta,name\n"
        text += "player,1,,,,,,甲\nplayer,2,,,,,,乙\n"
        text += "entry,1,,adjustment,2026-11-30T16:30:00+00:00,,,\n"
        text += "posting,1,,,,1,5,\nposting,1,,,,2,-5,\n"
        await ledger.exchange.import_csv(OTHER_CHAT, resigned(_full_columns(text)))
        december = await ledger.stats.players(
            OTHER_CHAT, datetime(2026, 12, 1, tzinfo=CHINA), datetime(2027, 1, 1, tzinfo=CHINA)
        )
        november = await ledger.stats.players(
            OTHER_CHAT, datetime(2026, 11, 1, tzinfo=CHINA), datetime(2026, 12, 1, tzinfo=CHINA)
        )
    assert {s.player.name: s.net for s in december} == {"甲": 5, "乙": -5}
    assert {s.player.name: s.net for s in november} == {"甲": 0, "乙": 0}
    with sqlite3.connect(path) as db:
        periods = {row[0] for row in db.execute("SELECT period FROM player_totals")}
    assert periods == {"all", "2026-12"}


def _full_columns(text: str) -> str:
    from storage.export import COLUMNS

    rows = list(csv.DictReader(io.StringIO(text)))
    out = io.StringIO()
    writer = csv.DictWriter(out, COLUMNS, lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({key: value for key, value in row.items() if value})
    return out.getvalue()

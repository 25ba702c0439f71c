"""The totals of migration 0004 recomputed in Python from the raw entries and postings.

Independent of the schema's SQL: the trigger and the rebuild must both equal this. Rows whose
every count is 0 (a reversed win leaves its winner's row at 0) are left out of both sides.
"""

from __future__ import annotations

import sqlite3
from collections import defaultdict
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

Rows = dict[str, set[tuple[Any, ...]]]
CHINA = timezone(timedelta(hours=8))

PLAYER_FIELDS = ("hands", "wins", "self_draws", "dealt_in", "points", "moves")
PAIR_FIELDS = ("hands", "wins", "dealt_in", "won_from", "net")


def kept(path: Path) -> Rows:
    """What the database holds, without the rows of nothing."""
    with sqlite3.connect(path) as db:
        players = db.execute(
            "SELECT chat_id, player_id, period, hands, wins, self_draws, dealt_in, points, moves, "
            "biggest_win, biggest_entry FROM player_totals"
        ).fetchall()
        pairs = db.execute(
            "SELECT chat_id, player_id, other_id, hands, wins, dealt_in, won_from, net "
            "FROM pair_totals"
        ).fetchall()
        counts = db.execute(
            "SELECT chat_id, session_id, kind, entries FROM entry_counts"
        ).fetchall()
    return {
        "players": {row for row in players if any(row[3:9]) or row[10] is not None},
        "pairs": {row for row in pairs if any(row[3:])},
        "counts": {row for row in counts if row[3]},
    }


def expected(path: Path) -> Rows:
    """The same rows, counted from the ledger in Python."""
    with sqlite3.connect(path) as db:
        db.row_factory = sqlite3.Row
        entries = db.execute(
            "SELECT e.*, s.ruleset AS session_ruleset FROM entries AS e "
            "LEFT JOIN sessions AS s ON s.id = e.session_id ORDER BY e.id"
        ).fetchall()
        postings: dict[int, dict[int, int]] = defaultdict(dict)
        for entry_id, player, delta in db.execute("SELECT * FROM postings"):
            postings[entry_id][player] = delta
    reversed_ids = {e["reverses"] for e in entries if e["reverses"] is not None}
    standing = [e for e in entries if e["kind"] != "reversal" and e["id"] not in reversed_ids]
    return {
        "players": _players(entries, standing, postings),
        "pairs": _pairs(standing, postings),
        "counts": _counts(entries),
    }


def _hand(entry: sqlite3.Row) -> tuple[int, int] | None:
    if entry["session_id"] is None or entry["hand_number"] is None:
        return None
    return entry["session_id"], entry["hand_number"]


def _seats(entry: sqlite3.Row) -> set[int]:
    return {entry[c] for c in ("seat_e", "seat_s", "seat_w", "seat_n")} - {None}


def _periods(entry: sqlite3.Row) -> tuple[str, ...]:
    """All-time, and the month in the players' time (UTC+8, China Standard Time); the same
    for the ruleset of the entry's session, when it has one (migration 0011)."""
    local = datetime.fromisoformat(entry["created_at"]).astimezone(CHINA)
    month = f"{local.year:04d}-{local.month:02d}"
    ruleset = entry["session_ruleset"]
    if ruleset is None:
        return "all", month
    return "all", month, f"~{ruleset}|all", f"~{ruleset}|{month}"


def _players(
    entries: list[sqlite3.Row],
    standing: list[sqlite3.Row],
    postings: dict[int, dict[int, int]],
) -> set[tuple[Any, ...]]:
    tally = _PlayerTally()
    for entry in entries:
        tally.add_postings(entry, postings[entry["id"]])
    for entry in standing:
        if entry["kind"] in ("win", "draw"):
            tally.add_hand(entry, postings[entry["id"]])
    return tally.rows()


class _PlayerTally:
    """Each (player, period)'s counts, hands, hands dealt into and biggest win so far."""

    def __init__(self) -> None:
        self.chat_of: dict[int, int] = {}
        self.hands: dict[tuple[int, str], set[tuple[int, int]]] = defaultdict(set)
        self.dealt: dict[tuple[int, str], set[tuple[int, int]]] = defaultdict(set)
        self.counts: dict[tuple[int, str], dict[str, int]] = defaultdict(
            lambda: dict.fromkeys(PLAYER_FIELDS, 0)
        )
        self.biggest: dict[tuple[int, str], tuple[int, int]] = {}

    def add_postings(self, entry: sqlite3.Row, paid: dict[int, int]) -> None:
        for player, delta in paid.items():
            self.chat_of[player] = entry["chat_id"]
            for period in _periods(entry):
                self.counts[player, period]["points"] += delta
                self.counts[player, period]["moves"] += 1

    def add_hand(self, entry: sqlite3.Row, paid: dict[int, int]) -> None:
        hand = _hand(entry)
        for period in _periods(entry):
            for player in _seats(entry):
                self.chat_of[player] = entry["chat_id"]
                if hand is not None:
                    self.hands[player, period].add(hand)
            if entry["kind"] == "win":
                self._add_win(entry, hand, period, paid.get(entry["winner"]))

    def _add_win(
        self, entry: sqlite3.Row, hand: tuple[int, int] | None, period: str, delta: int | None
    ) -> None:
        winner = entry["winner"]
        self.chat_of[winner] = entry["chat_id"]
        self.counts[winner, period]["wins"] += 1
        self.counts[winner, period]["self_draws"] += entry["self_draw"] or 0
        if entry["discarder"] is not None and hand is not None:
            self.chat_of[entry["discarder"]] = entry["chat_id"]
            self.dealt[entry["discarder"], period].add(hand)
        if delta is not None:
            best = self.biggest.get((winner, period))
            if best is None or (delta, -entry["id"]) > (best[0], -best[1]):
                self.biggest[winner, period] = (delta, entry["id"])

    def rows(self) -> set[tuple[Any, ...]]:
        keys = set(self.counts) | set(self.hands) | set(self.dealt) | set(self.biggest)
        rows = set()
        for player, period in keys:
            of = self.counts[player, period]
            of["hands"] = len(self.hands.get((player, period), ()))
            of["dealt_in"] = len(self.dealt.get((player, period), ()))
            big = self.biggest.get((player, period), (0, None))
            row = (self.chat_of[player], player, period, *(of[f] for f in PLAYER_FIELDS), *big)
            if any(row[3:9]) or row[10] is not None:
                rows.add(row)
        return rows


def _pairs(
    standing: list[sqlite3.Row], postings: dict[int, dict[int, int]]
) -> set[tuple[Any, ...]]:
    hands: dict[tuple[int, int], set[tuple[int, int]]] = defaultdict(set)
    counts: dict[tuple[int, int], dict[str, int]] = defaultdict(
        lambda: dict.fromkeys(PAIR_FIELDS, 0)
    )
    chat_of: dict[tuple[int, int], int] = {}
    for entry in standing:
        seats = _seats(entry)
        paid = postings[entry["id"]]
        for a in seats:
            for b in seats - {a}:
                chat_of[a, b] = entry["chat_id"]
                of = counts[a, b]
                hand = _hand(entry)
                if entry["kind"] in ("win", "draw") and hand is not None:
                    hands[a, b].add(hand)
                if entry["kind"] == "win":
                    of["wins"] += entry["winner"] == a
                    of["dealt_in"] += entry["winner"] == b and entry["discarder"] == a
                    if entry["winner"] == a:
                        of["won_from"] -= paid.get(b, 0)
                of["net"] += paid.get(a, 0)
    rows = set()
    for (a, b), of in counts.items():
        of["hands"] = len(hands.get((a, b), ()))
        row = (chat_of[a, b], a, b, *(of[f] for f in PAIR_FIELDS))
        if any(row[3:]):
            rows.add(row)
    return rows


def _counts(entries: list[sqlite3.Row]) -> set[tuple[Any, ...]]:
    found: dict[tuple[int, int, str], int] = defaultdict(int)
    for entry in entries:
        found[entry["chat_id"], 0, entry["kind"]] += 1
        if entry["session_id"] is not None:
            found[entry["chat_id"], entry["session_id"], entry["kind"]] += 1
    return {(*key, n) for key, n in found.items()}

"""Model-based: random /join, /iam, /merge, /rename and /undo P by random admins and
non-admins, through the real Application over the emulator (issue 20 item 1). After every
step: no non-admin action moved another member's points, the folded totals equal a
recomputation from the raw ledger, and no two people at the open table share a shown name.

The machine keeps its own idea of who an admin is; the ledger is read straight from SQLite
for the recomputation (links from the identity events, not from ``person_links``).
"""

from __future__ import annotations

import asyncio
import sqlite3
import tempfile
from collections import defaultdict
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, TypeVar

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from storage.names import name_key
from tests.bot.conftest import GROUP, PLAYERS, Harness, running_harness

T = TypeVar("T")
MEMBERS = ("甲", "乙", "丙", "丁", "戊")
ADMINS = frozenset({"丁"})  # 甲 opens the sessions but is no admin here
GUESTS = ("小王", "小李", "戊", "阿张")  # 戊 is also a member's name: /join takes it over
# 老王 a new name; 小王 + U+FE0F renders as 小王 (one name: storage.names.name_key); 阿张 +
# U+034F holds a character that draws nothing (refused).
NEW_NAMES = ("老王", "小王\ufe0f", "阿张\u034f")
NAMES = (*MEMBERS, *GUESTS, *NEW_NAMES, "戊（客）")

# An evening before the identity commands start: guests play, members play, and a third
# session stays open with guests and members seated.
EVENING = (
    ("甲", "/new 杭州 1 小王 小李 戊 阿张"),
    ("甲", "/hu 小王 自摸"),
    ("甲", "/hu 戊 点炮 小李"),
    ("甲", "/settle"),
    ("members", ""),
    ("甲", "/new 杭州 1 乙 丙 丁 戊"),
    ("甲", "/hu 乙 自摸 爆头"),
    ("甲", "/hu 丙 点炮 丁"),
    ("甲", "/hu 戊 点炮 乙"),
    ("甲", "/settle"),
    ("甲", "/new 杭州 1 甲 小王 乙 阿张"),
    ("甲", "/hu 阿张 点炮 乙"),
)


def _live_links(db: sqlite3.Connection) -> dict[int, int]:
    rows = db.execute(
        "SELECT player_id, person_id FROM identity_events AS i WHERE kind = 'link' AND NOT "
        "EXISTS (SELECT 1 FROM identity_events AS u WHERE u.undoes = i.id)"
    ).fetchall()
    return {player: person for player, person in rows}


def _members(db: sqlite3.Connection) -> list[int]:
    return [row[0] for row in db.execute("SELECT id FROM players WHERE user_id IS NOT NULL")]


def _root(links: dict[int, int], record: int) -> int:
    while record in links:
        record = links[record]
    return record


class IdentityMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.loop = asyncio.new_event_loop()
        self.folder = tempfile.TemporaryDirectory()
        self.path = Path(self.folder.name) / "m.db"
        self.context = running_harness(self.path)
        self.harness: Harness = self.loop.run_until_complete(self.context.__aenter__())
        self.harness.api.set_status(GROUP, PLAYERS["甲"], "member")
        for who, text in EVENING:
            if who == "members":
                for name in MEMBERS:
                    self._run(self.harness.ledger.players.upsert_user(GROUP, PLAYERS[name], name))
            else:
                self._run(self.harness.say(who, text))
        self.events = 0

    def _run(self, coroutine: Coroutine[Any, Any, T]) -> T:
        return self.loop.run_until_complete(coroutine)

    def teardown(self) -> None:
        self.loop.run_until_complete(self.context.__aexit__(None, None, None))
        self.loop.close()
        self.folder.cleanup()

    def _balances(self) -> dict[int, int]:
        """Per member record: the all-time points of the person it is, from raw SQLite."""
        with sqlite3.connect(self.path) as db:
            links = _live_links(db)
            postings = db.execute("SELECT player_id, delta FROM postings").fetchall()
            members = [
                row[0] for row in db.execute("SELECT id FROM players WHERE user_id IS NOT NULL")
            ]
        person: dict[int, int] = defaultdict(int)
        for player, delta in postings:
            person[_root(links, player)] += delta
        return {m: person[_root(links, m)] for m in members}

    def _mates(self) -> dict[int, int]:
        with sqlite3.connect(self.path) as db:
            links = _live_links(db)
            members = [
                row[0] for row in db.execute("SELECT id FROM players WHERE user_id IS NOT NULL")
            ]
        return {m: _root(links, m) for m in members}

    def _say(self, who: str, text: str) -> None:
        before, roots = self._balances(), self._mates()
        self._run(self.harness.say(who, text))
        if who in ADMINS:
            return
        after, actor = self._balances(), PLAYERS[who]
        actor_record = self._actor_record(actor)
        for member, points in before.items():
            mine = actor_record is not None and roots[member] == roots.get(actor_record)
            if member != actor_record and not mine:
                assert after[member] == points, (who, text, member, points, after[member])

    def _actor_record(self, user_id: int) -> int | None:
        with sqlite3.connect(self.path) as db:
            row = db.execute(
                "SELECT id FROM players WHERE chat_id = ? AND user_id = ?", [GROUP, user_id]
            ).fetchone()
        return None if row is None else int(row[0])

    @rule(who=st.sampled_from(MEMBERS))
    def join(self, who: str) -> None:
        self._say(who, "/join")

    @rule(who=st.sampled_from(MEMBERS), name=st.sampled_from(NAMES))
    def iam(self, who: str, name: str) -> None:
        self._say(who, f"/iam {name}")

    @rule(who=st.sampled_from(MEMBERS), a=st.sampled_from(NAMES), b=st.sampled_from(NAMES))
    def merge(self, who: str, a: str, b: str) -> None:
        self._say(who, f"/merge {a} {b}")

    @rule(who=st.sampled_from(MEMBERS), old=st.sampled_from(NAMES), new=st.sampled_from(NAMES))
    def rename(self, who: str, old: str, new: str) -> None:
        self._say(who, f"/rename {old} {new}")

    @precondition(lambda self: self._event_count() > 0)
    @rule(who=st.sampled_from(MEMBERS), pick=st.integers(0, 20))
    def undo(self, who: str, pick: int) -> None:
        self._say(who, f"/undo P{pick % self._event_count() + 1}")

    @rule(name=st.sampled_from(NAMES))
    def hand(self, name: str) -> None:
        """A hand in between (points move as they should): claims and undos then move
        points that are still growing."""
        self._run(self.harness.say("甲", f"/hu {name} 自摸"))

    def _event_count(self) -> int:
        with sqlite3.connect(self.path) as db:
            return int(db.execute("SELECT count(*) FROM identity_events").fetchone()[0])

    @invariant()
    def totals_fold_to_a_recomputation(self) -> None:
        with sqlite3.connect(self.path) as db:
            links = _live_links(db)
            postings = db.execute("SELECT player_id, delta FROM postings").fetchall()
        expected: dict[int, int] = defaultdict(int)
        for player, delta in postings:
            expected[_root(links, player)] += delta
        tally = self._run(self.harness.ledger.reports.tally(GROUP))
        shown = {pid: b for pid, b in tally.balances.items() if b}
        assert shown == {pid: b for pid, b in expected.items() if b}

    @invariant()
    def no_two_people_at_the_table_share_a_name(self) -> None:
        with sqlite3.connect(self.path) as db:
            links = _live_links(db)
            seats = db.execute(
                "SELECT seat_e, seat_s, seat_w, seat_n FROM sessions WHERE is_open = 1"
            ).fetchone()
            names = dict(db.execute("SELECT id, name FROM players").fetchall())
        if seats is None:
            return
        shown = [name_key(names[_root(links, s)]) for s in seats if s is not None]
        assert len(shown) == len(set(shown)), shown


IdentityMachine.TestCase.settings = settings(
    max_examples=20,
    stateful_step_count=15,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
test_identity_machine = IdentityMachine.TestCase

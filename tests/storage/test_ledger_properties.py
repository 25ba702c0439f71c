"""Property tests: random sequences of entries, reversals and replays against a plain model.

After every sequence: each balance equals the model's sum of postings, the chat's total is 0,
every entry's postings sum to 0, and settle-up brings every balance to 0 in at most
players − 1 transfers.
"""

from __future__ import annotations

import asyncio
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from storage import ErrorCode, Ledger, Source, StorageError, settle_up

CHAT = 7


@dataclass
class Model:
    """What the ledger should hold, computed without SQL."""

    postings: dict[int, dict[int, int]] = field(default_factory=dict)
    reversed: set[int] = field(default_factory=set)
    reversals: set[int] = field(default_factory=set)
    by_update: dict[int, list[int]] = field(default_factory=dict)

    def balances(self) -> dict[int, int]:
        totals: dict[int, int] = {}
        for entry in self.postings.values():
            for player, delta in entry.items():
                totals[player] = totals.get(player, 0) + delta
        return totals


def zero_sum_postings(players: int) -> st.SearchStrategy[dict[int, int]]:
    """Deltas for seat indexes 0..3 summing to 0 (the last seat balances the rest)."""
    return st.lists(st.integers(-500, 500), min_size=players - 1, max_size=players - 1).map(
        lambda deltas: {**dict(enumerate(deltas)), players - 1: -sum(deltas)}
    )


operations = st.lists(
    st.one_of(
        st.tuples(st.just("win"), st.integers(0, 3), st.integers(1, 64), st.integers(0, 40)),
        st.tuples(st.just("adjust"), zero_sum_postings(4), st.integers(0, 40)),
        st.tuples(st.just("draw"), st.integers(0, 40)),
        st.tuples(st.just("undo"), st.integers(0, 40)),
        st.tuples(st.just("reverse"), st.integers(1, 30), st.integers(0, 40)),
        st.tuples(st.just("bad"), zero_sum_postings(4), st.integers(1, 9), st.integers(0, 40)),
    ),
    max_size=25,
)


async def run(ops: list[tuple[object, ...]], path: Path) -> None:
    model = Model()
    async with await Ledger.open(path) as ledger:
        players = [(await ledger.upsert_user(CHAT, i, f"p{i}")).id for i in range(4)]
        seats = (players[0], players[1], players[2], players[3])
        session = await ledger.open_session(CHAT, "hangzhou", 1, seats, None, "dealer_stays")

        def replay_or_none(update: int) -> Source | None:
            return Source(update) if update else None

        async def remember(update: int, call: object) -> None:
            recorded = await call  # type: ignore[misc]
            ids = [e.id for e in recorded.entries]
            if recorded.replay:
                assert model.by_update[update] == ids
                return
            for entry in recorded.entries:
                assert sum(entry.postings.values()) == 0
                model.postings[entry.id] = dict(entry.postings)
                if entry.reverses is not None:
                    model.reversed.add(entry.reverses)
                    model.reversals.add(entry.id)
            if update:
                model.by_update[update] = ids

        for op in ops:
            kind = op[0]
            try:
                if kind == "win":
                    _, seat, value, update = op
                    winner = players[seat]  # type: ignore[index]
                    postings = {p: (3 * value if p == winner else -value) for p in players}  # type: ignore[operator]
                    await remember(update, ledger.record_win(  # type: ignore[arg-type]
                        CHAT, session.id, winner, postings, None, None,
                        replay_or_none(update), None, self_draw=True,  # type: ignore[arg-type]
                    ))  # fmt: skip
                elif kind == "adjust":
                    _, by_seat, update = op
                    postings = {players[s]: d for s, d in by_seat.items()}  # type: ignore[attr-defined]
                    if not any(postings.values()):
                        continue
                    await remember(update, ledger.record_adjustment(  # type: ignore[arg-type]
                        CHAT, postings, replay_or_none(update), None, session_id=session.id,  # type: ignore[arg-type]
                    ))  # fmt: skip
                elif kind == "draw":
                    update = op[1]
                    await remember(
                        update, ledger.record_draw(CHAT, session.id, replay_or_none(update), None)
                    )  # type: ignore[arg-type]
                elif kind == "undo":
                    update = op[1]
                    await remember(
                        update, ledger.reverse(CHAT, author=None, source=replay_or_none(update))
                    )  # type: ignore[arg-type]
                elif kind == "reverse":
                    _, target, update = op
                    await remember(
                        update,
                        ledger.reverse(CHAT, target, author=None, source=replay_or_none(update)),
                    )  # type: ignore[arg-type]
                elif kind == "bad":
                    _, by_seat, skew, update = op
                    postings = {players[s]: d for s, d in by_seat.items()}  # type: ignore[attr-defined]
                    postings[players[0]] += skew  # type: ignore[operator]
                    await remember(
                        update,
                        ledger.record_adjustment(CHAT, postings, replay_or_none(update), None),
                    )  # type: ignore[arg-type]
                    assert update in model.by_update, "an unbalanced entry was accepted"
            except StorageError as error:
                expected = _why_refused(model, op)
                assert error.code in expected, (op, error)

        tally = await ledger.tally(CHAT)
        expected = {p: b for p, b in model.balances().items()}
        assert {p: b for p, b in tally.balances.items()} == expected
        assert sum(tally.balances.values()) == 0
        history = await ledger.history(CHAT, page_size=500)
        assert history.total == len(model.postings)
        for entry in history.entries:
            assert entry.postings == model.postings[entry.id]
            assert entry.is_reversed == (entry.id in model.reversed)
        transfers = settle_up(tally.balances)
        after = dict(tally.balances)
        for t in transfers:
            after[t.payer] += t.amount
            after[t.payee] -= t.amount
        assert not any(after.values())
        assert len(transfers) <= len(players) - 1


def _why_refused(model: Model, op: tuple[object, ...]) -> set[ErrorCode]:
    kind = op[0]
    if kind == "undo":
        return {ErrorCode.NOTHING_TO_REVERSE}
    if kind == "reverse":
        target = op[1]
        if target not in model.postings:
            return {ErrorCode.UNKNOWN_ENTRY}
        if target in model.reversals:
            return {ErrorCode.REVERSAL_OF_REVERSAL}
        if target in model.reversed:
            return {ErrorCode.ALREADY_REVERSED}
        return set()
    if kind == "bad":
        return {ErrorCode.UNBALANCED_POSTINGS}
    return set()


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(operations)
def test_random_sequences_keep_the_books_straight(ops: list[tuple[object, ...]]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(run(ops, Path(folder) / "ledger.db"))

"""Property tests: random sequences of entries, reversals, edits and replays against a model.

After every sequence: each balance equals the model's sum of postings, the chat's total is 0,
every entry's postings sum to 0, each refusal had the reason the model expects (and wrote
nothing), settle-up brings every balance to 0 in at most players − 1 transfers, and the
totals the schema keeps equal a recomputation from the entries.
"""

from __future__ import annotations

import asyncio
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from totals_reference import expected, kept

from rigs.ledger_template import fresh_ledger_file
from storage import (
    TABLE,
    ErrorCode,
    KongSpec,
    Ledger,
    MoneySpec,
    Recorded,
    Session,
    SessionTerms,
    Source,
    StorageError,
    WinSpec,
    settle_up,
)

CHAT = 7
KINDS = ("self_draw", "discard", "double", "kong", "draw", "adjust", "unbalanced", "undo",
         "reverse", "edit", "fee", "penalty")  # fmt: skip


@dataclass(frozen=True)
class Op:
    kind: str
    seat: int  # the winner, kong owner or receiver (0..3 = 东南西北)
    other: int  # the discarder or payer
    amount: int
    target: int  # for reverse and edit: the n-th newest entry (past the oldest: unknown)
    update: int  # 0: no Telegram source; small ids repeat, so replays happen


ops = st.lists(
    st.builds(
        Op,
        kind=st.sampled_from(KINDS),
        seat=st.integers(0, 3),
        other=st.integers(0, 3),
        amount=st.integers(1, 64),
        target=st.integers(0, 6),
        update=st.integers(0, 30),
    ),
    max_size=25,
)


@dataclass
class Model:
    """What the ledger should hold, kept without SQL."""

    postings: dict[int, dict[int, int]] = field(default_factory=dict)
    kinds: dict[int, str] = field(default_factory=dict)
    reversed: set[int] = field(default_factory=set)
    by_update: dict[int, list[int]] = field(default_factory=dict)
    fees: dict[int, int] = field(default_factory=dict)  # table fees in fen, by entry

    def balances(self) -> dict[int, int]:
        totals: dict[int, int] = {}
        for entry in self.postings.values():
            for player, delta in entry.items():
                totals[player] = totals.get(player, 0) + delta
        return totals

    def resolve(self, target: int) -> int:
        """The entry id ``target`` names: the target-th newest, else an id never used."""
        newest = sorted(self.kinds, reverse=True)
        return newest[target] if target < len(newest) else 10_000 + target

    def standing(self) -> list[int]:
        return [i for i, k in self.kinds.items() if k != "reversal" and i not in self.reversed]

    def refusal(self, op: Op) -> ErrorCode | None:
        """Why the ledger must refuse ``op`` (None: it must accept it)."""
        if op.kind == "discard" and op.seat == op.other:
            return ErrorCode.INVALID_ARGUMENT
        if op.kind == "double" and op.other in (op.seat, (op.seat + 1) % 4):
            return ErrorCode.INVALID_ARGUMENT
        if op.kind == "adjust" and op.seat == op.other:
            return ErrorCode.INVALID_ARGUMENT  # nobody pays anybody
        if op.kind == "unbalanced":
            return ErrorCode.UNBALANCED_POSTINGS
        if op.kind == "undo" and not self.standing():
            return ErrorCode.NOTHING_TO_REVERSE
        if op.kind in ("reverse", "edit"):
            target = self.resolve(op.target)
            kind = self.kinds.get(target)
            if kind is None:
                return ErrorCode.UNKNOWN_ENTRY
            if op.kind == "edit" and kind != "win":
                return ErrorCode.INVALID_ARGUMENT
            if kind == "reversal":
                return ErrorCode.REVERSAL_OF_REVERSAL
            if target in self.reversed:
                return ErrorCode.ALREADY_REVERSED
        return None

    def remember(self, op: Op, recorded: Recorded) -> None:
        ids = [entry.id for entry in recorded.entries]
        if recorded.replay:
            assert self.by_update[op.update] == ids
            return
        assert op.update not in self.by_update, "a used update id was recorded again"
        for entry in recorded.entries:
            if op.kind == "fee":
                self.fees[entry.id] = 4 * op.amount
            self.postings[entry.id] = dict(entry.postings)
            self.kinds[entry.id] = entry.kind
            if entry.reverses is not None:
                self.reversed.add(entry.reverses)
        if op.update:
            self.by_update[op.update] = ids


def pays(winner: int, payer: int, amount: int) -> dict[int, int]:
    """``payer`` pays ``winner``; the same player on both sides nets to nothing."""
    postings = {winner: amount}
    postings[payer] = postings.get(payer, 0) - amount
    return postings


def perform(ledger: Ledger, session: Session, players: list[int], op: Op, model: Model) -> object:
    """The ledger call for ``op`` (a coroutine)."""
    source = Source(op.update) if op.update else None
    seat, other, amount = players[op.seat], players[op.other], op.amount
    if op.kind == "self_draw":
        postings = {p: 3 * amount if p == seat else -amount for p in players}
        return ledger.entries.record_win(
            CHAT, session.id, WinSpec(seat, postings, self_draw=True), source, None
        )
    if op.kind == "discard":
        return ledger.entries.record_win(
            CHAT,
            session.id,
            WinSpec(seat, pays(seat, other, amount), discarder=other),
            source,
            None,
        )
    if op.kind == "double":
        second = players[(op.seat + 1) % 4]
        wins = [
            WinSpec(seat, pays(seat, other, amount), discarder=other),
            WinSpec(second, pays(second, other, 2 * amount), discarder=other),
        ]
        return ledger.entries.record_wins(CHAT, session.id, wins, source, None)
    if op.kind == "kong":
        postings = {p: 3 * amount if p == seat else -amount for p in players}
        return ledger.entries.record_kong(CHAT, session.id, KongSpec(seat, postings), source, None)
    if op.kind == "draw":
        return ledger.entries.record_draw(CHAT, session.id, source, None)
    if op.kind in ("adjust", "unbalanced"):
        postings = pays(seat, other, amount)
        if op.kind == "unbalanced":
            postings[seat] += 1
        return ledger.entries.record_adjustment(CHAT, postings, source, None, session_id=session.id)
    if op.kind == "fee":  # money lines only: each seat pays, the table account gets it all
        fen = {TABLE: 4 * amount, **{p: -amount for p in players}}
        return ledger.money.record(CHAT, session.id, MoneySpec("fee", fen=fen), source, None)
    if op.kind == "penalty":  # points: ``other`` pays, the other three get ``amount`` each
        fined = {p: -3 * amount if p == other else amount for p in players}
        spec = MoneySpec("penalty", postings=fined, reason="罚")
        return ledger.money.record(CHAT, session.id, spec, source, None)
    if op.kind == "undo":
        return ledger.entries.reverse(CHAT, author=None, source=source)
    if op.kind == "reverse":
        return ledger.entries.reverse(CHAT, model.resolve(op.target), author=None, source=source)
    fixed = WinSpec(
        seat, {p: 3 * amount if p == seat else -amount for p in players}, self_draw=True
    )
    return ledger.entries.edit_win(
        CHAT, model.resolve(op.target), fixed, author=None, source=source
    )


async def play(ledger: Ledger, sequence: list[Op]) -> Model:
    """``sequence`` played at a new table of four in ``CHAT``, each outcome checked."""
    model = Model()
    players = [(await ledger.players.upsert_user(CHAT, i, f"p{i}")).id for i in range(4)]
    seats = (players[0], players[1], players[2], players[3])
    session = await ledger.sessions.open(
        CHAT, SessionTerms("hangzhou", 1, "dealer_stays"), seats, None
    )
    for op in sequence:
        replay = op.update in model.by_update
        try:
            recorded = await perform(ledger, session, players, op, model)  # type: ignore[misc]
        except StorageError as error:
            assert not replay, (op, error)
            assert error.code is model.refusal(op), (op, error)
            event(f"{op.kind} refused")
            continue
        assert replay or model.refusal(op) is None, op
        event(f"{op.kind} {'replayed' if replay else 'recorded'}")
        model.remember(op, recorded)
    return model


async def run(sequence: list[Op], path: Path) -> None:
    async with await Ledger.open(fresh_ledger_file(path)) as ledger:
        model = await play(ledger, sequence)
        players = [player.id for player in await ledger.players.all(CHAT)]

        tally = await ledger.reports.tally(CHAT)
        assert tally.balances == {p: b for p, b in model.balances().items()}
        assert sum(tally.balances.values()) == 0
        history = await ledger.reports.history(CHAT, page_size=500)
        assert history.total == len(model.postings)
        for entry in history.entries:
            assert sum(entry.postings.values()) == 0
            assert entry.postings == model.postings[entry.id]
            assert entry.is_reversed == (entry.id in model.reversed)
        transfers = settle_up(tally.balances)
        after = dict(tally.balances)
        for transfer in transfers:
            after[transfer.payer] += transfer.amount
            after[transfer.payee] -= transfer.amount
        assert not any(after.values())
        assert len(transfers) <= len(players) - 1
        assert kept(path) == expected(path)  # the totals kept as the entries were written
        money = await ledger.money.of_session(CHAT, 1)
        standing_fees = [fen for entry, fen in model.fees.items() if entry not in model.reversed]
        assert money.fee == sum(standing_fees) and sum(money.fen.values()) == 0


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ops)
def test_random_sequences_keep_the_books_straight(sequence: list[Op]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(run(sequence, Path(folder) / "ledger.db"))

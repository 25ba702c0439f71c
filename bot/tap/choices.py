"""Which ways of winning and which patterns a flow offers: asked of the scoring core.

Nothing here knows a ruleset's tables. A choice is offered when the session's ruleset scores
the win with it (with or without a wild, ``scoring.vocabulary.WILD_CHOICES``) and it changes
the money, or when the ruleset's only objection is a threshold more items may reach (双辣's
four 台). 有花/无花 is asked where the two score differently. Each question is the one
``bot.recording.claims.score_claims`` asks for the typed line (the same facts, as values), its
answer remembered.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Final

import scoring
from bot.seated_table import SeatedTable
from bot.tap.flow import HOW_NEEDS_SEAT, HOW_WORDS, Flow, Kind, Step
from scoring import rulesets
from scoring.errors import ScoringError, ScoringErrorCode
from scoring.facts import WinFacts
from scoring.tiles import SEAT_ORDER, Seat
from scoring.vocabulary import WILD_CHOICES, pattern_choices, ruleset_spelling

# Refusals that more patterns may lift: such a choice is still worth offering.
_REACHABLE: Final = frozenset({ScoringErrorCode.UNDER_FOUR_TAI})
_WILD_WORDS: Final = tuple(word for word, _ in WILD_CHOICES)
_REMEMBERED: Final = 16_384  # answers kept: a few hundred per step, kept across flows
Outcome = (
    tuple[tuple[Seat, int], ...] | ScoringErrorCode | None
)  # the money, or why not (None: refused)


def outcome(
    table: SeatedTable, flow: Flow, winner: Seat, words: Sequence[str], how: str | None = None
) -> Outcome:
    """What one winner's claim with ``words`` pays under the table's ruleset, won as ``how``
    says (by default as the flow says), or why it does not."""
    how = how or flow.how or ""
    said = [how, *words] if how not in HOW_NEEDS_SEAT else list(words)
    discarder = flow.discarder if how in HOW_NEEDS_SEAT else None
    if discarder in flow.winners:  # chosen before ◀ made them a winner: asked again
        discarder = None
    if how in HOW_NEEDS_SEAT and discarder is None:  # not asked yet: anyone else will do
        discarder = next((seat for seat in SEAT_ORDER if seat not in flow.winners), None)
        if discarder is None:
            return None
    robbed = how == "抢杠"
    facts = WinFacts(  # as bot.recording.claims.score_claims gives them
        winner=winner,
        discarder=None if robbed else discarder,
        robbed=discarder if robbed else None,
        seat_wind=table.seat_wind(winner),
        round_wind=table.round_wind,
    )
    session = table.session
    return _paid(session.ruleset, session.base, facts, tuple(sorted(word for word in said if word)))


@functools.lru_cache(maxsize=_REMEMBERED)
def _paid(ruleset: str, base: int, facts: WinFacts, words: tuple[str, ...]) -> Outcome:
    """The core's answer for the values given, remembered: the core is pure, and a step's
    questions repeat (what the chosen words pay now, a pattern toggled off again, the next
    flow at the table), so each is asked once. The order of the words changes no money."""
    try:
        result = scoring.quick(" ".join(words), ruleset, base, facts=facts)
    except ScoringError as error:  # 天胡 by a non-dealer, 地胡 by the dealer: refused
        return None if error.code is ScoringErrorCode.DEALER_MISMATCH else error.code
    return tuple(sorted(result.payments.items()))


_PATTERN_WORDS: Final = frozenset(word for word, _ in pattern_choices())


def usage(lines: Iterable[str]) -> dict[str, int]:
    """How often the chat's recent win lines say each pattern word as the picker writes it
    (爆头, 七对 …; a word run into another, 自摸爆头, is not counted)."""
    return dict(Counter(word for line in lines for word in line.split() if word in _PATTERN_WORDS))


def forget() -> None:
    """Forget every answer remembered (for measuring a cold start)."""
    _paid.cache_clear()


def _scores(found: Outcome) -> bool:
    return isinstance(found, tuple)


def _may_score(found: Outcome) -> bool:
    return _scores(found) or found in _REACHABLE


def how_choices(table: SeatedTable, flow: Flow) -> tuple[str, ...]:
    """The ways the winners may have won: several winners only on one tile (点炮, 抢杠)."""
    return tuple(
        how
        for how in HOW_WORDS
        if (len(flow.winners) == 1 or how in HOW_NEEDS_SEAT)
        and any(
            _may_score(outcome(table, flow, flow.winners[0], _said(wild), how))
            for wild in _WILD_OPTIONS
        )
    )


def pattern_offers(table: SeatedTable, flow: Flow) -> tuple[int, ...]:
    """The indexes (into ``pattern_choices()``) of the patterns offered to the winner whose
    turn it is: those chosen, and those that would change what the hand pays."""
    seat = flow.winner
    chosen = flow.words.get(seat, [])
    # What the words chosen pay as they stand, with each way of saying the wilds: asked once.
    now = {wild: outcome(table, flow, seat, [*chosen, *_said(wild)]) for wild in _WILD_OPTIONS}
    spell = speller(table)
    words = [spell(word) for word, _ in pattern_choices()]

    @functools.cache
    def lifts(wild: str) -> list[str]:
        """The words that may score with those chosen, the wilds said so: what may lift a
        hand over a threshold (asked only once one is met)."""
        return [
            word
            for word in words
            if word not in chosen
            and _may_score(outcome(table, flow, seat, [*chosen, word, *_said(wild)]))
        ]

    return tuple(
        index
        for index, said in enumerate(words)
        if said in chosen or _applies(table, flow, [*chosen, said], (now, lifts))
    )


def speller(table: SeatedTable) -> Callable[[str], str]:
    """A picker's pattern word as the session's ruleset names it (飘一花, not 财飘, under
    硬飘花): what its button says and the flow's line writes."""
    rules = rulesets.get(table.session.ruleset)
    return lambda word: ruleset_spelling(word, rules)


_WILD_OPTIONS: Final = ("", *_WILD_WORDS)  # unsaid, 有花, 无花


def _said(wild: str) -> list[str]:
    return [wild] if wild else []


def _applies(
    table: SeatedTable,
    flow: Flow,
    with_it: list[str],
    asked: tuple[dict[str, Outcome], Callable[[str], list[str]]],
) -> bool:
    """Whether ``with_it`` scores where the words now score differently (or not at all),
    with some way of saying the wilds, or is refused only for a threshold that one more
    pattern lifts with it counting. Asked with
    有花 and 无花 said first: a word that only says the hand held a wild (爆头 under 双辣,
    which takes its 无花 台 away) adds nothing once the wild is said; unsaid only where
    neither says anything. ``asked``: what the words chosen pay now, and the words that may
    lift them, per way of saying the wilds."""
    now, lifts = asked
    for wilds in (_WILD_WORDS, ("",)):
        answered = False
        for wild in wilds:
            found = outcome(table, flow, flow.winner, [*with_it, *_said(wild)])
            answered = answered or _may_score(found)
            if _scores(found) and found != now[wild]:
                return True
            if found in _REACHABLE and _counts_once_lifted(
                table, flow, with_it, (wild, lifts(wild))
            ):
                return True
        if answered:
            return False
    return False


def _counts_once_lifted(
    table: SeatedTable, flow: Flow, with_it: list[str], lifting: tuple[str, list[str]]
) -> bool:
    """Under a threshold (双辣's four 台), whether the last word of ``with_it`` adds to one of
    the words that may score with those chosen (``lifting``: the wild said, and those words)
    and lifts the hand over it: 对对胡 does (with 混一色), 爆头 or 地胡 never (双辣 counts no
    台 for them), so they are not offered."""
    wild, lifts = lifting
    *chosen, _word = with_it
    for lift in lifts:
        if lift in with_it:
            continue
        lifted = outcome(table, flow, flow.winner, [*with_it, lift, *_said(wild)])
        if _scores(lifted) and lifted != outcome(
            table, flow, flow.winner, [*chosen, lift, *_said(wild)]
        ):
            return True
    return False


def wild_matters(table: SeatedTable, flow: Flow) -> bool:
    """Whether the winner whose turn it is must say 有花 or 无花: the core cannot score the
    words without it, and the two pay differently (or only one of them scores)."""
    seat = flow.winner
    chosen = flow.words.get(seat, [])
    if _scores(outcome(table, flow, seat, chosen)):
        return False  # settled by the words (爆头 holds a wild) or the same either way
    with_wild, without = (outcome(table, flow, seat, [*chosen, wild]) for wild in _WILD_WORDS)
    return with_wild != without


def from_choices(table: SeatedTable, flow: Flow) -> tuple[Seat, ...]:
    """Who may have given the tile (or the exposed kong): the seated players who did not win."""
    return tuple(seat for seat in SEAT_ORDER if seat in table.players and seat not in flow.winners)


def warm(table: SeatedTable, flow: Flow) -> None:
    """Ask ahead, while the players look at the step shown, what the patterns step this one
    leads to will ask (each way of winning offered, each possible discarder): its press then
    answers from what is remembered. For a worker thread: reads the flow's copy only."""
    if flow.kind is not Kind.HU or flow.step not in (Step.HOW, Step.FROM) or not flow.winners:
        return
    ways = how_choices(table, flow) if flow.step is Step.HOW else (flow.how or "",)
    for how in ways:
        givers = from_choices(table, flow) if how in HOW_NEEDS_SEAT else (None,)
        for giver in givers:
            ahead = Flow(
                id=flow.id,
                kind=flow.kind,
                session_id=flow.session_id,
                update_id=flow.update_id,
                deadline=flow.deadline,
                step=Step.PATTERNS,
                winners=list(flow.winners),
                how=how,
                discarder=giver,
            )
            pattern_offers(table, ahead)
            wild_matters(table, ahead)

"""What a press does to a flow, step by step: pure state changes, no Telegram."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from bot.table import Table
from bot.tap.flow import (
    HOW_NEEDS_SEAT,
    HOW_WORDS,
    KONG_NEEDS_SEAT,
    KONG_WORDS,
    MOST_WINNERS,
    Flow,
    Kind,
    Step,
)
from scoring.tiles import Seat
from scoring.vocabulary import WILD_CHOICES, pattern_choices


def take(table: Table, flow: Flow, action: str) -> bool:
    """Apply a press's action ('sE', 'n', 'h1', 'p3', 'y0', 'b') to the flow; False when it
    means nothing at this step (a stale or forged press), the flow then unchanged."""
    verb, argument = action[:1], action[1:]
    if verb == "b" and not argument and flow.trail:
        flow.back()
        return True
    handler = _ACTIONS.get((flow.step, verb))
    return handler is not None and handler(table, flow, argument)


def _seat(table: Table, argument: str) -> Seat | None:
    seat = Seat(argument) if argument in {s.value for s in Seat} else None
    return seat if seat is not None and seat in table.players else None


def _pick_who(table: Table, flow: Flow, argument: str) -> bool:
    seat = _seat(table, argument)
    if seat is None:
        return False
    if flow.kind is Kind.KONG:
        flow.winners = [seat]
        flow.go(Step.HOW)
    elif seat in flow.winners:
        flow.winners.remove(seat)
    elif len(flow.winners) < MOST_WINNERS:
        flow.winners.append(seat)
    else:
        return False
    return True


def _next(table: Table, flow: Flow, argument: str) -> bool:
    if argument or not flow.winners:
        return False
    if flow.step is Step.WHO:
        flow.go(Step.HOW)
    elif flow.turn + 1 < len(flow.winners):
        flow.go(Step.PATTERNS, flow.turn + 1)
    else:
        flow.go(Step.PREVIEW)
    return True


def _pick_how(table: Table, flow: Flow, argument: str) -> bool:
    words = KONG_WORDS if flow.kind is Kind.KONG else HOW_WORDS
    if not argument.isdigit() or int(argument) >= len(words):
        return False
    flow.how = words[int(argument)]
    if flow.how in (KONG_NEEDS_SEAT | HOW_NEEDS_SEAT):
        flow.go(Step.FROM)
    else:
        flow.go(Step.PREVIEW if flow.kind is Kind.KONG else Step.PATTERNS)
    return True


def _pick_from(table: Table, flow: Flow, argument: str) -> bool:
    seat = _seat(table, argument)
    if seat is None or seat in flow.winners:
        return False
    flow.discarder = seat
    flow.go(Step.PREVIEW if flow.kind is Kind.KONG else Step.PATTERNS)
    return True


def _toggle_pattern(table: Table, flow: Flow, argument: str) -> bool:
    names = pattern_choices()
    if not argument.isdigit() or int(argument) >= len(names):
        return False
    word = names[int(argument)][0]
    chosen = flow.words.setdefault(flow.winner, [])
    if word in chosen:
        chosen.remove(word)
    else:
        chosen.append(word)
    return True


def _toggle_wild(table: Table, flow: Flow, argument: str) -> bool:
    if argument not in ("0", "1"):
        return False
    word = WILD_CHOICES[int(argument)][0]
    if flow.wild.get(flow.winner) == word:
        del flow.wild[flow.winner]
    else:
        flow.wild[flow.winner] = word
    return True


_ACTIONS: Final[dict[tuple[Step, str], Callable[[Table, Flow, str], bool]]] = {
    (Step.WHO, "s"): _pick_who,
    (Step.WHO, "n"): _next,
    (Step.HOW, "h"): _pick_how,
    (Step.FROM, "s"): _pick_from,
    (Step.PATTERNS, "p"): _toggle_pattern,
    (Step.PATTERNS, "y"): _toggle_wild,
    (Step.PATTERNS, "n"): _next,
}

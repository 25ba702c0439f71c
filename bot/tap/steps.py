"""What a press does to a flow, step by step: pure state changes, no Telegram."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from bot.seated_table import SeatedTable
from bot.tap import choices
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


def take(table: SeatedTable, flow: Flow, action: str) -> bool:
    """Apply a press's action ('sE', 'h1', 'h0W', 'p3', 'y0', 'n', 'a', 'm', 'b') to the flow;
    False when it means nothing at this step (a stale or forged press), the flow then
    unchanged."""
    verb, argument = action[:1], action[1:]
    if verb == "b" and not argument and flow.trail:
        flow.back()
        return True
    handler = _ACTIONS.get((flow.step, verb))
    return handler is not None and handler(table, flow, argument)


def _seat(table: SeatedTable, argument: str) -> Seat | None:
    seat = Seat(argument) if argument in {s.value for s in Seat} else None
    return seat if seat is not None and seat in table.players else None


def _pick_who(table: SeatedTable, flow: Flow, argument: str) -> bool:
    """The winner (or the kong's owner): on to how at once."""
    seat = _seat(table, argument)
    if seat is None:
        return False
    flow.go(Step.HOW)  # first: ◀ returns to no winner
    flow.winners = [seat]
    return True


def _pick_how(table: SeatedTable, flow: Flow, argument: str) -> bool:
    if flow.kind is Kind.KONG:
        return _pick_kong(table, flow, argument)
    if not argument.isdigit() or int(argument) >= len(HOW_WORDS):
        return False
    flow.how = HOW_WORDS[int(argument)]
    flow.go(Step.FROM if flow.how in HOW_NEEDS_SEAT else Step.PATTERNS)
    return True


def _pick_kong(table: SeatedTable, flow: Flow, argument: str) -> bool:
    """'h1' 暗杠, 'h2' 补杠, 'h0W' 明杠 given by West: the kind and its giver in one press."""
    index, given = argument[:1], argument[1:]
    if not index.isdigit() or int(index) >= len(KONG_WORDS):
        return False
    word = KONG_WORDS[int(index)]
    seat = _seat(table, given) if given else None
    if (word in KONG_NEEDS_SEAT) != (seat is not None) or seat in flow.winners:
        return False
    flow.how, flow.discarder = word, seat
    flow.go(Step.PREVIEW)
    return True


def _pick_from(table: SeatedTable, flow: Flow, argument: str) -> bool:
    seat = _seat(table, argument)
    if seat is None or seat in flow.winners:
        return False
    flow.discarder = seat
    flow.go(Step.PATTERNS)
    return True


def _add_winner(table: SeatedTable, flow: Flow, argument: str) -> bool:
    """➕ 还有人胡: asks who else won on the same tile."""
    if argument or not may_add(table, flow):
        return False
    flow.go(Step.ADD, flow.turn)
    return True


def may_add(table: SeatedTable, flow: Flow) -> bool:
    """Whether another winner may be added: a tile someone gave, and a player left who did
    not give it and has not won."""
    if flow.how not in HOW_NEEDS_SEAT or len(flow.winners) >= MOST_WINNERS:
        return False
    return any(seat not in flow.winners and seat != flow.discarder for seat in table.players)


def _pick_added(table: SeatedTable, flow: Flow, argument: str) -> bool:
    seat = _seat(table, argument)
    if seat is None or seat in flow.winners or seat == flow.discarder:
        return False
    flow.go(Step.PATTERNS, len(flow.winners))  # first: ◀ returns without this winner
    flow.winners.append(seat)
    return True


def _next_winner(table: SeatedTable, flow: Flow, argument: str) -> bool:
    """▶: the next winner's patterns (several winners named in /hu 甲 乙)."""
    if argument or flow.turn + 1 >= len(flow.winners):
        return False
    flow.go(Step.PATTERNS, flow.turn + 1)
    return True


def _toggle_more(table: SeatedTable, flow: Flow, argument: str) -> bool:
    if argument:
        return False
    flow.more = not flow.more
    return True


def _toggle_pattern(table: SeatedTable, flow: Flow, argument: str) -> bool:
    names = pattern_choices()
    if not argument.isdigit() or int(argument) >= len(names):
        return False
    word = choices.speller(table)(names[int(argument)][0])
    chosen = flow.words.setdefault(flow.winner, [])
    if word in chosen:
        chosen.remove(word)
    else:
        chosen.append(word)
    return True


def _toggle_wild(table: SeatedTable, flow: Flow, argument: str) -> bool:
    if argument not in ("0", "1"):
        return False
    word = WILD_CHOICES[int(argument)][0]
    if flow.wild.get(flow.winner) == word:
        del flow.wild[flow.winner]
    else:
        flow.wild[flow.winner] = word
    return True


_ACTIONS: Final[dict[tuple[Step, str], Callable[[SeatedTable, Flow, str], bool]]] = {
    (Step.WHO, "s"): _pick_who,
    (Step.HOW, "h"): _pick_how,
    (Step.FROM, "s"): _pick_from,
    (Step.PATTERNS, "p"): _toggle_pattern,
    (Step.PATTERNS, "y"): _toggle_wild,
    (Step.PATTERNS, "n"): _next_winner,
    (Step.PATTERNS, "a"): _add_winner,
    (Step.PATTERNS, "m"): _toggle_more,
    (Step.ADD, "s"): _pick_added,
}

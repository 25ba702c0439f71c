"""/new RULESET [底分|room] [P1..P4]: the stake and the players as typed."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from bot.cleaning import as_number
from bot.grammar.errors import GrammarError
from bot.grammar.money import stake_in_new
from bot.grammar.names import check_name
from bot.grammar.roster import SENDER_WORDS
from scoring.payments import MAX_BASE
from storage.names import name_key

# A stake as people write it: -1, 1.5, 5块, 底分5 (whole numbers alone are read as 底分).
_STAKE_LIKE: Final = re.compile(r"底分.*|[-+−]?[0-9０-９][0-9０-９.,．]*(块钱?|元|分)?")
_LIST_SPLIT: Final = re.compile(r"[，、；]")


@dataclass(frozen=True)
class NewSession:
    """/new RULESET [底分|room] [P1..P4]: the stake and the players still as typed."""

    ruleset: str
    base: int | None
    room: str | None
    players: tuple[str, ...]
    stake: int | None = None  # 元 a point in 1/10 000 元 (每分0.5元), see storage.money


def parse_new(args: Sequence[str], rooms: Mapping[str, int]) -> NewSession:
    """/new RULESET [底分|room] [P1 P2 P3 P4] [每分0.5元] (the stake anywhere after the ruleset)."""
    if not args:
        raise GrammarError("new_usage")
    ruleset = args[0]
    rest = [piece for word in args[1:] for piece in _LIST_SPLIT.split(word) if piece]
    stakes = [(word, stake_in_new(word)) for word in rest]
    set_twice = [word for word, value in stakes if value is not None][1:]
    if set_twice:
        raise GrammarError("stake_word", token=set_twice[0])
    per_point = next((value for _, value in stakes if value is not None), None)
    rest = [word for word, value in stakes if value is None]
    base: int | None = None
    room: str | None = None
    if len(rest) > 1 and rest[0] == "底分":  # 底分 5
        rest[:2] = ["底分" + rest[1]]
    if rest and (_STAKE_LIKE.fullmatch(rest[0]) or _number_like(rest[0])):
        stake = rest.pop(0)
        base = as_number(stake.removeprefix("底分"))
        if base is None or not 1 <= base <= MAX_BASE:
            raise GrammarError("bad_base", token=stake, last=f"{MAX_BASE:,}")
    elif rest and rest[0] in rooms:
        room = rest.pop(0)
        base = rooms[room]
    rest = [piece for word in rest for piece in word.split(",") if piece]  # 甲,乙,丙,丁
    if len(rest) > 4:
        raise GrammarError("too_many_players", token=rest[4])
    rest = [name if name.casefold() in SENDER_WORDS else check_name(name) for name in rest]
    if len({name_key(n) for n in rest}) != len(rest):
        raise GrammarError("duplicate_player", token=_first_duplicate(rest))
    return NewSession(ruleset=ruleset, base=base, room=room, players=tuple(rest), stake=per_point)


def _number_like(word: str) -> bool:
    """A word in the 底分's place that is some kind of number (NaN, 1e3, ², 五), so a
    refusal names it as the 底分 rather than as a fifth player."""
    try:
        float(word)
    except ValueError:
        return word.isnumeric()
    return True


def _first_duplicate(names: Sequence[str]) -> str:
    seen: set[str] = set()
    for name in names:
        if name_key(name) in seen:
            return name
        seen.add(name_key(name))
    return names[0]

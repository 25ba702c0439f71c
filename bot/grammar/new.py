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
from scoring import rulesets
from scoring.payments import MAX_BASE
from scoring.rulesets import Family, Ruleset
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


@dataclass(frozen=True)
class RulesetWords:
    """What the words before the 底分 and the players name: one ruleset, or a family with
    several (湖州) whose system is still to be asked; ``rest`` the words after them, a room
    word said among them first (开局 初级场 杭州 … is 开局 杭州 初级场 …)."""

    ruleset: Ruleset | None
    family: Family | None
    rest: tuple[str, ...]
    word: str = ""  # the word that named the ruleset, as typed


_MOST_LEADING: Final = 3  # a family, a system and a room, in any order


def read_ruleset_words(args: Sequence[str]) -> RulesetWords:
    """The family and the system at the head of /new's words in any order (开局 湖州 硬飘花,
    开局 硬飘花 湖州), a room word among them; GrammarError naming a word that disagrees
    (杭州 双辣) or a second system. Nothing known at the head: the first word is read as
    today (``rulesets.get`` names the unknown one)."""
    families = {name.casefold(): family for family in rulesets.families() for name in family.names}
    rooms = {room.name for rules in rulesets.RULESETS.values() for room in rules.rooms}
    family: Family | None = None
    system: tuple[str, Ruleset] | None = None
    room: list[str] = []
    taken = 0
    for word in args[:_MOST_LEADING]:
        folded = word.strip().casefold()
        if folded in families and family is None:
            family = families[folded]
        elif folded in rulesets.names() and folded not in families and system is None:
            system = (word, rulesets.get(word))
        elif word in rooms and not room:
            room.append(word)
        else:
            break
        taken += 1
    if family is None and system is None:
        return RulesetWords(None, None, tuple(args))
    rest = (*room, *args[taken:])
    if system is not None:
        word, rules = system
        if family is not None and rules.family.id != family.id:
            raise GrammarError("new_family_mismatch", token=word, family=family.names[0])
        return RulesetWords(rules, rules.family, rest, word)
    assert family is not None
    members = rulesets.family_members(family)
    if len(members) == 1:
        return RulesetWords(rulesets.get(members[0]), family, rest, members[0])
    return RulesetWords(None, family, rest)


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

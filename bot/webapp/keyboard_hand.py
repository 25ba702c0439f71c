"""A hand tapped on the tile keyboard, as the values the page sends, turned into the /hu the
chat would type: the notation line for the scoring core and the ``HuCommand`` of its facts.

The page sends tile faces, melds, the winning tile and how it was won as JSON values; nothing
of it is free text. Each value is checked here (a face of the 34, a seat at the table, a word
the table's ruleset offers) and refused with the offending token named, in the chat's language,
before the line is built. The line is then scored by the very functions a typed /hu goes
through (``bot.recording.claims.score_claims``), so a tapped hand scores as its typed line.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from bot.grammar import GrammarError, HuCommand
from bot.grammar.hu import WinClaim
from bot.table.seated import SeatedTable
from scoring import rulesets
from scoring.hand import Meld, MeldKind
from scoring.notation import format_meld, format_tiles
from scoring.rulesets.base import Ruleset
from scoring.tiles import SEAT_ORDER, Seat, Tile, en_name, is_honor, mpsz, zh_name

FACES: Final[dict[str, Tile]] = {mpsz(tile): tile for tile in range(34)}
MELD_KINDS: Final = {kind.value: kind for kind in MeldKind}  # chi pon kong concealed_kong
HOWS: Final = ("self_draw", "discard", "rob", "kong_draw")
MAX_TILES: Final = 14  # concealed tiles: a hand holds at most 14 (seven pairs, no melds)
FULL_HAND: Final = 14  # a winning hand's tiles, one more for each kong
# Honors as the keyboard's tiles read: 白 is 白板 on the page, not 白
_HONOR_PAGE_ZH: Final = ("东风", "南风", "西风", "北风", "白板", "发财", "红中")
# Notation the scoring core quotes (5s, +5s, [135m], (7777s)): the page shows faces instead.
_NOTATION: Final = re.compile(r"[+\[(]?((?:[1-9]+[mps]|[1-7]+z)+)[\])]?")
_GROUP: Final = re.compile(r"([1-9]+)([mpsz])")
MAX_MELDS: Final = 4
MAX_WORDS: Final = 6
PIAO_WORDS: Final = ("财飘", "双财飘", "三财飘")
OCCASION_WORDS: Final = ("天胡", "地胡")


@dataclass(frozen=True)
class TappedHand:
    """The /hu a tapped hand stands for: its command (the claim's words are the notation line)
    and the line as a player would type it after /hu."""

    command: HuCommand
    typed: str
    ready: str  # the hand without its winning tile and how: what ``scoring.waits`` reads

    @property
    def line(self) -> str:
        return self.command.claims[0].words


def offered_words(rules: Ruleset) -> tuple[str, ...]:
    """The words the keyboard offers under ``rules``: 飘 where it means something, and the
    occasions any ruleset scores (承包 and 杠开 are asked as seats and counts, not words)."""
    return (*(PIAO_WORDS if rules.has_piao else ()), *OCCASION_WORDS)


def tapped_hand(payload: Mapping[str, Any], table: SeatedTable) -> TappedHand:
    """The hand ``payload`` describes at ``table`` (GrammarError naming the value at fault)."""
    rules = rulesets.get(table.session.ruleset)
    winner = _seat(payload.get("winner"))
    concealed = _tiles(payload.get("tiles"))
    melds = _melds(payload.get("melds"))
    held = [format_tiles(concealed)] if concealed else []
    held += [format_meld(meld) for meld in melds]
    how = payload.get("how", "self_draw")
    if how not in HOWS:
        raise GrammarError("keyboard_bad_value", token=str(how))
    discarder = _seat(payload.get("from")) if how in ("discard", "rob") else None
    winning = payload.get("winning")
    winning_tile = _face(winning) if winning is not None else None
    _check_count(concealed, melds, winning_tile)
    if discarder == winner:
        raise GrammarError("keyboard_self_discard", token=table.name(winner))
    # An indicator or a contract the ruleset has no use for goes to the core as typed words
    # would, and is refused there as the typed line is.
    indicator = payload.get("indicator")
    facts = ["翻" + mpsz(_face(indicator))] if indicator is not None else []
    facts += _words(payload.get("words"), rules)
    parts = [*held, *(["+" + mpsz(winning_tile)] if winning_tile is not None else [])]
    parts += _how_words(how, payload.get("kong_draws", 1)) + facts
    contract = payload.get("contract")
    contract_seat = _seat(contract) if contract is not None else None
    line = " ".join(parts)
    claim = WinClaim(winner=winner, words=line, full_hand=True, contract=contract_seat)
    command = HuCommand((claim,), discarder, robbed=how == "rob")
    return TappedHand(command, _typed(command, table), " ".join([*held, *facts]))


def _check_count(concealed: list[Tile], melds: list[Meld], winning: Tile | None) -> None:
    """The tiles fit a winning hand's shape, 14 and one more per kong: never more, and a full
    hand names the tile it won on (its score depends on it: 爆头 or not, 点炮 or 自摸)."""
    full = FULL_HAND + sum(meld.kind.is_kong for meld in melds)
    held = len(concealed) + sum(4 if meld.kind.is_kong else 3 for meld in melds)
    count = held + (winning is not None)
    if count > full:
        raise GrammarError("keyboard_too_many_tiles", token=None, count=count, limit=full)
    if winning is None and held == full:
        raise GrammarError("keyboard_needs_winning_tile", token=None, count=held)
    if winning is not None and count < full:
        raise GrammarError("keyboard_too_few_tiles", token=None, count=count, limit=full)


def page_tile_name(tile: Tile, lang: str) -> str:
    """A tile as the keyboard shows it: 五万 三筒 七条 东风 白板 (5 Characters, White)."""
    if lang == "en":
        return en_name(tile)
    return _HONOR_PAGE_ZH[tile - 27] if is_honor(tile) else zh_name(tile)


def page_words(text: str, lang: str) -> str:
    """``text`` (a refusal of the scoring core) with the notation it quotes written as the
    page's tile names: 「+5s」 → 「五条」, [135m] → 一万 三万 五万."""

    def faces(found: re.Match[str]) -> str:
        tiles = [
            FACES[digit + suit]
            for digits, suit in _GROUP.findall(found.group(1))
            for digit in digits
        ]
        return " ".join(page_tile_name(tile, lang) for tile in tiles)

    return _NOTATION.sub(faces, text)


def _typed(command: HuCommand, table: SeatedTable) -> str:
    """The line after /hu that records the same hand: 甲 HAND WORDS 点炮 乙 承包 丙."""
    claim = command.claims[0]
    words = [table.name(claim.winner), claim.words]
    if command.discarder is not None:
        words += ["抢杠" if command.robbed else "点炮", table.name(command.discarder)]
    if claim.contract is not None:
        words += ["承包", table.name(claim.contract)]
    return " ".join(words)


def _how_words(how: str, kong_draws: object) -> list[str]:
    if how == "self_draw":
        return ["自摸"]
    if how != "kong_draw":
        return []
    if not isinstance(kong_draws, int) or isinstance(kong_draws, bool) or not 1 <= kong_draws <= 4:
        raise GrammarError("keyboard_bad_value", token=str(kong_draws))
    return ["自摸", "杠开" if kong_draws == 1 else f"杠开{kong_draws}"]


def _seat(value: object) -> Seat:
    """A seat of the table, sent as E S W N."""
    if value not in {seat.value for seat in SEAT_ORDER}:
        raise GrammarError("keyboard_bad_seat", token=str(value))
    return Seat(str(value))


def _face(value: object) -> Tile:
    if not isinstance(value, str) or value not in FACES:
        raise GrammarError("keyboard_bad_tile", token=str(value)[:12])
    return FACES[value]


def _tiles(value: object, limit: int = MAX_TILES) -> list[Tile]:
    """Faces sent as a list; more than ``limit`` is refused (a meld holds at most 4)."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise GrammarError("keyboard_bad_value", token=str(value)[:20])
    if len(value) > limit and limit == MAX_TILES:
        raise GrammarError("keyboard_too_many_tiles", token=None, count=len(value), limit=limit)
    if len(value) > limit:
        raise GrammarError("keyboard_meld_tiles", token=None, count=len(value))
    return [_face(tile) for tile in value]


def _melds(value: object) -> list[Meld]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise GrammarError("keyboard_bad_value", token=str(value)[:20])
    if len(value) > MAX_MELDS:
        raise GrammarError("keyboard_too_many_melds", token=None)
    melds = []
    for item in value:
        kind = MELD_KINDS.get(str(item.get("kind"))) if isinstance(item, dict) else None
        if kind is None:
            raise GrammarError("keyboard_bad_value", token=str(item)[:20])
        tiles = tuple(sorted(_tiles(item.get("tiles"), 4)))
        melds.append(Meld(kind, tiles))
    return melds


def _words(value: object, rules: Ruleset) -> list[str]:
    if value is None:
        return []
    offered = offered_words(rules)
    if not isinstance(value, list):
        raise GrammarError("keyboard_bad_value", token=str(value)[:20])
    if len(value) > MAX_WORDS:
        raise GrammarError("keyboard_too_many_words", token=None)
    for word in value:
        if word not in offered:
            raise GrammarError("keyboard_bad_word", token=str(word)[:20])
    return [str(word) for word in value]

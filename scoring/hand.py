"""What a player typed, as data: tiles, melds, the winning tile and the context words.

A ``Hand`` is the parser's output and the formatter's input; it says nothing about
which tiles are wild (that depends on the ruleset and the indicator ``翻T``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import StrEnum

from scoring.tiles import Seat, Tile


class MeldKind(StrEnum):
    CHI = "chi"  # [123m] 吃
    PON = "pon"  # [555p] 碰
    KONG = "kong"  # [7777s] 明杠 or 补杠
    CONCEALED_KONG = "concealed_kong"  # (7777s) 暗杠

    @property
    def is_kong(self) -> bool:
        return self in (MeldKind.KONG, MeldKind.CONCEALED_KONG)


@dataclass(frozen=True)
class Meld:
    kind: MeldKind
    tiles: tuple[Tile, ...]  # sorted


def astuple_shallow(value: object) -> tuple[object, ...]:
    """A dataclass's fields as a tuple, not copied (``dataclasses.astuple`` copies deeply)."""
    return tuple(getattr(value, f.name) for f in fields(value))  # type: ignore[arg-type]


@dataclass(frozen=True)
class LineContext:
    """The context words after the tiles. Seats are table seats (E S W N)."""

    self_draw: bool = False  # 自摸 (also implied by 杠开, 飘, 天胡)
    discarder: Seat | None = None  # 点炮X / 放冲X / 放炮X
    kong_chain: int = 0  # 杠开 = 1, 杠开2 / 二连杠 = 2 … 4
    piao: int = 0  # 飘1..飘3 / 财飘 双财飘 三财飘 / 飘一花 …
    robbed_kong_of: Seat | None = None  # 抢杠X: X's kong was robbed
    contract_payer: Seat | None = None  # 承包X: X 吃'd from the winner three times
    heavenly: bool = False  # 天胡
    earthly: bool = False  # 地胡
    indicator: Tile | None = None  # 翻T (Huzhou)
    seat_wind: Seat | None = None  # 座X; None = the winner's seat
    round_wind: Seat = Seat.E  # 圈X

    def __hash__(self) -> int:
        # Contexts are few and shared (remembered per run of words), and every scored line
        # looks one up: hash the eleven fields once, not at each lookup.
        known: int | None = self.__dict__.get("_hash")
        if known is None:
            known = hash(astuple_shallow(self))
            object.__setattr__(self, "_hash", known)
        return known


@dataclass(frozen=True)
class Hand:
    """A complete line: concealed tiles (sorted, JOKER for a faceless wild), melds, win."""

    concealed: tuple[Tile, ...]
    winning_tile: Tile
    melds: tuple[Meld, ...] = ()
    context: LineContext = field(default_factory=LineContext)

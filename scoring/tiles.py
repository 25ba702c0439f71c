"""Tiles as small integers, their names, and the Huzhou "next tile" rule.

A tile is an int in 0..33: 0-8 万 (1m-9m), 9-17 筒 (1p-9p), 18-26 条 (1s-9s),
27-30 东南西北 (1z-4z), 31-33 白发中 (5z-7z). ``JOKER`` (34) is a wild tile written
without a face (``*`` or ``财``): "a wild of this ruleset", whatever its face would be.
Ints keep count vectors, lookups and hashing cheap in the hot analysis path.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final

Tile = int

SUITS: Final = ("m", "p", "s")
HONOR_SUIT: Final = "z"
TILE_KINDS: Final = 34
JOKER: Final = 34

EAST, SOUTH, WEST, NORTH = 27, 28, 29, 30
WHITE, GREEN, RED = 31, 32, 33  # 白 发 中
WINDS: Final = (EAST, SOUTH, WEST, NORTH)
DRAGONS: Final = (WHITE, GREEN, RED)

_ZH_NUMERALS: Final = "一二三四五六七八九"
_ZH_SUIT: Final = {"m": "万", "p": "筒", "s": "条"}
_EN_SUIT: Final = {"m": "Characters", "p": "Dots", "s": "Bamboo"}
_HONOR_ZH: Final = ("东", "南", "西", "北", "白", "发", "中")
_HONOR_EN: Final = ("East", "South", "West", "North", "White", "Green", "Red")
_HONOR_ASCII: Final = ("E", "S", "W", "N", "Wh", "G", "R")


class Seat(StrEnum):
    """A seat at the table, which is also its seat wind when East deals."""

    E = "E"
    S = "S"
    W = "W"
    N = "N"

    @property
    def zh(self) -> str:
        return "东南西北"["ESWN".index(self)]

    @property
    def wind(self) -> Tile:
        return _SEAT_WINDS[self]

    def after(self, steps: int = 1) -> Seat:
        """The seat ``steps`` places counter-clockwise (the next player to act)."""
        return SEAT_ORDER[(SEAT_ORDER.index(self) + steps) % 4]


SEAT_ORDER: Final = (Seat.E, Seat.S, Seat.W, Seat.N)
_SEAT_WINDS: Final = {seat: EAST + index for index, seat in enumerate(SEAT_ORDER)}


def is_suited(tile: Tile) -> bool:
    return 0 <= tile < 27


def is_honor(tile: Tile) -> bool:
    return 27 <= tile < TILE_KINDS


def suit_of(tile: Tile) -> str:
    """'m', 'p', 's' or 'z'."""
    return SUITS[tile // 9] if is_suited(tile) else HONOR_SUIT


def rank_of(tile: Tile) -> int:
    """1-9 for suited tiles, 1-7 for honors (the MPSZ digit)."""
    return tile % 9 + 1 if is_suited(tile) else tile - 26


def tile_from(rank: int, suit: str) -> Tile:
    """The tile written ``{rank}{suit}`` in MPSZ; raises ValueError when there is none."""
    if suit in SUITS and 1 <= rank <= 9:
        return SUITS.index(suit) * 9 + rank - 1
    if suit == HONOR_SUIT and 1 <= rank <= 7:
        return 26 + rank
    raise ValueError(f"no tile {rank}{suit}")


def next_tile(tile: Tile) -> Tile:
    """The tile after ``tile``: 9 wraps to 1 in a suit, 东→南→西→北→东, 中→发→白→中."""
    if is_suited(tile):
        return tile - 8 if tile % 9 == 8 else tile + 1
    if tile in WINDS:
        return WINDS[(WINDS.index(tile) + 1) % 4]
    return {RED: GREEN, GREEN: WHITE, WHITE: RED}[tile]


def is_wild(tile: Tile, wild_faces: frozenset[Tile]) -> bool:
    """Whether ``tile`` is a wild: a faceless ``JOKER`` or one of the line's wild faces."""
    return tile == JOKER or tile in wild_faces


def mpsz(tile: Tile) -> str:
    """'5m', '1z'; '*' for a faceless wild."""
    return "*" if tile == JOKER else f"{rank_of(tile)}{suit_of(tile)}"


def zh_name(tile: Tile) -> str:
    """'五万', '东', '白'; '财' for a faceless wild."""
    if tile == JOKER:
        return "财"
    if is_honor(tile):
        return _HONOR_ZH[tile - 27]
    return _ZH_NUMERALS[tile % 9] + _ZH_SUIT[suit_of(tile)]


def en_name(tile: Tile) -> str:
    """'5 Characters', 'East'; 'Wild' for a faceless wild."""
    if tile == JOKER:
        return "Wild"
    if is_honor(tile):
        return _HONOR_EN[tile - 27]
    return f"{rank_of(tile)} {_EN_SUIT[suit_of(tile)]}"


def ascii_label(tile: Tile) -> str:
    """Short ASCII label for places without CJK glyphs: '5m', 'E', 'Wh', '*'."""
    if tile == JOKER:
        return "*"
    return _HONOR_ASCII[tile - 27] if is_honor(tile) else mpsz(tile)

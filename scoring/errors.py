"""The one error type of the scoring core.

Every parse, rule and consistency error is a ``ScoringError``: a stable ``code`` that
callers and tests match on, the offending ``token`` and its character ``position`` in
the line (when there is one), and a message in Chinese and in English that says what
is wrong and why. The bot shows ``message(lang)``; nothing is recorded on an error.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final

from scoring.tiles import Seat


class ScoringErrorCode(StrEnum):
    """Stable error codes (part of the CLI's JSON interface)."""

    # notation
    EMPTY = "empty"
    UNKNOWN_TOKEN = "unknown_token"
    FIFTH_COPY = "fifth_copy"
    TILE_COUNT = "tile_count"
    MALFORMED_MELD = "malformed_meld"
    WILD_IN_MELD = "wild_in_meld"
    MISSING_INDICATOR = "missing_indicator"
    CONFLICTING_WORDS = "conflicting_words"
    BAD_SEAT = "bad_seat"
    BAD_INDICATOR = "bad_indicator"  # 翻 not followed by exactly one real tile
    BAD_WINNING_TILE = "bad_winning_tile"  # + not followed by exactly one tile, or two +
    UNKNOWN_RULESET = "unknown_ruleset"
    BAD_BASE = "bad_base"
    # rules
    NOT_WINNING = "not_winning"
    DISCARD_WIN_FORBIDDEN = "discard_win_forbidden"
    DISCARDED_WILD = "discarded_wild"
    THREE_WILDS = "three_wilds"
    UNDER_FOUR_TAI = "under_four_tai"
    DEALER_MISMATCH = "dealer_mismatch"  # 天胡 by a non-dealer, 地胡 by the dealer
    KONGS_NOT_SETTLED = "kongs_not_settled"  # a kong payment under a ruleset without them
    # quick entry
    INCONSISTENT = "inconsistent"
    UNREACHABLE_TAI = "unreachable_tai"  # 双辣 台N above what the declared shape can reach
    # command line
    USAGE = "usage"  # bad options or arguments to python -m scoring
    INTERNAL = "internal"  # a bug, reported as an error value instead of a traceback


# The position of a token that stands for a word the caller gave as a value
# (``scoring.WinFacts``), not typed: it has no place in the line.
SAID_POSITION: Final = -2


@dataclass(frozen=True)
class Said:
    """A word the caller gave as a value, not typed (the discarder of a ``WinFacts`` …):
    ``kind`` is the ``WordKind`` value (discarder, robbed_kong_of, contract_payer, seat_wind,
    round_wind), ``seat`` the seat as a seat, for the caller to name as its players know it."""

    kind: str
    seat: Seat


@dataclass(frozen=True)
class Naming:
    """What a caller needs to name an error's words its own way: the word given as a value
    the token stands for (``said``) and the values the message names besides the token."""

    said: Said | None = None
    params: Mapping[str, object] = field(default_factory=dict)


class ScoringError(ValueError):
    """A hand, a word or a declaration the core refuses; carries code, token and position.

    ``said`` is set when the token is a word the caller gave as a value (``token`` is then
    the core's writing of it, 点炮S, and ``position`` None); ``params`` hold the values a
    message names besides the token, seats as seats and given words as ``Said``: a
    CONFLICTING_WORDS error between two context words carries ``other`` (the earlier word,
    its text or a ``Said``) and ``why`` ((zh, en): why they cannot stand together), so a
    caller can say it with its own names (``message`` writes ``Said`` the core's way).
    """

    def __init__(
        self,
        code: ScoringErrorCode,
        zh: str,
        en: str,
        token: str | None = None,
        position: int | None = None,
        *,
        naming: Naming | None = None,
    ) -> None:
        super().__init__(zh)
        self.code = code
        self.zh = zh
        self.en = en
        self.token = token
        self.position = None if position == SAID_POSITION else position
        self.said = naming.said if naming else None
        self.params: Mapping[str, object] = naming.params if naming else {}

    def message(self, lang: str = "zh") -> str:
        """The message in ``lang`` ('zh' or 'en'), naming the token and where it is."""
        text = self.en if lang == "en" else self.zh
        if self.token is None:
            return text
        if lang == "en":
            where = f" (at character {self.position + 1})" if self.position is not None else ""
            return f"“{self.token}”{where}: {text}"
        where = f"（第 {self.position + 1} 个字符）" if self.position is not None else ""
        return f"「{self.token}」{where}：{text}"

    def to_json(self, lang: str = "zh") -> dict[str, Any]:
        return {
            "code": self.code.value,
            "message": self.message(lang),
            "token": self.token,
            "position": self.position,
        }

    def __repr__(self) -> str:
        return f"ScoringError({self.code.value!r}, token={self.token!r}, position={self.position})"

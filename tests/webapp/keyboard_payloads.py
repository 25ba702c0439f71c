"""Hands as the keyboard page sends them, written compactly: the tiles a finger taps, in the
order of a typed MPSZ group ("123m5z" taps 1m 2m 3m 5z)."""

from __future__ import annotations

import re
from typing import Any

_GROUP = re.compile(r"(\d+)([mpsz])")


def faces(mpsz: str) -> list[str]:
    """'123m5z' → ['1m', '2m', '3m', '5z']."""
    return [f"{digit}{suit}" for digits, suit in _GROUP.findall(mpsz) for digit in digits]


def tapped(
    tiles: str,
    win: str | None = None,
    how: str = "self_draw",
    melds: tuple[tuple[str, str], ...] = (),
    **more: Any,
) -> dict[str, Any]:
    """A keyboard payload: winner 甲's seat (E) unless ``winner`` is given."""
    return {
        "winner": "E",
        "tiles": faces(tiles),
        "melds": [{"kind": kind, "tiles": faces(meld)} for kind, meld in melds],
        "winning": win,
        "how": how,
        **more,
    }

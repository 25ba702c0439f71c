"""The button registry: each feature declares, beside the handler that takes its presses, the
callback-data prefix its buttons carry and the widest data it writes after it; ``bot.app``
registers every route in one loop (the press no route takes is answered last).

Telegram refuses a button whose callback_data is over 64 bytes, and a press goes to the first
handler whose prefix matches: ``checked_routes`` refuses both mistakes before the bot starts.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from bot.context import UpdateHandler

CALLBACK_DATA_LIMIT: Final = 64  # bytes, Telegram's limit on a button's callback_data
# The widest entry id a button may name: ten digits are ten billion entries.
WIDEST_ENTRY_ID: Final = "9" * 10
# The widest entry ids of one recording: a 一炮多响 writes up to three wins.
WIDEST_HAND_IDS: Final = ",".join([WIDEST_ENTRY_ID] * 3)


@dataclass(frozen=True)
class ButtonRoute:
    """Presses whose data starts with ``prefix`` go to ``handler``; ``widest`` is the longest
    data the feature writes after the prefix (checked against Telegram's 64 bytes)."""

    prefix: str
    handler: UpdateHandler
    widest: str

    @property
    def pattern(self) -> str:
        return "^" + re.escape(self.prefix)

    @property
    def widest_data(self) -> str:
        return self.prefix + self.widest


def checked_routes(routes: Sequence[ButtonRoute]) -> tuple[ButtonRoute, ...]:
    """The routes, refused (ValueError naming them) when two features share a prefix (one
    starts with the other's: the first registered would take both's presses) or a feature's
    widest data is over Telegram's 64 bytes."""
    for route in routes:
        size = len(route.widest_data.encode())
        if size > CALLBACK_DATA_LIMIT:
            raise ValueError(
                f"{route.widest_data!r} is {size} bytes: Telegram takes {CALLBACK_DATA_LIMIT}"
            )
    for index, route in enumerate(routes):
        for other in routes[index + 1 :]:
            if route.prefix.startswith(other.prefix) or other.prefix.startswith(route.prefix):
                raise ValueError(
                    f"buttons {route.prefix!r} ({route.handler.__qualname__}) and"
                    f" {other.prefix!r} ({other.handler.__qualname__}) share a prefix"
                )
    return tuple(routes)

"""One button flow's state: what has been tapped, which step shows, and the line it means.

A flow is kept in its chat's ``ChatState.flows`` under a short id (the opening update's id in
base 36); every button carries that id and the flow's revision, so a press on a keyboard the
flow has moved past changes nothing. The recording's ``Source`` is the flow (the opening
update and the flow's message), so a confirm pressed twice or replayed writes once.
"""

from __future__ import annotations

import string
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final

from scoring.tiles import Seat

PREFIX: Final = "tap:"
LIFETIME_SECONDS: Final = 15 * 60
_DIGITS: Final = string.digits + string.ascii_lowercase


class Kind(StrEnum):
    HU = "hu"
    KONG = "kong"
    DRAW = "draw"


class Step(StrEnum):
    WHO = "who"  # the winners (toggled) or the kong's owner
    HOW = "how"  # 自摸 点炮 抢杠 杠开, or 明杠 暗杠 补杠
    FROM = "from"  # the discarder, the robbed player, or who gave the exposed kong
    PATTERNS = "patterns"  # one winner's patterns (and 有花/无花 where it matters)
    PREVIEW = "preview"


# The ways a hand is won, as quick entry writes them; those after a seat need one.
HOW_WORDS: Final = ("自摸", "点炮", "抢杠", "杠开")
HOW_NEEDS_SEAT: Final = frozenset({"点炮", "抢杠"})
KONG_WORDS: Final = ("明杠", "暗杠", "补杠")
KONG_NEEDS_SEAT: Final = frozenset({"明杠"})
MOST_WINNERS: Final = 3  # someone gave the tile


@dataclass
class Flow:
    """What a chat's button flow holds between presses."""

    id: str
    kind: Kind
    session_id: int
    update_id: int  # the update that opened it: the recording's source
    deadline: float  # time.monotonic() after which it is expired
    step: Step
    message_id: int | None = None  # the message that edits itself, once sent
    revision: int = 0
    winners: list[Seat] = field(default_factory=list)
    how: str | None = None
    discarder: Seat | None = None
    words: dict[Seat, list[str]] = field(default_factory=dict)  # each winner's patterns
    wild: dict[Seat, str] = field(default_factory=dict)  # 有花 / 无花, where said
    turn: int = 0  # whose patterns the PATTERNS step shows
    trail: list[tuple[Step, int]] = field(default_factory=list)  # for ◀

    def go(self, step: Step, turn: int = 0) -> None:
        self.trail.append((self.step, self.turn))
        self.step, self.turn = step, turn

    def back(self) -> None:
        if self.trail:
            self.step, self.turn = self.trail.pop()

    def data(self, action: str) -> str:
        """A button's callback data: 'tap:ID:REVISION:ACTION' (well under 64 bytes)."""
        return f"{PREFIX}{self.id}:{self.revision}:{action}"

    @property
    def winner(self) -> Seat:
        """The winner whose patterns are being chosen."""
        return self.winners[self.turn]

    def claim_words(self, seat: Seat) -> list[str]:
        return [*self.words.get(seat, []), *([self.wild[seat]] if seat in self.wild else [])]


def flow_id(update_id: int) -> str:
    """A short id for the flow an update opens: its id in base 36."""
    digits = ""
    number = abs(update_id)
    while True:
        number, digit = divmod(number, 36)
        digits = _DIGITS[digit] + digits
        if number == 0:
            return digits


@dataclass(frozen=True)
class Press:
    """A press's data read back: the flow, the keyboard's revision and what was pressed."""

    flow_id: str
    revision: int
    action: str


def read_press(data: str) -> Press | None:
    """The press in a button's data; None for data no flow wrote (a client may send any)."""
    parts = data.removeprefix(PREFIX).split(":")
    if len(parts) != 3 or not parts[1].isdigit() or not parts[0].isalnum():
        return None
    return Press(parts[0], int(parts[1]), parts[2])


def hu_line(flow: Flow, name: Callable[[Seat], str]) -> str:
    """The /hu line the flow stands for: '甲 点炮 丙 七对', or per winner '甲 点炮 丙 七对；乙 爆头'
    (一炮多响), players written by ``name``."""
    first, *others = flow.winners
    how = [flow.how or ""]
    if flow.how in HOW_NEEDS_SEAT and flow.discarder is not None:
        how.append(name(flow.discarder))
    if not any(flow.claim_words(seat) for seat in others):
        head = [*map(name, flow.winners), *how, *flow.claim_words(first)]
        return " ".join(head)
    segments = [" ".join([name(first), *how, *flow.claim_words(first)])]
    segments.extend(" ".join([name(seat), *flow.claim_words(seat)]) for seat in others)
    return "；".join(segments)


def kong_line(flow: Flow, name: Callable[[Seat], str]) -> str:
    """The /kong line the flow stands for: '甲 明杠 丙', '甲 暗杠'."""
    owner = flow.winners[0]
    words = [name(owner), flow.how or ""]
    if flow.how in KONG_NEEDS_SEAT and flow.discarder is not None:
        words.append(name(flow.discarder))
    return " ".join(words)

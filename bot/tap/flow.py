"""One button flow's state: what has been tapped, which step shows, and the line it means.

A flow is kept in its chat's ``ChatState.flows`` under a short id (the opening update's id in
base 36); every button carries that id and the flow's revision, so a press on a keyboard the
flow has moved past changes nothing. The recording's ``Source`` is the flow (the opening
update and the flow's message), so a confirm pressed twice or replayed writes once.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final

from bot.grammar import HuCommand, KongCommand, WinClaim
from scoring.payments import KongKind
from scoring.tiles import Seat

PREFIX: Final = "tap:"
NEXT_HAND: Final = f"{PREFIX}next"  # ➕ 记一手 under a recording reply: a new /hu flow
LIFETIME_SECONDS: Final = 15 * 60
_DIGITS: Final = string.digits + string.ascii_lowercase


class Kind(StrEnum):
    HU = "hu"
    KONG = "kong"
    DRAW = "draw"


class Step(StrEnum):
    WHO = "who"  # the winner or the kong's owner: a tap goes on at once
    HOW = "how"  # 自摸 点炮 抢杠 杠开, or 暗杠 补杠 明杠·X (the kind and its giver in one)
    FROM = "from"  # the discarder or the robbed player
    PATTERNS = "patterns"  # one winner's patterns, the hand's money and ✅ on the same step
    ADD = "add"  # ➕ 还有人胡: another winner on the same tile (一炮多响)
    PREVIEW = "preview"  # a kong's or a draw's money and ✅


# The ways a hand is won, as quick entry writes them; those after a seat need one.
HOW_WORDS: Final = ("自摸", "点炮", "抢杠", "杠开")
HOW_NEEDS_SEAT: Final = frozenset({"点炮", "抢杠"})
KONG_WORDS: Final = ("明杠", "暗杠", "补杠")
KONG_NEEDS_SEAT: Final = frozenset({"明杠"})
MOST_WINNERS: Final = 3  # someone gave the tile
_KONG_KINDS: Final = {kind.zh: kind for kind in KongKind}
_SPLITS: Final = re.compile(r"[;；|:：]")  # what the /hu grammar splits a line on


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
    # each winner's patterns, as the session's ruleset spells them (飘一花 under 硬飘花)
    words: dict[Seat, list[str]] = field(default_factory=dict)
    wild: dict[Seat, str] = field(default_factory=dict)  # 有花 / 无花, where said
    turn: int = 0  # whose patterns the PATTERNS step shows
    more: bool = False  # the PATTERNS step shows the patterns behind 「更多」
    usage: dict[str, int] = field(default_factory=dict)  # the chat's pattern counts: order
    # The patterns step's buttons in the order first shown, per (winner, how won, from whom):
    # later taps keep it (and which page each is on) instead of moving buttons under a finger.
    layout: dict[tuple[Seat, str | None, Seat | None], tuple[int, ...]] = field(
        default_factory=dict
    )
    # For ◀: the step, whose turn it was and how many winners there were then.
    trail: list[tuple[Step, int, int]] = field(default_factory=list)

    def go(self, step: Step, turn: int = 0) -> None:
        self.trail.append((self.step, self.turn, len(self.winners)))
        self.step, self.turn, self.more = step, turn, False

    def back(self) -> None:
        """The step before, without the winners tapped since (a winner tapped on WHO or
        ADD is untapped by ◀)."""
        if not self.trail:
            return
        self.step, self.turn, count = self.trail.pop()
        self.more = False
        for seat in self.winners[count:]:
            self.words.pop(seat, None)
            self.wild.pop(seat, None)
        del self.winners[count:]

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
    """The /hu line the flow stands for, for display and as a player would type it:
    '甲 点炮 丙 七对', or per winner '甲 点炮 丙 七对；乙 爆头' (一炮多响; one segment only
    while no winner has patterns, as one segment gives every winner its words)."""
    first, *others = flow.winners
    how = [flow.how or ""]
    if flow.how in HOW_NEEDS_SEAT and flow.discarder is not None:
        how.append(name(flow.discarder))
    if not any(flow.claim_words(seat) for seat in flow.winners) or not others:
        head = [*map(name, flow.winners), *how, *flow.claim_words(first)]
        return " ".join(word for word in head if word)
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


def hu_command(flow: Flow) -> HuCommand:
    """The value the typed grammar makes of ``hu_line``, built from the taps: each winner's
    own words (自摸/杠开 said, a discarder or robbed player given as a seat)."""
    gives = flow.how in HOW_NEEDS_SEAT
    said_how = [] if gives or not flow.how else [flow.how]
    claims = tuple(
        WinClaim(seat, " ".join([*said_how, *flow.claim_words(seat)]), full_hand=False)
        for seat in flow.winners
    )
    discarder = flow.discarder if gives else None
    return HuCommand(claims, discarder, robbed=flow.how == "抢杠")


def kong_command(flow: Flow) -> KongCommand:
    """The value the typed grammar makes of ``kong_line``, built from the taps."""
    word = flow.how or ""
    given = flow.discarder if word in KONG_NEEDS_SEAT else None
    return KongCommand(flow.winners[0], _KONG_KINDS[word].value, given)


def line_name(name: Callable[[Seat], str]) -> Callable[[Seat], str]:
    """Players as the shown line writes them: by name, or by seat word where the name holds a
    character the grammar splits on (a Telegram name nobody checked), so the line reads back."""

    def written(seat: Seat) -> str:
        said = name(seat)
        return seat.value if _SPLITS.search(said) else said

    return written

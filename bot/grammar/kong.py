"""/kong OWNER 明杠|暗杠|补杠 [DISCARDER]."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from bot.grammar.errors import GrammarError
from bot.grammar.roster import Roster, player_length, refusal_about, take_player, whole_player
from bot.grammar.seat_words import take_seat_words
from bot.grammar.verbs import split_args
from scoring.tiles import Seat
from scoring.words import WordKind

_KONG_KINDS: Final[Mapping[str, str]] = {
    "明杠": "exposed",
    "直杠": "exposed",
    "大明杠": "exposed",
    "exposed": "exposed",
    "暗杠": "concealed",
    "concealed": "concealed",
    "补杠": "added",
    "加杠": "added",
    "面下杠": "added",
    "added": "added",
}
_GLUED_KONG_KINDS: Final = sorted(
    (kind for kind in _KONG_KINDS if not kind.isascii()), key=len, reverse=True
)


@dataclass(frozen=True)
class KongCommand:
    owner: Seat
    kind: str  # "exposed" 明杠 | "concealed" 暗杠 | "added" 补杠
    discarder: Seat | None


def parse_kong(text: str, roster: Roster) -> KongCommand:
    """/kong OWNER 明杠|暗杠|补杠 [DISCARDER]: the kind may come first (/kong 暗杠 甲);
    the first player named owns the kong, a second one (or 点炮 X) discarded it."""
    words = [piece for word in split_args(text) for piece in _kind_apart(word)]
    if len(words) < 2:
        raise GrammarError("kong_usage")
    kind_at = next((i for i, word in enumerate(words) if word.lower() in _KONG_KINDS), None)
    if kind_at is None:
        taken = take_player(words, roster)
        if taken is None:
            raise GrammarError("unknown_player", token=words[0], roster=roster)
        raise GrammarError("kong_kind", token=words[taken[1]] if len(words) > taken[1] else None)
    kind_word = words[kind_at]
    kind = _KONG_KINDS[kind_word.lower()]
    rest, named = take_seat_words(words[:kind_at] + words[kind_at + 1 :], roster)
    used = player_length(rest, roster) or 1  # an unknown owner is named in the refusal
    owner = whole_player(rest[:used], roster)
    rest = rest[used:]
    discards = [one.seat for one in named if one.kind is WordKind.DISCARDER]
    discarder = discards[0] if discards else None
    if rest:
        plain = whole_player(rest, roster)
        if discarder is not None and plain != discarder:
            raise refusal_about("two_discarders", plain, roster)
        discarder = plain
    if kind == "exposed" and discarder is None:
        raise GrammarError("kong_needs_discarder")
    if kind != "exposed" and discarder is not None:
        raise GrammarError("kong_no_discarder", token=kind_word)
    if discarder == owner:
        raise refusal_about("kong_discarder_is_owner", owner, roster)
    return KongCommand(owner=owner, kind=kind, discarder=discarder)


def _kind_apart(word: str) -> list[str]:
    """大刘暗杠 → 大刘 暗杠; 明杠丙 → 明杠 丙 (Chinese kinds glued to a name)."""
    for kind in _GLUED_KONG_KINDS:
        before, found, after = word.partition(kind)
        if found and (before or after):
            return [piece for piece in (before, kind, after) if piece]
    return [word]

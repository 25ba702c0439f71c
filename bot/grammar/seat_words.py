"""Words taking a seat (点炮 丙, 抢杠 X, 承包N, ron Amy, rob kong Bob): taken out of a /hu or
/kong line with the player they name, and read again in stored lines."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from bot.grammar.errors import GrammarError
from bot.grammar.roster import Roster, take_player
from scoring.tiles import Seat
from scoring.vocabulary import is_seat_word, seat_word_at
from scoring.words import WordKind

# Words that take a seat right after them, glued (点炮S) or as the next word (点炮 丙).
DISCARD_PREFIXES: Final = ("点炮", "放冲", "放炮")
ROBBED_PREFIX: Final = "抢杠"
CONTRACT_PREFIX: Final = "承包"
_SEAT_PREFIXES: Final = (*DISCARD_PREFIXES, ROBBED_PREFIX, CONTRACT_PREFIX)
# The word a refusal quotes for each word taking a seat (ron, rob, 抢杠胡, 点冲 …): the typed
# one when it is one of ours.
_SEAT_WORD_OF: Final[Mapping[WordKind, str]] = {
    WordKind.DISCARDER: "点炮",
    WordKind.ROBBED_KONG: ROBBED_PREFIX,
    WordKind.CONTRACT: CONTRACT_PREFIX,
}
# A seat word as a recorded line writes it (ScoreResult.line): 点炮W, 承包N …
SEAT_WORD_CODE: Final = re.compile(r"(" + "|".join(_SEAT_PREFIXES) + r")([ESWN])")
# The same words as an English table types them (the grammar writes the Chinese ones).
SEAT_WORDS_EN: Final[Mapping[str, str]] = {
    **dict.fromkeys(DISCARD_PREFIXES, "ron"),
    ROBBED_PREFIX: "rob",
    CONTRACT_PREFIX: "contract",
}


@dataclass(frozen=True)
class SeatNamed:
    """A player named after a word taking a seat (点炮 丙, 承包N, rob Amy)."""

    seat: Seat
    kind: WordKind
    word: str  # the word a refusal quotes: 点炮, 放冲, 抢杠, 承包

    def quoted(self, roster: Roster) -> str:
        member = roster.members.get(self.seat)
        return f"{self.word} {member.name if member else self.seat.zh}"


def take_seat_words(words: Sequence[str], roster: Roster) -> tuple[list[str], list[SeatNamed]]:
    """Take out each word taking a seat (点炮/抢杠/承包, ron, rob …) with the player after it;
    return the other words and each player so named."""
    out: list[str] = []
    named: list[SeatNamed] = []
    words = _joined_phrases(words)
    index = 0
    while index < len(words):
        found = seat_word_at(words[index])
        if found is None:
            out.append(words[index])
            index += 1
            continue
        typed, kind = found
        seat, after, used = _player_after(words, index, len(typed), roster)
        out.extend([after] if after else [])
        written = typed if typed in _SEAT_PREFIXES else _SEAT_WORD_OF[kind]
        named.append(SeatNamed(seat, kind, written))
        index += 1 + used
    return out, named


def is_seat_prefixed(word: str) -> bool:
    return seat_word_at(word) is not None


def _player_after(
    words: Sequence[str], index: int, size: int, roster: Roster
) -> tuple[Seat, str, int]:
    """The player after the seat word of ``size`` characters at ``words[index]``: glued to it
    (点炮丙, with what follows glued: 点炮丙七对 → 七对) or the next words; the seat, what
    was glued after the player, and how many more words that took."""
    word = words[index]
    target = word[size:]
    if not target:
        taken = take_player(words[index + 1 :], roster)
        if taken is None:
            if index + 1 >= len(words):
                raise GrammarError("prefix_needs_player", token=word)
            raise GrammarError("unknown_player", token=words[index + 1], roster=roster)
        return taken[0], "", taken[1]
    seat = roster.seat_of(target)
    if seat is not None:
        return seat, "", 0
    glued = roster.split_name(target)
    if glued is None:
        raise GrammarError("unknown_player", token=target, roster=roster)
    return glued[0], glued[1], 0


def _joined_phrases(words: Sequence[str]) -> list[str]:
    """The words with each spaced English seat word made one (discarded by, rob kong)."""
    out: list[str] = []
    index = 0
    while index < len(words):
        for count in (3, 2):
            phrase = " ".join(words[index : index + count])
            if index + count <= len(words) and is_seat_word(phrase.casefold()):
                out.append(phrase)
                index += count
                break
        else:
            out.append(words[index])
            index += 1
    return out

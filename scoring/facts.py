"""What the caller knows of a win, given as values instead of words in the line.

A chat knows who won, who discarded (or whose kong was robbed), who is liable under
三摊承包 and the table's winds before it reads a word the players typed. ``WinFacts`` hands
those to ``score`` and ``quick`` as seats; the core reads them as the words they stand for
(点炮S, 抢杠S, 承包S, 座E, 圈E) without writing them into the line. An error about one of
them names it by ``ScoringError.said`` (a ``Said``: its kind and seat) so the caller can
name the seat as its players know it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from scoring.errors import SAID_POSITION
from scoring.lexicon import Token
from scoring.tiles import Seat
from scoring.words import Word, WordKind, write_word


@dataclass(frozen=True)
class WinFacts:
    """The winner and the seats around the win.

    ``discarder``, ``robbed`` (whose added kong was robbed) and ``contract`` are read as if
    they were written before the words (a word contradicting one is the one refused);
    ``seat_wind`` and ``round_wind`` are the table's, used where the words state none (a
    座X the player typed wins)."""

    winner: Seat
    discarder: Seat | None = None
    robbed: Seat | None = None
    contract: Seat | None = None
    seat_wind: Seat | None = None
    round_wind: Seat | None = None

    def said(self) -> tuple[Word, ...]:
        """The words the seats given stand for: 点炮S, 抢杠S, 承包S."""
        given = (
            (WordKind.DISCARDER, self.discarder),
            (WordKind.ROBBED_KONG, self.robbed),
            (WordKind.CONTRACT, self.contract),
        )
        return tuple(Word(kind, seat) for kind, seat in given if seat is not None)

    def winds(self) -> tuple[Word, ...]:
        """The words the table's winds stand for: 座E, 圈E."""
        given = ((WordKind.SEAT_WIND, self.seat_wind), (WordKind.ROUND_WIND, self.round_wind))
        return tuple(Word(kind, seat) for kind, seat in given if seat is not None)


def _said(word: Word) -> tuple[Word, Token]:
    return word, Token(write_word(word), SAID_POSITION)


def with_facts(
    found: Sequence[tuple[Word, Token]], facts: WinFacts | None
) -> Sequence[tuple[Word, Token]]:
    """A line's context words with the facts' words: the seats first, then the words, then
    each of the table's winds the words do not state."""
    if facts is None:
        return found
    typed = {word.kind for word, _ in found}
    winds = [_said(word) for word in facts.winds() if word.kind not in typed]
    return [*map(_said, facts.said()), *found, *winds]


def winner_of(winner: str | Seat | None, facts: WinFacts | None) -> str | Seat:
    """The winner an entry point scores for: the facts', or the one given (East by default)."""
    if facts is None:
        return "E" if winner is None else winner
    if winner is not None:
        raise TypeError("the winner is given twice: leave out winner when giving facts")
    return facts.winner


def line_of(words: str, facts: WinFacts, read: Mapping[str, Token]) -> str:
    """The one line the string API (``score(line)``, ``quick(line)``, the CLI) reads as
    ``words`` with ``facts``: the seats' words first, the words, then the table's winds the
    words do not state (``read``: each word kind's token as the words were read)."""
    said = [write_word(word) for word in facts.said()]
    winds = [
        write_word(word)
        for word in facts.winds()
        if read[word.kind.value].position == SAID_POSITION
    ]
    return " ".join([*said, *words.split(), *winds])

"""/hu WINNER [WINNER…] [HAND] WORDS [; WINNER …]: the winners, who gave the tile and each
winner's words for the scoring core."""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from bot.grammar.errors import GrammarError
from bot.grammar.roster import Roster, player_length, refusal_about, take_player
from bot.grammar.seat_words import SeatNamed, is_seat_prefixed, take_seat_words
from bot.grammar.verbs import split_words
from scoring.tiles import Seat
from scoring.vocabulary import holds_tiles, is_scoring_word, is_seat_word, takes_argument
from scoring.words import WordKind

# A name and what follows it: 甲：自摸, Amy: tsumo.
_AFTER_NAME: Final = re.compile(r"[:：]")
_SEGMENT_SPLIT: Final = re.compile(r"[;；|]")
# A /hu line is stored with the hand and shown again in /history: a hand of 18 tiles and its
# words fits in a fraction of this; no word of it means anything said five times.
MAX_LINE_LENGTH: Final = 300
MAX_WORD_REPEATS: Final = 4


@dataclass(frozen=True)
class WinClaim:
    """One winner of a /hu: the table seat and the player's words for the scoring core."""

    winner: Seat
    words: str  # hand or quick words as typed, the players they name taken out (点炮 丙)
    full_hand: bool
    contract: Seat | None = None  # 承包 丙: who pays for this winner (三摊承包)


@dataclass(frozen=True)
class HuCommand:
    """A whole /hu: one winner, or several on one discard (一炮多响)."""

    claims: tuple[WinClaim, ...]
    discarder: Seat | None  # who threw the tile, or whose kong was robbed (抢杠)
    robbed: bool = False
    discard_word: str = "点炮"  # how the line said it (点炮, 放冲, 放炮): refusals quote it


@dataclass
class _Segment:
    """One winner's part of a /hu (the parts split by ；): the winners, the other words, and
    the players named after seat words."""

    winners: list[Seat]
    words: list[str]
    named: list[SeatNamed]


def check_line_size(text: str) -> None:
    """A /hu line of a sane size: no word said more than ``MAX_WORD_REPEATS`` times (named),
    at most ``MAX_LINE_LENGTH`` characters."""
    words = split_words(text)
    counts = Counter(word.casefold() for word in words)
    for word in words:
        if counts[word.casefold()] > MAX_WORD_REPEATS:
            raise GrammarError("word_repeated", token=word, times=counts[word.casefold()])
    if len(text) > MAX_LINE_LENGTH:
        raise GrammarError("line_too_long", token=text, limit=MAX_LINE_LENGTH)


def parse_hu(text: str, roster: Roster) -> HuCommand:
    """/hu WINNER [WINNER…] [HAND] WORDS [; WINNER …]: seats resolved through the roster."""
    check_line_size(text)
    parts = [seg for seg in _SEGMENT_SPLIT.split(_AFTER_NAME.sub(" ", text)) if seg.strip()]
    if not parts:
        raise GrammarError("hu_usage")
    segments: list[_Segment] = []
    for part in parts:
        earlier = [seat for segment in segments for seat in segment.winners]
        winners, words = _segment_winners(split_words(part), roster, earlier)
        words, named = take_seat_words(words, roster)
        segments.append(_Segment(winners, words, named))
    giver = _giver([named for segment in segments for named in segment.named], roster)
    discarder = giver.seat if giver else None
    winners = [seat for segment in segments for seat in segment.winners]
    if discarder is not None and discarder in winners:
        raise refusal_about("discarder_is_winner", discarder, roster)
    if len(winners) > 1 and discarder is None:
        raise GrammarError("multi_needs_discard")
    if len(winners) > 3:
        raise GrammarError("too_many_winners")
    claims = [
        claim
        for segment in segments
        for claim in _claims(segment, roster, given=discarder is not None)
    ]
    return HuCommand(
        claims=tuple(claims),
        discarder=discarder,
        robbed=giver is not None and giver.kind is WordKind.ROBBED_KONG,
        discard_word=giver.word if giver and giver.kind is WordKind.DISCARDER else "点炮",
    )


def is_full_hand(words: str) -> bool:
    """Whether a /hu line carries tiles (scored from the hand) or only words (quick entry)."""
    return holds_tiles(words)


def _segment_winners(
    words: list[str], roster: Roster, earlier: Sequence[Seat]
) -> tuple[list[Seat], list[str]]:
    """The winners of a segment (named first, or after a word) and its other words."""
    winners, words = _leading_winners(words, roster, earlier)
    if winners:
        return winners, words
    winners, words = _winners_inside(words, roster)
    again = [seat for seat in winners if seat in earlier]
    if again:
        raise refusal_about("winner_twice", again[0], roster)
    return winners, words


def _leading_winners(
    words: list[str], roster: Roster, earlier: Sequence[Seat]
) -> tuple[list[Seat], list[str]]:
    """The players the segment starts with (/hu 甲 乙 点炮 丙, /hu 老王自摸爆头) and the rest."""
    winners: list[Seat] = []
    while words:
        # Once a winner is named, a scoring word is the word (a member named 自摸 is
        # written by @username or seat); first, a seated name beats ron/rob.
        if winners and is_scoring_word(words[0]):
            break
        if is_seat_prefixed(words[0]) and (winners or roster.member_seat(words[0]) is None):
            break
        taken = take_player(words, roster)
        if taken is None:
            glued = roster.split_name(words[0]) if not winners else None
            if glued is not None:  # /hu 老王自摸爆头
                winners.append(glued[0])
                words = [glued[1], *words[1:]]
            break
        seat, used = taken
        words = words[used:]
        if seat in winners or seat in earlier:
            raise refusal_about("winner_twice", seat, roster)
        winners.append(seat)
    return winners, words


def _winners_inside(words: list[str], roster: Roster) -> tuple[list[Seat], list[str]]:
    """Winners written after a word (/hu 自摸 老王 爆头) and the words without them.

    Only for quick entry, only by name or @username (a lone 东 may be a tile or a seat
    wind), and only one run of names: anything else is too unclear to guess."""
    unknown = GrammarError("unknown_winner", token=words[0] if words else None, roster=roster)
    if is_full_hand(" ".join(words)):
        raise unknown
    runs: list[tuple[int, int, Seat]] = []
    index = 0
    while index < len(words):
        word = words[index]
        if is_seat_word(word):  # 点炮 丙: 丙 discarded
            index += 1 + player_length(words[index + 1 :], roster)
            continue
        if takes_argument(word):  # 座 E, 翻 1m: the next word is never a winner
            index += 2
            continue
        taken = (
            None
            if is_seat_prefixed(word) or is_scoring_word(word)
            else take_player(words[index:], roster, names_only=True)
        )
        if taken is None:
            index += 1
            continue
        runs.append((index, index + taken[1], taken[0]))
        index += taken[1]
    if not runs:
        raise unknown
    start, end = runs[0][0], runs[-1][1]
    if any(a[1] != b[0] for a, b in itertools.pairwise(runs)):
        raise GrammarError("winner_unclear", token=" ".join(words[start:end]), roster=roster)
    winners: list[Seat] = []
    for _, _, seat in runs:
        if seat in winners:
            raise refusal_about("winner_twice", seat, roster)
        winners.append(seat)
    return winners, words[:start] + words[end:]


def _giver(named: Sequence[SeatNamed], roster: Roster) -> SeatNamed | None:
    """Who gave the winning tile (点炮 X or 抢杠 X), named once for every winner."""
    giver: SeatNamed | None = None
    for one in named:
        if one.kind is WordKind.CONTRACT:
            continue
        if giver is not None and one.seat != giver.seat:
            raise refusal_about("two_discarders", one.seat, roster)
        if giver is not None and one.kind is not giver.kind:
            raise GrammarError("discard_and_rob", token=one.quoted(roster))
        giver = giver or one
    return giver


def _claims(segment: _Segment, roster: Roster, given: bool) -> list[WinClaim]:
    """One claim per winner of the segment; ``given``: the /hu names who gave the tile."""
    contracts = [one for one in segment.named if one.kind is WordKind.CONTRACT]
    if any(one.seat != contracts[0].seat for one in contracts):
        other = next(one for one in contracts if one.seat != contracts[0].seat)
        raise GrammarError("two_contracts", token=other.quoted(roster))
    words = " ".join(segment.words)
    if not (words or given or contracts):
        raise refusal_about("hu_needs_words", segment.winners[0], roster)
    contract = contracts[0].seat if contracts else None
    full_hand = is_full_hand(words)
    return [WinClaim(winner, words, full_hand, contract) for winner in segment.winners]

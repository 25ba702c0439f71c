"""The chat grammar, as pure functions: what a line in the group asks the bot to do.

Nothing here talks to Telegram, the ledger or the scoring core. The handlers give a
``Roster`` (who sits where in the open session) and get back plain values whose seats
are table seats, ready for ``scoring`` and ``storage``. Every refusal is a
``GrammarError`` carrying an i18n key and the offending token.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from bot.cleaning import as_number, clean_name
from scoring.payments import MAX_BASE
from scoring.tiles import SEAT_ORDER, Seat
from scoring.vocabulary import (
    holds_tiles,
    is_scoring_word,
    is_seat_word,
    seat_word_at,
    starts_with_word,
    takes_argument,
)
from scoring.words import WordKind, parse_seat, read_winds

# Verbs that work without the slash when the bot can see plain text (privacy mode off,
# a reply to the bot, or a private chat): the first word maps to a command.
TEXT_VERBS: Final[Mapping[str, str]] = {
    "胡": "hu",
    "和": "hu",
    "杠": "kong",
    "流局": "draw",
    "荒庄": "draw",
    "撤销": "undo",
    "开局": "new",
    "加入": "join",
    "座位": "seat",
    "积分": "tally",
    "战绩": "tally",
    "历史": "history",
    "结算": "settle",
    "统计": "stats",
    "导出": "export",
    "算分": "score",
    "听牌": "ting",
    "规则": "rules",
    "为什么": "why",
    "帮助": "help",
}
# A slash before a Chinese verb (/流局) is no bot command for Telegram (those are Latin), but it
# reaches a bot in privacy mode all the same: read it as the verb.
TEXT_VERB_PATTERN: Final = re.compile(
    r"^\s*/?(" + "|".join(sorted(map(re.escape, TEXT_VERBS), key=len, reverse=True)) + r")(\s|$)"
)

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
# The sender, in /hu and /kong (self is 自摸 there).
ME_WORDS: Final = frozenset({"我", "me"})
# Who /new and /join read as the sender.
SENDER_WORDS: Final = ME_WORDS | {"self"}
# A name and what follows it: 甲：自摸, Amy: tsumo.
_AFTER_NAME: Final = re.compile(r"[:：]")
# A stake as people write it: -1, 1.5, 5块, 底分5 (whole numbers alone are read as 底分).
_STAKE_LIKE: Final = re.compile(r"底分.*|[-+−]?[0-9０-９][0-9０-９.,．]*(块钱?|元|分)?")
_LIST_SPLIT: Final = re.compile(r"[，、；]")
# A seat word as a recorded line writes it (ScoreResult.line): 点炮W, 承包N …
SEAT_WORD_CODE: Final = re.compile(r"(" + "|".join(_SEAT_PREFIXES) + r")([ESWN])")
# The same words as an English table types them (the grammar writes the Chinese ones).
SEAT_WORDS_EN: Final[Mapping[str, str]] = {
    **dict.fromkeys(DISCARD_PREFIXES, "ron"),
    ROBBED_PREFIX: "rob",
    CONTRACT_PREFIX: "contract",
}
_SEGMENT_SPLIT: Final = re.compile(r"[;；|]")
# /dealer 圈南 / 圈风S: the round wind set by hand.
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
MAX_NAME_LENGTH: Final = 32
# A /hu line is stored with the hand and shown again in /history: a hand of 18 tiles and its
# words fits in a fraction of this; no word of it means anything said five times.
MAX_LINE_LENGTH: Final = 300
MAX_WORD_REPEATS: Final = 4


class GrammarError(ValueError):
    """A line the bot cannot read: an i18n key, the token at fault and format arguments."""

    def __init__(self, key: str, token: str | None = None, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.token = token
        self.params: dict[str, object] = {"token": token, **params}


@dataclass(frozen=True)
class Member:
    """Someone sitting at the table: how the chat may name them."""

    name: str
    username: str | None = None


@dataclass(frozen=True)
class Roster:
    """The seats of the open session, each with the names that point at its player."""

    members: Mapping[Seat, Member] = field(default_factory=dict)
    # The sender's seat, once the handler knows who sent the line: 我 / me name it.
    me: Seat | None = None
    me_known: bool = False

    def seat_of(self, token: str) -> Seat | None:
        """The seat a token names: a seat word (东, E, 东家), a name, an @username, or 我."""
        if self.me_known and token.strip().casefold() in ME_WORDS:
            if self.me is None:
                raise GrammarError("me_not_seated", token=token.strip())
            return self.me
        return parse_seat(token) or self.member_seat(token)

    def member_seat(self, token: str) -> Seat | None:
        """The seat of the player a token names by name or @username (seat words aside)."""
        folded = token.strip().casefold()
        for seat, member in self.members.items():
            if member.name.casefold() == folded:
                return seat
            if member.username and folded in (
                "@" + member.username.casefold(),
                member.username.casefold(),
            ):
                return seat
            if not member.username and folded == "@" + member.name.casefold():
                return seat  # a guest seated from an @name (/new … @alice)
        return None

    def split_name(self, word: str) -> tuple[Seat, str] | None:
        """A player's name glued to what follows (老王自摸 → 老王's seat, '自摸'): the longest
        name or @username the word starts with. Seat words never glue (东 may be a tile),
        and the rest must read as words: Amyy is a typo of Amy, not Amy + 'y'."""
        found: tuple[int, Seat] | None = None
        for seat, member in self.members.items():
            names = [member.name] + ([f"@{member.username}"] if member.username else [])
            for name in names:
                size = len(name)
                glued = size < len(word) and word[:size].casefold() == name.casefold()
                if glued and (found is None or size > found[0]) and _reads_as_words(word[size:]):
                    found = (size, seat)
        return (found[1], word[found[0] :]) if found else None

    def label(self, seat: Seat, lang: str = "zh") -> str:
        """'甲（东）' / '甲 (E)': a player with the seat, or the seat alone when empty."""
        member = self.members.get(seat)
        if lang == "en":
            return f"{member.name} ({seat.value})" if member else seat.value
        return f"{member.name}（{seat.zh}）" if member else f"{seat.zh}家"

    def describe(self, lang: str = "zh") -> str:
        """'东 甲 · 南 乙 …' ('E 甲 · S 乙 …' in English) for error messages."""
        return " · ".join(
            f"{seat.value if lang == 'en' else seat.zh} {self.members[seat].name}"
            for seat in SEAT_ORDER
            if seat in self.members
        )


@dataclass(frozen=True)
class NewSession:
    """/new RULESET [底分|room] [P1..P4]: the stake and the players still as typed."""

    ruleset: str
    base: int | None
    room: str | None
    players: tuple[str, ...]


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


@dataclass(frozen=True)
class _SeatNamed:
    """A player named after a word taking a seat (点炮 丙, 承包N, rob Amy)."""

    seat: Seat
    kind: WordKind
    word: str  # the word a refusal quotes: 点炮, 放冲, 抢杠, 承包

    def quoted(self, roster: Roster) -> str:
        member = roster.members.get(self.seat)
        return f"{self.word} {member.name if member else self.seat.zh}"


@dataclass
class _Segment:
    """One winner's part of a /hu (the parts split by ；): the winners, the other words, and
    the players named after seat words."""

    winners: list[Seat]
    words: list[str]
    named: list[_SeatNamed]


@dataclass(frozen=True)
class KongCommand:
    owner: Seat
    kind: str  # "exposed" 明杠 | "concealed" 暗杠 | "added" 补杠
    discarder: Seat | None


def text_command(text: str) -> tuple[str, str] | None:
    """(command, rest) for a plain-text line that starts with a verb (胡 甲 自摸 → hu, 甲 自摸)."""
    match = TEXT_VERB_PATTERN.match(text)
    if match is None:
        return None
    return TEXT_VERBS[match.group(1)], text[match.end() :].strip()


def split_args(text: str) -> list[str]:
    """Words of an argument string; full-width spaces count as spaces."""
    return text.replace("\u3000", " ").split()


def parse_new(args: Sequence[str], rooms: Mapping[str, int]) -> NewSession:
    """/new RULESET [底分|room] [P1 P2 P3 P4]."""
    if not args:
        raise GrammarError("new_usage")
    ruleset = args[0]
    rest = [piece for word in args[1:] for piece in _LIST_SPLIT.split(word) if piece]
    base: int | None = None
    room: str | None = None
    if len(rest) > 1 and rest[0] == "底分":  # 底分 5
        rest[:2] = ["底分" + rest[1]]
    if rest and (_STAKE_LIKE.fullmatch(rest[0]) or _number_like(rest[0])):
        stake = rest.pop(0)
        base = as_number(stake.removeprefix("底分"))
        if base is None or not 1 <= base <= MAX_BASE:
            raise GrammarError("bad_base", token=stake)
    elif rest and rest[0] in rooms:
        room = rest.pop(0)
        base = rooms[room]
    rest = [piece for word in rest for piece in word.split(",") if piece]  # 甲,乙,丙,丁
    if len(rest) > 4:
        raise GrammarError("too_many_players", token=rest[4])
    rest = [name if name.casefold() in SENDER_WORDS else check_name(name) for name in rest]
    if len({n.casefold() for n in rest}) != len(rest):
        raise GrammarError("duplicate_player", token=_first_duplicate(rest))
    return NewSession(ruleset=ruleset, base=base, room=room, players=tuple(rest))


def _number_like(word: str) -> bool:
    """A word in the 底分's place that is some kind of number (NaN, 1e3, ², 五), so a
    refusal names it as the 底分 rather than as a fifth player."""
    try:
        float(word)
    except ValueError:
        return word.isnumeric()
    return True


def check_name(name: str) -> str:
    """A guest's or player's name as typed, cleaned (``bot.cleaning.clean_name``): something
    visible, no seat words, no scoring words, not too long."""
    typed = name
    name = clean_name(typed)
    if not name:
        raise GrammarError("name_invisible", token=" ".join(f"U+{ord(c):04X}" for c in typed))
    if parse_seat(name) is not None:
        raise GrammarError("name_is_seat", token=name)
    if is_scoring_word(name.lstrip("@")):
        raise GrammarError("name_is_word", token=name)
    if len(name) > MAX_NAME_LENGTH:
        raise GrammarError("bad_name", token=name)
    return name


def check_line_size(text: str) -> None:
    """A /hu line of a sane size: no word said more than ``MAX_WORD_REPEATS`` times (named),
    at most ``MAX_LINE_LENGTH`` characters."""
    words = split_args(text)
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
        winners, words = _segment_winners(split_args(part), roster, earlier)
        words, named = _take_seat_words(words, roster)
        segments.append(_Segment(winners, words, named))
    giver = _giver([named for segment in segments for named in segment.named], roster)
    discarder = giver.seat if giver else None
    winners = [seat for segment in segments for seat in segment.winners]
    if discarder is not None and discarder in winners:
        raise _about("discarder_is_winner", discarder, roster)
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
        raise _about("winner_twice", again[0], roster)
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
        if _is_seat_prefixed(words[0]) and (winners or roster.member_seat(words[0]) is None):
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
            raise _about("winner_twice", seat, roster)
        winners.append(seat)
    return winners, words


def _giver(named: Sequence[_SeatNamed], roster: Roster) -> _SeatNamed | None:
    """Who gave the winning tile (点炮 X or 抢杠 X), named once for every winner."""
    giver: _SeatNamed | None = None
    for one in named:
        if one.kind is WordKind.CONTRACT:
            continue
        if giver is not None and one.seat != giver.seat:
            raise _about("two_discarders", one.seat, roster)
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
        raise _about("hu_needs_words", segment.winners[0], roster)
    contract = contracts[0].seat if contracts else None
    full_hand = is_full_hand(words)
    return [WinClaim(winner, words, full_hand, contract) for winner in segment.winners]


def is_full_hand(words: str) -> bool:
    """Whether a /hu line carries tiles (scored from the hand) or only words (quick entry)."""
    return holds_tiles(words)


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
    rest, named = _take_seat_words(words[:kind_at] + words[kind_at + 1 :], roster)
    used = _player_length(rest, roster) or 1  # an unknown owner is named in the refusal
    owner = _whole_player(rest[:used], roster)
    rest = rest[used:]
    discards = [one.seat for one in named if one.kind is WordKind.DISCARDER]
    discarder = discards[0] if discards else None
    if rest:
        plain = _whole_player(rest, roster)
        if discarder is not None and plain != discarder:
            raise _about("two_discarders", plain, roster)
        discarder = plain
    if kind == "exposed" and discarder is None:
        raise GrammarError("kong_needs_discarder")
    if kind != "exposed" and discarder is not None:
        raise GrammarError("kong_no_discarder", token=kind_word)
    if discarder == owner:
        raise _about("kong_discarder_is_owner", owner, roster)
    return KongCommand(owner=owner, kind=kind, discarder=discarder)


def _kind_apart(word: str) -> list[str]:
    """大刘暗杠 → 大刘 暗杠; 明杠丙 → 明杠 丙 (Chinese kinds glued to a name)."""
    for kind in _GLUED_KONG_KINDS:
        before, found, after = word.partition(kind)
        if found and (before or after):
            return [piece for piece in (before, kind, after) if piece]
    return [word]


def _player_length(words: Sequence[str], roster: Roster) -> int:
    taken = take_player(words, roster)
    return taken[1] if taken else 0


def _whole_player(words: Sequence[str], roster: Roster) -> Seat:
    """The one player all these words name; unknown_player naming them otherwise."""
    if not words:
        raise GrammarError("kong_usage")
    taken = take_player(words, roster)
    if taken is None or taken[1] != len(words):
        raise GrammarError("unknown_player", token=" ".join(words), roster=roster)
    return taken[0]


def parse_entry_id(text: str) -> int | None:
    """'#12', '12' or '' (None)."""
    word = text.strip().lstrip("#＃")
    if not word:
        return None
    number = as_number(word)
    if number is None or number <= 0:
        raise GrammarError("bad_entry_id", token=text.strip())
    return number


@dataclass(frozen=True)
class SeatChange:
    """/seat PLAYER SEAT: a seated player moves (swapping), or a newcomer takes the seat."""

    to: Seat
    mover: Seat | None  # the seat of a player already at the table
    newcomer: str | None  # someone not at the table who replaces the seat's player (换人)


def parse_seat_change(args: Sequence[str], roster: Roster) -> SeatChange:
    """/seat 甲 南 swaps 甲 with whoever sits 南; /seat 戊 南 seats 戊 in 南's place."""
    if len(args) < 2:
        raise GrammarError("seat_usage")
    to = parse_seat(args[-1])
    if to is None:
        raise GrammarError("bad_seat", token=args[-1])
    name = clean_name(" ".join(args[:-1])) or " ".join(args[:-1])
    mover = roster.seat_of(name)
    if mover is not None:
        return SeatChange(to=to, mover=mover, newcomer=None)
    return SeatChange(to=to, mover=None, newcomer=check_name(name))


@dataclass(frozen=True)
class DealerChange:
    """/dealer PLAYER [圈X]: correct who deals (and the round wind) by hand."""

    dealer: Seat | None
    round_wind: Seat | None


def parse_dealer(args: Sequence[str], roster: Roster) -> DealerChange:
    """/dealer 乙 · /dealer 圈南 · /dealer 乙 圈南 · /dealer Bob round N (a player, a seat word,
    and/or the round wind in any form the scoring core reads: 圈南, 圈风S, round wind N)."""
    round_wind, rest = _round_wind_in(args)
    for word in rest:
        if word.startswith("圈") or word.casefold() == "round":
            raise GrammarError("bad_round_wind", token=word)
    dealer = _whole_player(rest, roster) if rest else None
    if dealer is None and round_wind is None:
        raise GrammarError("dealer_usage")
    return DealerChange(dealer=dealer, round_wind=round_wind)


def _round_wind_in(args: Sequence[str]) -> tuple[Seat | None, list[str]]:
    """The round wind the words state (the shortest run of words that states it) and the
    other words."""
    for length in (1, 2, 3):  # 圈南 · round N · round wind N
        for start in range(len(args) - length + 1):
            _, wind = read_winds(" ".join(args[start : start + length]))
            if wind is not None:
                return wind, [*args[:start], *args[start + length :]]
    return None, list(args)


def _take_seat_words(words: Sequence[str], roster: Roster) -> tuple[list[str], list[_SeatNamed]]:
    """Take out each word taking a seat (点炮/抢杠/承包, ron, rob …) with the player after it;
    return the other words and each player so named."""
    out: list[str] = []
    named: list[_SeatNamed] = []
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
        named.append(_SeatNamed(seat, kind, written))
        index += 1 + used
    return out, named


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


def _about(key: str, seat: Seat, roster: Roster) -> GrammarError:
    """A refusal about one seat: the token is the seat, the message names its player."""
    return GrammarError(key, token=seat.zh, who=seat, roster=roster)


def take_player(
    words: Sequence[str], roster: Roster, *, names_only: bool = False
) -> tuple[Seat, int] | None:
    """The player the first words name and how many words that took (Telegram names may
    have spaces: "Dan Wu"); the longest match wins. ``names_only`` ignores seat words."""
    seat_of = roster.member_seat if names_only else roster.seat_of
    for count in range(min(3, len(words)), 0, -1):
        seat = seat_of(" ".join(words[:count]))
        if seat is not None:
            return seat, count
    return None


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
            index += 1 + _player_length(words[index + 1 :], roster)
            continue
        if takes_argument(word):  # 座 E, 翻 1m: the next word is never a winner
            index += 2
            continue
        taken = (
            None
            if _is_seat_prefixed(word) or is_scoring_word(word)
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
            raise _about("winner_twice", seat, roster)
        winners.append(seat)
    return winners, words[:start] + words[end:]


def _is_seat_prefixed(word: str) -> bool:
    return seat_word_at(word) is not None


def _reads_as_words(rest: str) -> bool:
    """Whether what follows a glued name starts with a word (自摸爆头, 点炮丙, 七对, tiles)."""
    return starts_with_word(rest)


def _first_duplicate(names: Sequence[str]) -> str:
    seen: set[str] = set()
    for name in names:
        if name.casefold() in seen:
            return name
        seen.add(name.casefold())
    return names[0]

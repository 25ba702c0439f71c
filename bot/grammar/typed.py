"""How people say a result in the group, read into the one line the commands read.

A typed line (老王自摸爆头, 胡 小李 阿明放炮, 阿明点的炮 小李胡了, Tom tsumo baotou, 台费40) is cut
into pieces: the seated players' names (the longest name first; glued text is cut against
them), the scoring core's words, and the few words people say around them (胡了, 点的炮, 给,
是). Each piece gets a role, and the winners, the discarder and the other words are written
as the canonical line (``老王 自摸 爆头``, ``小李 点炮 阿明``) that ``parse_hu`` reads, that a
suggestion shows and its ✅ records. Pure: the roster and the ruleset are given.

A line without a verb is a result only when it names a seated player and says a result word
(or starts with one: 自摸 老王): anything else is chatter, and chatter gets no answer.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cache, lru_cache
from typing import Final

from bot.grammar.errors import GrammarError
from bot.grammar.hu import check_line_size
from bot.grammar.roster import ME_WORDS, Roster
from bot.grammar.verbs import split_words
from scoring import rulesets
from scoring.errors import ScoringError
from scoring.quick import quick
from scoring.rulesets.base import Ruleset
from scoring.tiles import Seat
from scoring.vocabulary import holds_tiles, is_scoring_word, seat_word_at, spellings
from scoring.words import VOCABULARY, Arg, WordKind, parse_seat


class Role(Enum):
    PLAYER = "player"
    WIN = "win"  # 胡, 胡了, wins: the player next to it won
    DISCARD = "discard"  # 点炮 / 放炮 / 放冲 / ron: the discarder before or after it
    DISCARD_AFTER = "discard_after"  # 点的炮, dealt in: the player before it discarded
    WITH_SEAT = "with_seat"  # 点炮S, 座南: the seat glued to the word
    SEAT_WORD = "seat_word"  # 承包, 抢杠, 座, 圈 …: the piece after it is its argument
    GIVE = "give"  # 阿明放炮给小李: the player after it won
    FROM = "from"  # Tom ron from Amy: the player after it discarded
    WORD = "word"  # a word of the scoring core: 自摸, 爆头, 飘2, 七对 …
    FILLER = "filler"  # 是, 了: said, meaning nothing
    CORRECTION = "correction"  # 不对, 错了: the line corrects something
    OTHER = "other"  # anything else, kept whole (tiles, a typo, chatter)


@dataclass(frozen=True)
class Piece:
    role: Role
    text: str  # as the canonical line writes it
    seat: Seat | None = None


# The words people say around a result, by role (the scoring core's own words aside).
# 和 alone is also "and" (老王和小李): only 和了 says a win here (a line may still start with
# the verb 和, which bot.grammar.verbs reads as 胡).
WIN_WORDS: Final = frozenset({"胡", "胡了", "胡啦", "胡牌", "和了", "hu", "win", "wins", "won"})
DISCARD_AFTER_WORDS: Final = frozenset(
    {"点的炮", "放的炮", "放的冲", "点的冲", "dealt in", "deal in", "deals in", "dealt-in"}
)
GIVE_WORDS: Final = frozenset({"给", "to"})
FROM_WORDS: Final = frozenset({"from", "off"})
FILLER_WORDS: Final = frozenset({"是", "了", "啦", "啊", "呀", "吧", "哦", "嘛", "都", "就"})
CORRECTION_WORDS: Final = frozenset(
    {"不对", "错了", "搞错了", "记错了", "应该是", "改成", "更正", "wrong", "no"}
)
# The verbs a line may start with instead of a name (胡了 老王 …, 自摸 老王 爆头).
_LEADING_KINDS: Final = frozenset({WordKind.SELF_DRAW, WordKind.KONG_CHAIN})
_PHRASES: Final = {
    **dict.fromkeys(WIN_WORDS, Role.WIN),
    **dict.fromkeys(DISCARD_AFTER_WORDS, Role.DISCARD_AFTER),
    **dict.fromkeys(GIVE_WORDS, Role.GIVE),
    **dict.fromkeys(FROM_WORDS, Role.FROM),
    **dict.fromkeys(FILLER_WORDS, Role.FILLER),
    **dict.fromkeys(CORRECTION_WORDS, Role.CORRECTION),
}
_BARE_PIAO: Final = frozenset({"飘", "飘了", "piao", "float"})
# Every word said around a result, for a look at a line before it is read.
TYPED_WORDS: Final = frozenset(_PHRASES) | _BARE_PIAO
# Punctuation that ends or decorates a line (老王自摸了！): never part of a word.
_DECORATION: Final = re.compile(r"[!！?？。~～…]+")
# Several winners on one discard are written with ；(甲 自摸；乙 …): read by parse_hu as typed.
_SEGMENTS: Final = re.compile(r"[;；|]")
_MAX_READINGS: Final = 8
# Pieces the canonical line keeps as words, in the order said.
_WORD_ROLES: Final = frozenset(
    {Role.WORD, Role.OTHER, Role.DISCARD, Role.SEAT_WORD, Role.WITH_SEAT}
)  # ways to cut one glued chunk: more is a line to refuse, not to read


READING_VERB: Final = "胡 "  # how a reading is written: the verb, then the /hu line


@dataclass(frozen=True)
class Reading:
    """A typed result as the canonical /hu line, and how surely it was read."""

    args: str  # what /hu takes: 老王 自摸 爆头 · 小李 点炮 阿明
    exact: bool  # every piece read (record it); else a guess to offer with ✅
    correction: bool = False  # said as a correction (不对 …)
    verb: bool = False  # the line started with a verb (胡, 胡了, 自摸 …)
    result: bool = False  # a seated player named with a result word: clearly a result

    @property
    def line(self) -> str:
        """The reading as a player would type it, as a suggestion shows it above its ✅."""
        return READING_VERB + self.args


def normalized(text: str) -> str:
    """The line with its decoration (！。…) and the colon after a name read as spaces."""
    return _DECORATION.sub(" ", text).replace("：", " ").replace(":", " ").strip()


def read_result(text: str, roster: Roster, rules: Ruleset) -> Reading:
    """A typed result (with or without its verb) as the canonical /hu line.

    Lines with tiles or several segments are left to ``parse_hu`` as typed (their notation
    is the core's); a glued chunk two players could be cut into is refused with a question."""
    check_line_size(text)
    text = normalized(text)
    if holds_tiles(text) or _SEGMENTS.search(text):
        return Reading(" ".join(split_words(text)), exact=True, verb=True, result=True)
    pieces = pieces_of(text, roster, rules)
    return reading_of(pieces, roster)


def pieces_of(text: str, roster: Roster, rules: Ruleset) -> list[Piece]:
    """The line cut into pieces with their roles."""
    pieces: list[Piece] = []
    for token in _joined(split_words(normalized(text)), roster):
        pieces.extend(_token_pieces(token, roster, rules))
    return pieces


def reading_of(pieces: Sequence[Piece], roster: Roster) -> Reading:
    """The canonical line the pieces say: winners, the other words, then who discarded."""
    correction = any(piece.role is Role.CORRECTION for piece in pieces)
    items = [p for p in pieces if p.role not in (Role.FILLER, Role.CORRECTION)]
    verb = bool(items) and _is_verb(items[0])
    result = any(p.role is Role.PLAYER for p in items) and any(_is_result_word(p) for p in items)
    if items and items[0].role is Role.WIN:
        items = items[1:]
    discarder, winners_marked, used = _discarder(items)
    words: list[str] = []
    winners: list[Piece] = []
    index = 0
    while index < len(items):
        piece = items[index]
        if index in used:
            index += 1
            continue
        if piece.role is Role.SEAT_WORD and index + 1 < len(items):
            words += [piece.text, _name(items[index + 1], roster)]
            index += 2
            continue
        if piece.role is Role.PLAYER:
            if index not in winners_marked:
                winners.append(piece)  # named twice: parse_hu refuses it as written
        elif piece.role in _WORD_ROLES:
            words.append(piece.text)
        index += 1
    marked = [items[at] for at in winners_marked]
    parts = [_name(w, roster) for w in [*marked, *winners]] + words
    if discarder is not None:
        parts += [discarder[0], _name(discarder[1], roster)]
    exact = not correction and not any(p.role is Role.OTHER for p in items)
    return Reading(" ".join(parts), exact, correction, verb, result or verb)


def is_result(pieces: Sequence[Piece], roster: Roster) -> bool:
    """Whether a line without a command is clearly a result: it starts with a verb (胡了,
    自摸 …), or every piece of it was read and it names a seated player with a result word.
    Anything else is chatter (老王今天胡了三把 holds words the bot does not know)."""
    reading = reading_of(pieces, roster)
    if reading.verb:
        return True
    return reading.result and not any(piece.role is Role.OTHER for piece in pieces)


def _is_verb(piece: Piece) -> bool:
    if piece.role is Role.WIN:
        return True
    found = VOCABULARY.get(piece.text.casefold())
    return piece.role is Role.WORD and found is not None and found[0] in _LEADING_KINDS


def _is_result_word(piece: Piece) -> bool:
    return piece.role in (
        Role.WIN,
        Role.DISCARD,
        Role.DISCARD_AFTER,
        Role.WITH_SEAT,
        Role.WORD,
    )


def _discarder(
    items: Sequence[Piece],
) -> tuple[tuple[str, Piece] | None, list[int], set[int]]:
    """Who discarded (the word to write and the player), where the players the line marks
    as winners stand (小李胡了, 放炮给小李), and the indexes of the pieces that said so."""
    winners: list[int] = []
    used: set[int] = set()
    found: tuple[str, Piece] | None = None
    for index, piece in enumerate(items):
        if piece.role is Role.WIN:
            if _player_at(items, index - 1) is not None and index - 1 not in winners:
                winners.append(index - 1)
            used.add(index)
            continue
        if piece.role not in (Role.DISCARD, Role.DISCARD_AFTER, Role.FROM):
            continue
        at, given = _discarder_of(items, index)
        chosen = _player_at(items, at)
        if chosen is None:
            continue  # 点炮 with nobody next to it: parse_hu says who is missing
        if found is not None and found[1].seat != chosen.seat:
            continue  # a second discarder: parse_hu refuses the line as written
        if given is not None:  # 阿明放炮给小李: 给 said who won
            used.add(given - 1)
            if given not in winners:
                winners.append(given)
        written = "ron" if piece.text.isascii() else "点炮"
        found = (piece.text if piece.role is Role.DISCARD else written, chosen)
        used.update({index, at})
    return found, winners, used


def _discarder_of(items: Sequence[Piece], index: int) -> tuple[int, int | None]:
    """Where the discarder the word at ``index`` names stands, and where a winner 给 names
    after it stands (None if none)."""
    role = items[index].role
    before, after = _player_at(items, index - 1), _player_at(items, index + 1)
    if role is Role.FROM:  # Tom wins off Amy
        return index + 1, None
    if index + 2 < len(items) and items[index + 1].role is Role.GIVE:
        given = index + 2 if _player_at(items, index + 2) is not None else None
        return index - 1, given  # 阿明放炮给小李, Amy dealt in to Tom
    if role is Role.DISCARD_AFTER or after is None:  # 阿明点的炮, 胡 小李 阿明放炮
        return index - 1, None
    if before is not None and index + 2 < len(items) and items[index + 2].role is Role.WIN:
        return index - 1, None  # 阿明点炮 小李胡了
    # 小李 点炮 阿明 (and 甲 乙 点炮 丙): the players first won, 阿明 discarded (the /hu form).
    return index + 1, None


def _player_at(items: Sequence[Piece], index: int) -> Piece | None:
    inside = 0 <= index < len(items) and items[index].role is Role.PLAYER
    return items[index] if inside else None


def _name(piece: Piece, roster: Roster) -> str:
    """How the canonical line names a player: the seated name (me as the sender's name)."""
    if piece.seat is not None and piece.seat in roster.members:
        return roster.members[piece.seat].name
    return piece.text


def _joined(words: Sequence[str], roster: Roster) -> list[str]:
    """The words with each spaced phrase made one: a name with spaces (Dan Wu), dealt in,
    self draw, rob kong (the longest first)."""
    out: list[str] = []
    index = 0
    while index < len(words):
        for count in (3, 2):
            phrase = " ".join(words[index : index + count])
            folded = phrase.casefold()
            known = (
                folded in _PHRASES
                or folded in _spaced_words()
                or roster.member_seat(phrase) is not None
            )
            if index + count <= len(words) and known:
                out.append(phrase)
                index += count
                break
        else:
            out.append(words[index])
            index += 1
    return out


def _token_pieces(token: str, roster: Roster, rules: Ruleset) -> list[Piece]:
    """One typed word as pieces: whole (a name, a word, a phrase), or a glued chunk cut against
    the table's names and the words; kept whole as OTHER when it cannot be cut."""
    whole = _whole_piece(token, roster, rules)
    if whole is not None:
        return [whole]
    # A cut naming one player twice is no reading (乙乙 is a mistyped name, not 乙 twice).
    cuts = [cut for cut in _cuts(token, _dictionary(roster, rules)) if _each_once(cut)]
    if not cuts:
        return [Piece(Role.OTHER, token)]
    by_players = {tuple((p.role, p.seat) for p in cut if p.seat is not None): cut for cut in cuts}
    if len(by_players) > 1:
        options = " / ".join(" ".join(p.text for p in cut) for cut in by_players.values())
        raise GrammarError("typed_ambiguous", token=token, options=options, roster=roster)
    return min(cuts, key=len)


def _each_once(cut: Sequence[Piece]) -> bool:
    seats = [piece.seat for piece in cut if piece.role is Role.PLAYER]
    return len(seats) == len(set(seats))


def _whole_piece(token: str, roster: Roster, rules: Ruleset) -> Piece | None:
    folded = token.casefold()
    if folded in ME_WORDS:
        return Piece(Role.PLAYER, token, roster.me) if roster.me_known else None
    seat = roster.member_seat(token)
    if seat is not None:
        return Piece(Role.PLAYER, token, seat)
    if folded in _PHRASES:
        return Piece(_PHRASES[folded], token)
    if folded in _BARE_PIAO:
        return _piao(token, rules)
    seat_word = seat_word_at(token)
    if seat_word is not None:  # 点炮, or 点炮S / 点炮阿明 with its seat glued (parse_hu reads it)
        typed, kind = seat_word
        if len(typed) < len(token):
            return Piece(Role.WITH_SEAT, token) if roster.seat_of(token[len(typed) :]) else None
        return Piece(Role.DISCARD if kind is WordKind.DISCARDER else Role.SEAT_WORD, token)
    if is_scoring_word(token):
        found = VOCABULARY.get(folded)
        takes_argument = found is not None and isinstance(found[1], Arg)
        return Piece(Role.SEAT_WORD if takes_argument else Role.WORD, token)
    seat = roster.seat_of(token)  # a seat word: 东, E, 南家
    return Piece(Role.PLAYER, token, seat) if seat is not None else None


def _piao(token: str, rules: Ruleset) -> Piece:
    """飘 said alone: one 飘, in the ruleset's own name for it (财飘, 飘一花); refused by name
    where the ruleset scores no 飘."""
    if not rules.has_piao:
        raise GrammarError("typed_no_piao", token=token, ruleset=rules.name_zh)
    return Piece(Role.WORD, piao_name(rules.id, 1))


def piao_name(ruleset_id: str, chain: int) -> str:
    """What a ruleset calls a 飘 chain of ``chain`` (杭州 财飘, 湖州 飘一花): the pattern its
    scoring names for it (remembered per registry revision)."""
    return _piao_name(ruleset_id, chain, rulesets.revision())


@lru_cache(maxsize=64)
def _piao_name(ruleset_id: str, chain: int, revision: int) -> str:
    try:
        result = quick(f"飘{chain}", ruleset_id)
    except ScoringError:
        return f"飘{chain}"
    return result.patterns[0].name if result.patterns else f"飘{chain}"


@dataclass(frozen=True)
class _Entry:
    text: str
    piece: Piece


_Index = dict[str, tuple["_Entry", ...]]  # entries by their first character


def _dictionary(roster: Roster, rules: Ruleset) -> _Index:
    """Everything a glued chunk may be cut into, by first character: the table's names, the
    core's words and the words said around them (fixed, built once), 飘 as the ruleset says
    it."""
    players = tuple(
        (seat, (member.name, *member.aliases, *([f"@{member.username}"] * bool(member.username))))
        for seat, member in roster.members.items()
    )
    me = (roster.me,) if roster.me_known else ()
    piao = (rules.id, rulesets.revision()) if rules.has_piao else None
    return _indexed(players, me, piao)


@lru_cache(maxsize=256)
def _indexed(
    players: tuple[tuple[Seat, tuple[str, ...]], ...],
    me: tuple[Seat | None, ...],
    piao: tuple[str, int] | None,  # the ruleset saying 飘, and the registry's revision
) -> _Index:
    entries = list(_fixed_entries())
    for seat, names in players:
        entries += [_Entry(name.casefold(), Piece(Role.PLAYER, name, seat)) for name in names]
    # 我 from someone not seated reads as a player without a seat: parse_hu says so
    entries += [_Entry("我", Piece(Role.PLAYER, "我", seat)) for seat in me]
    if piao is not None:
        entries.append(_Entry("飘", Piece(Role.WORD, piao_name(piao[0], 1))))
    index: dict[str, list[_Entry]] = {}
    for entry in entries:
        if entry.text:
            index.setdefault(entry.text[0], []).append(entry)
    return {char: tuple(group) for char, group in index.items()}


@cache
def _fixed_entries() -> tuple[_Entry, ...]:
    """The words a chunk may hold at any table: the core's and those said around them."""
    entries = [
        _Entry(word, Piece(role, word)) for word, role in _PHRASES.items() if not word.isascii()
    ]
    for word in _core_words():
        found = seat_word_at(word)
        role = Role.WORD
        if found is not None and found[0] == word:
            role = Role.DISCARD if found[1] is WordKind.DISCARDER else Role.SEAT_WORD
        entries.append(_Entry(word.casefold(), Piece(role, word)))
    return tuple(entries)


@cache
def _spaced_words() -> frozenset[str]:
    """The core's words written with a space (self draw, with wild, seven pairs)."""
    return frozenset(word.casefold() for word in spellings() if " " in word)


@cache
def _core_words() -> tuple[str, ...]:
    """The core's words written without spaces (the glued forms a chunk may hold)."""
    return tuple(word for word in spellings() if " " not in word and not word.isascii())


def _cuts(chunk: str, by_start: _Index) -> list[list[Piece]]:
    """Ways (up to ``_MAX_READINGS``) to cut ``chunk`` wholly into dictionary entries, found
    from the end backwards: each position keeps at most that many cuts of what follows it,
    so a long chunk costs its length times the entries, never more."""
    folded = chunk.casefold()
    after: list[list[list[Piece]]] = [[] for _ in range(len(folded))] + [[[]]]
    for position in range(len(folded) - 1, -1, -1):
        for entry in by_start.get(folded[position], ()):
            if not folded.startswith(entry.text, position):
                continue
            for rest in after[position + len(entry.text)]:
                if len(after[position]) >= _MAX_READINGS:
                    break
                after[position].append([entry.piece, *rest])
    return after[0]


def fixed(
    pieces: Sequence[Piece], nearest: Mapping[str, str], roster: Roster, rules: Ruleset
) -> list[Piece]:
    """The pieces with each unread one replaced by the word ``nearest`` gives for it (自模 →
    自摸, 老汪 → 老王); one near no word stays (the line is then no reading to offer: a word
    left out could change the hand)."""
    out: list[Piece] = []
    for piece in pieces:
        word = nearest.get(piece.text) if piece.role is Role.OTHER else None
        out.extend([piece] if word is None else _token_pieces(word, roster, rules))
    return out


# Money said without a slash: 台费40 · 台费 40 赢家 · 罚 老王 30 · 老王罚30 · 老王给小李20.
_FEE: Final = re.compile(r"^(?:台费|桌费|场地费|茶水费|fee)\s*(?P<rest>[0-9０-９¥￥].*)$", re.I)
_PENALTY_WORDS: Final = ("罚款", "罚")
_PAY_WORDS: Final = frozenset({"给", "pays"})
_STARTS_AMOUNT: Final = re.compile(r"^[0-9０-９¥￥]")


@dataclass(frozen=True)
class MoneyLine:
    """A money line as the command it stands for and that command's words."""

    command: str  # fee, penalty, pay
    words: tuple[str, ...]

    @property
    def line(self) -> str:
        return f"/{self.command} {' '.join(self.words)}"


def read_money(text: str, roster: Roster) -> MoneyLine | None:
    """台费40 (/fee 40), 罚 老王 30 or 老王罚30 (/penalty 老王 30), 老王给小李20 (/pay 老王
    小李 20); None for any other line. An amount must follow the names, so 我给你说 stays
    chatter."""
    text = normalized(text)
    fee = _FEE.match(text)
    if fee is not None:
        return MoneyLine("fee", tuple(split_words(fee["rest"])))
    words = [_seated_name(word, roster) for word in _names_apart(split_words(text), roster)]
    amount_third = len(words) >= 3 and _STARTS_AMOUNT.match(words[2]) is not None
    if amount_third and words[0] in _PENALTY_WORDS and _is_player(words[1], roster):
        return MoneyLine("penalty", (words[1], *words[2:]))
    if amount_third and words[1] in _PENALTY_WORDS and _is_player(words[0], roster):
        return MoneyLine("penalty", (words[0], *words[2:]))
    paid = len(words) >= 4 and words[1].casefold() in _PAY_WORDS and _STARTS_AMOUNT.match(words[3])
    if paid and _is_player(words[0], roster) and _is_player(words[2], roster):
        return MoneyLine("pay", (words[0], words[2], *words[3:]))
    return None


def _seated_name(word: str, roster: Roster) -> str:
    """A word naming a seated player (我 too) as that player's name; any other word as it is."""
    if not _is_player(word, roster) or parse_seat(word) is not None:
        return word
    seat = roster.seat_of(word)
    member = roster.members.get(seat) if seat is not None else None
    return member.name if member is not None else word


def _is_player(word: str, roster: Roster) -> bool:
    try:
        return roster.seat_of(word) is not None
    except GrammarError:  # 我 from someone not seated
        return False


def _names_apart(words: Sequence[str], roster: Roster) -> list[str]:
    """The words with the table's names, 罚 and 给 cut out of glued ones (老王给小李20 →
    老王 给 小李 20), the longest name first."""
    names = [member.name for member in roster.members.values()]
    names += ["我"] if roster.me_known else []
    cut = sorted({*names, *_PENALTY_WORDS, *_PAY_WORDS}, key=len, reverse=True)
    pattern = re.compile("(" + "|".join(map(re.escape, cut)) + ")", re.I)
    out: list[str] = []
    for word in words:
        out += [part for part in pattern.split(word) if part]
    return out

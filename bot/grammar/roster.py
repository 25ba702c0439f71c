"""Who sits where in the open session, and how a line names them: seat words, names,
@usernames, 我 / me."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from bot.grammar.errors import GrammarError
from scoring.tiles import SEAT_ORDER, Seat
from scoring.vocabulary import starts_with_word
from scoring.words import parse_seat
from storage.names import name_key

# The sender, in /hu and /kong (self is 自摸 there).
ME_WORDS: Final = frozenset({"我", "me"})
# Who /new and /join read as the sender.
SENDER_WORDS: Final = ME_WORDS | {"self"}


@dataclass(frozen=True)
class Member:
    """Someone sitting at the table: how the chat may name them."""

    name: str
    username: str | None = None
    # The names of the person's other records (a guest they claimed: /iam 乙), so that 乙
    # still names them at the table (a seated player's own name wins over an alias).
    aliases: tuple[str, ...] = ()


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
        """The seat of the player a token names by name (as people see it: ``name_key``) or
        @username (seat words aside)."""
        folded = token.strip().casefold()
        key = name_key(token)
        for seat, member in self.members.items():
            if name_key(member.name) == key:
                return seat
            if member.username and folded in (
                "@" + member.username.casefold(),
                member.username.casefold(),
            ):
                return seat
            if not member.username and folded == "@" + member.name.casefold():
                return seat  # a guest seated from an @name (/new … @alice)
        for seat, member in self.members.items():
            if any(name_key(alias) == key for alias in member.aliases):
                return seat
        return None

    def split_name(self, word: str) -> tuple[Seat, str] | None:
        """A player's name glued to what follows (老王自摸 → 老王's seat, '自摸'): the longest
        name or @username the word starts with. Seat words never glue (东 may be a tile),
        and the rest must read as words: Amyy is a typo of Amy, not Amy + 'y'."""
        found: tuple[int, Seat] | None = None
        for seat, member in self.members.items():
            names = [member.name, *member.aliases]
            names += [f"@{member.username}"] if member.username else []
            for name in names:
                size = len(name)
                glued = size < len(word) and name_key(word[:size]) == name_key(name)
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


def player_length(words: Sequence[str], roster: Roster) -> int:
    taken = take_player(words, roster)
    return taken[1] if taken else 0


def whole_player(words: Sequence[str], roster: Roster) -> Seat:
    """The one player all these words name; unknown_player naming them otherwise."""
    if not words:
        raise GrammarError("kong_usage")
    taken = take_player(words, roster)
    if taken is None or taken[1] != len(words):
        raise GrammarError("unknown_player", token=" ".join(words), roster=roster)
    return taken[0]


def refusal_about(key: str, seat: Seat, roster: Roster) -> GrammarError:
    """A refusal about one seat: the token is the seat, the message names its player."""
    return GrammarError(key, token=seat.zh, who=seat, roster=roster)


def _reads_as_words(rest: str) -> bool:
    """Whether what follows a glued name starts with a word (自摸爆头, 点炮丙, 七对, tiles)."""
    return starts_with_word(rest)

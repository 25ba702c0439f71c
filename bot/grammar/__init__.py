"""The chat grammar, as pure functions: what a line in the group asks the bot to do.

Nothing here talks to Telegram, the ledger or the scoring core. The handlers give a
``Roster`` (who sits where in the open session) and get back plain values whose seats
are table seats, ready for ``scoring`` and ``storage``. Every refusal is a
``GrammarError`` carrying an i18n key and the offending token.
"""

from bot.grammar.entries import parse_entry_id
from bot.grammar.errors import GrammarError
from bot.grammar.hu import (
    MAX_LINE_LENGTH,
    MAX_WORD_REPEATS,
    HuCommand,
    WinClaim,
    check_line_size,
    is_full_hand,
    parse_hu,
)
from bot.grammar.kong import KongCommand, parse_kong
from bot.grammar.names import check_name
from bot.grammar.new import NewSession, parse_new
from bot.grammar.roster import ME_WORDS, SENDER_WORDS, Member, Roster, take_player
from bot.grammar.seat_words import (
    CONTRACT_PREFIX,
    DISCARD_PREFIXES,
    ROBBED_PREFIX,
    SEAT_WORD_CODE,
    SEAT_WORDS_EN,
)
from bot.grammar.seating import DealerChange, SeatChange, parse_dealer, parse_seat_change
from bot.grammar.verbs import TEXT_VERB_PATTERN, TEXT_VERBS, split_args, split_words, text_command

__all__ = [
    "CONTRACT_PREFIX",
    "DISCARD_PREFIXES",
    "MAX_LINE_LENGTH",
    "MAX_WORD_REPEATS",
    "ME_WORDS",
    "ROBBED_PREFIX",
    "SEAT_WORDS_EN",
    "SEAT_WORD_CODE",
    "SENDER_WORDS",
    "TEXT_VERBS",
    "TEXT_VERB_PATTERN",
    "DealerChange",
    "GrammarError",
    "HuCommand",
    "KongCommand",
    "Member",
    "NewSession",
    "Roster",
    "SeatChange",
    "WinClaim",
    "check_line_size",
    "check_name",
    "is_full_hand",
    "parse_dealer",
    "parse_entry_id",
    "parse_hu",
    "parse_kong",
    "parse_new",
    "parse_seat_change",
    "split_args",
    "split_words",
    "take_player",
    "text_command",
]

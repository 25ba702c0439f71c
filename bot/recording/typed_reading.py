"""A typed result read, or offered: the line recorded when every piece of it was read, else ONE
suggested reading with a ✅ that records exactly that line (``bot.buttons.typed_confirm``).

The suggestion fixes what the bot could not read the way 「是不是想写」 does (自模 → 自摸,
老汪 → 老王), and is offered only when the line it makes scores at this table: a ✅ never
leads to a refusal. A word near no word leaves the refusal alone.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Message, Update

from bot.buttons import typed_confirm
from bot.context import Context, services
from bot.grammar import MAX_LINE_LENGTH, GrammarError, HuCommand, Roster, parse_hu, split_words
from bot.grammar.typed import (
    READING_VERB,
    TYPED_WORDS,
    Piece,
    Reading,
    Role,
    fixed,
    is_result,
    piao_name,
    pieces_of,
    read_result,
    reading_of,
)
from bot.i18n import Html, t
from bot.recording.claims import score_claims
from bot.refusals.user_errors import user_message
from bot.suggest import SLIPS, entry_words, suggest
from bot.table.seated import SeatedTable
from bot.text_limits import reply
from scoring import rulesets
from scoring.errors import ScoringError, ScoringErrorCode
from scoring.rulesets.base import Ruleset
from scoring.vocabulary import holds_tiles, is_scoring_word
from scoring.words import VOCABULARY
from storage import Entry

VERB = READING_VERB  # how a reading is written above its ✅: the line a player would type
# Refusals of a name the table does not know: named alone above the reading that fixes it.
_NAME_KEYS = frozenset({"unknown_player", "unknown_winner", "winner_unclear"})


# What a line must hold to be worth reading against the table (a cheap look before the
# ledger is asked): a character of a result or money word, or one a slip puts in its place
# (点跑, 自磨, 票两花), or a word of the scoring core (tsumo, self-draw, float …).
_KEY_CHARACTERS: Final = "胡和摸炮冲杠飘爆花费罚给"
_MAY_BE_RESULT: Final = re.compile(
    "["
    + "".join(
        {char for group in SLIPS if set(group) & set(_KEY_CHARACTERS) for char in group}
        | set(_KEY_CHARACTERS)
    )
    + "]"
)


def may_be_result(text: str) -> bool:
    """Whether a line without a command may say a result or money (before any ledger read)."""
    if len(text) > MAX_LINE_LENGTH:
        return False  # no result is said at that length: chatter (a /hu this long is refused)
    if _MAY_BE_RESULT.search(text):
        return True
    words = split_words(text)
    return any(is_scoring_word(word) or word.casefold() in TYPED_WORDS for word in words)


def read_line(text: str, table: SeatedTable, roster: Roster) -> tuple[Reading, HuCommand]:
    """The typed result as its canonical reading and the /hu it is (GrammarError if it does
    not read)."""
    reading = read_result(text, roster, rulesets.get(table.session.ruleset))
    return reading, parse_hu(reading.args, roster)


def suggested(text: str, table: SeatedTable, roster: Roster) -> Reading | None:
    """The one reading to offer for a typed result the bot could not take as written, or
    None: no reading near enough scores at this table (or the line holds tiles, whose
    mistakes the refusal names)."""
    if holds_tiles(text):
        return None
    rules = rulesets.get(table.session.ruleset)
    try:
        pieces = pieces_of(text, roster, rules)
    except GrammarError:
        return None
    try:
        reading = reading_of(with_fixes(pieces, roster, rules), roster)
        if not reading.args:
            return None
        score_claims(parse_hu(reading.args, roster), table)
    except (GrammarError, ScoringError):
        return None
    return reading


def with_fixes(pieces: Sequence[Piece], roster: Roster, rules: Ruleset) -> list[Piece]:
    """The pieces with each one the bot could not read replaced by the one word near it (自模
    → 自摸, 老汪 → 老王: ``bot.suggest``), where there is exactly one."""
    players = [member.name for member in roster.members.values()]
    vocabulary = _one_spelling_each(rules.id, tuple(players), rulesets.revision())
    nearest = {
        piece.text: found[0]
        for piece in pieces
        if piece.role is Role.OTHER
        for found in [suggest(piece.text, vocabulary, limit=2)]
        if len(found) == 1
    }
    return fixed(pieces, nearest, roster, rules)


@lru_cache(maxsize=64)
def _one_spelling_each(ruleset_id: str, players: tuple[str, ...], revision: int) -> tuple[str, ...]:
    """What a slip may be fixed to: one spelling per meaning and script (飘两花, 飘二花 and 飘2花
    are one word, so a slip near all three is near that word), the ruleset's own name for a
    飘 first (杭州 双财飘, 湖州 飘两花); remembered per registry ``revision``."""
    preferred = [piao_name(ruleset_id, chain) for chain in (1, 2, 3)]
    seen: set[object] = set()
    words: list[str] = []
    for word in [*preferred, *entry_words(players)]:
        meaning = (VOCABULARY.get(word.casefold(), word), word.isascii())  # tsmo → tsumo
        if meaning not in seen:
            seen.add(meaning)
            words.append(word)
    return tuple(words)


def is_typed_result(text: str, table: SeatedTable, roster: Roster) -> bool:
    """Whether a line typed without a command is a result to answer (read with the near words
    for its slips: 老汪 自摸 names 老王); chatter is not."""
    rules = rulesets.get(table.session.ruleset)
    try:
        pieces = pieces_of(text, roster, rules)
    except GrammarError:
        return True  # a glued chunk that names players two ways: a result to ask about
    return is_result(with_fixes(pieces, roster, rules), roster)


async def offer(
    update: Update,
    context: Context,
    wrote: tuple[Message, SeatedTable],
    reading: Reading,
    lang: str,
    refusal: BaseException | None = None,
) -> None:
    """Reply to the typed message with the reading and its ✅ (after the refusal that made it
    a guess, if any). A correction (不对 …) offers to replace the session's latest hand when
    that is one win, else says the ✅ records a new hand beside it."""
    message, table = wrote
    user = update.effective_user
    asker = user.id if user is not None and message.sender_chat is None else 0
    line = reading.line
    corrected = await _latest_win(context, table) if reading.correction else None
    corrects = corrected.id if corrected is not None else None  # the button's data: a row id
    data = typed_confirm.confirm_data(
        context.bot.token, message.chat.id, (asker, update.update_id), line, corrects=corrects
    )
    lines = [_refused(refusal, lang)] if refusal is not None else []
    lines.append(t("typed_suggest", lang, line=Html(f"<code>{_escaped(line)}</code>")))
    if corrected is not None:
        lines.append(t("typed_corrects", lang, entry=corrected.number))
    elif reading.correction:
        lines.append(t("typed_correction_note", lang))
    button = InlineKeyboardButton(t("typed_ok_button", lang), callback_data=data)
    await reply(message, "\n".join(lines), InlineKeyboardMarkup([[button]]))


async def _latest_win(context: Context, table: SeatedTable) -> Entry | None:
    """The session's latest hand when it is one win still standing (what 不对 … corrects); None
    for a draw, a kong, money, or a 一炮多响 (several wins: corrected by undoing them)."""
    ledger = services(context).ledger
    session = table.session
    last = await ledger.reports.last_entry(session.chat_id, session.id)
    if last is None or last.kind != "win" or last.source is None:
        return None
    if last.source.message_id is not None:
        together = await ledger.reports.entries_by_message(session.chat_id, last.source.message_id)
        wins = [e for e in together if e.kind == "win" and not e.is_reversed]
        if len(wins) > 1:
            return None
    return last


def _refused(refusal: BaseException, lang: str) -> str:
    """What was wrong, in one short line: a word the core did not read is named alone (the
    suggestion below says what to write, not the whole vocabulary)."""
    token = getattr(refusal, "token", None)
    if token and isinstance(refusal, GrammarError) and refusal.key in _NAME_KEYS:
        return t("typed_not_player", lang, token=token)
    unread = isinstance(refusal, ScoringError) and refusal.code is ScoringErrorCode.UNKNOWN_TOKEN
    if unread and token:
        return t("typed_unread", lang, token=token)
    return (user_message(refusal, lang) or "").split("\n")[0]


def reading_in(text: str | None) -> str | None:
    """The reading a suggestion shows (its line that starts with the verb), or None."""
    found: Sequence[str] = [line for line in (text or "").splitlines() if line.startswith(VERB)]
    return found[0] if len(found) == 1 else None


def _escaped(text: str) -> str:
    return html.escape(text, quote=False)

"""Scoring without recording: /score LINE and /ting LINE (groups and private chats)."""

from __future__ import annotations

import asyncio
import html
from typing import Final

from telegram import Update
from telegram.constants import ChatAction

import scoring
from bot import pictures
from bot.commands import Command
from bot.context import Context, argument_words, message_of, services, update_lang
from bot.i18n import t
from bot.refusals.chat import ChatRefusal
from bot.text_limits import reply, reply_photo
from scoring.errors import ScoringError
from scoring.result import ScoreResult
from scoring.tiles import Seat, en_name, zh_name

DEFAULT_RULESET = scoring.rulesets.DEFAULT


async def _ruleset_and_line(update: Update, context: Context, usage: str) -> tuple[str, int, str]:
    """The line to evaluate (refused with ``usage`` when empty) and its ruleset and 底分."""
    ruleset, base, line = await _ruleset_of(update, context, argument_words(message_of(update)))
    if not line:
        raise ChatRefusal(usage)
    return ruleset, base, line


async def _ruleset_of(update: Update, context: Context, words: list[str]) -> tuple[str, int, str]:
    """A leading ruleset word, else the session's ruleset, else the chat's, else 杭州."""
    if words:
        try:
            found = scoring.rulesets.get(words[0])
        except ScoringError:
            pass
        else:
            return found.id, 1, " ".join(words[1:])
    chat = update.effective_chat
    ledger = services(context).ledger
    if chat is not None:
        session = await ledger.sessions.current(chat.id)
        if session is not None:
            return session.ruleset, session.base, " ".join(words)
        row = await ledger.chats.get(chat.id)
        if row is not None and row.ruleset:
            return row.ruleset, row.base or 1, " ".join(words)
    return DEFAULT_RULESET, 1, " ".join(words)


async def score(update: Update, context: Context) -> None:
    """/score [RULESET] LINE: the score of a hand as if East won it; nothing is recorded."""
    message = message_of(update)
    lang = await update_lang(update, context)
    ruleset, base, line = await _ruleset_and_line(update, context, "score_usage")
    result = scoring.score(line, ruleset, base, Seat.E)
    await reply(message, score_text(result, lang))
    if result.hand is not None:
        await message.reply_chat_action(ChatAction.UPLOAD_PHOTO)
        # No names: nobody sits anywhere, and the picture labels each seat by itself.
        png = await asyncio.to_thread(pictures.hand_png, result, {}, lang)
        await reply_photo(message, png, filename="hand.png")


def score_text(result: ScoreResult, lang: str) -> str:
    """The whole explanation; its last line gives every seat's delta, the winner marked."""
    return html.escape(scoring.explain.render(result, lang), quote=False)


async def ting(update: Update, context: Context) -> None:
    """/ting [RULESET] LINE: every tile that completes the hand and what it would score."""
    message = message_of(update)
    lang = await update_lang(update, context)
    ruleset, base, line = await _ruleset_and_line(update, context, "ting_usage")
    waits = scoring.waits(line, ruleset, base, Seat.E)
    if not waits:
        await reply(message, t("waits_none", lang))
        return
    name = en_name if lang == "en" else zh_name
    lines = [t("waits_title", lang, count=len(waits))]
    for wait in waits:
        lines.append(
            t(
                "wait_row",
                lang,
                tile=name(wait.tile),
                self_draw=_worth(wait.self_draw, lang),
                discard=_worth(wait.discard, lang),
            )
        )
    await reply(message, "\n".join(lines))


def _worth(result: ScoreResult | None, lang: str) -> str:
    if result is None:
        return t("wait_refused", lang)
    unit = result.unit_en if lang == "en" else result.unit_zh
    won = result.payments.get(result.winner, 0)
    return f"{result.value} {unit} (+{won})"


# This module's commands (bot.commands): handler, plain-text verbs, menu line.
COMMANDS: Final = (
    Command("score", score, verbs=("算分",)),
    Command("ting", ting, verbs=("听牌",)),
)

"""/settings: each chat's reply length, pictures and language; anyone may look, admins change.

Two ways to change one: the buttons under /settings (the message edits itself) or a typed
line, ``/settings 图片 从不`` / ``/settings pictures never``. The language is the one /lang
sets (``chats.lang``), so the two always agree.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Message, Update

from bot.buttons.registry import ButtonRoute
from bot.commands import Command
from bot.context import (
    Context,
    argument_words,
    chat_lang,
    chat_settings,
    chat_state,
    is_chat_admin,
    message_of,
    services,
)
from bot.i18n import t
from bot.refusals.chat import ChatRefusal
from bot.table.chat_state import ChatSettings
from bot.text_limits import answer, edit, reply

PREFIX: Final = "set:"  # "set:pictures:never": well under Telegram's 64 bytes


@dataclass(frozen=True)
class Setting:
    """One setting: its id, the words that name it, and its choices with their words."""

    id: str
    words: tuple[str, ...]
    choices: dict[str, tuple[str, ...]]


SETTINGS: Final = (
    Setting(
        "replies",
        ("回复", "回覆", "replies", "reply"),
        {"compact": ("简短", "短", "compact", "short"), "full": ("完整", "详细", "full", "long")},
    ),
    Setting(
        "pictures",
        ("图片", "图", "pictures", "picture", "pics"),
        {
            "always": ("全部", "总是", "always", "all"),
            "full_hands": ("整手牌", "牌图", "full_hands", "hands", "full"),
            "never": ("从不", "不发", "never", "none", "off"),
        },
    ),
    Setting(
        "debt_reminder",
        ("欠账提醒", "提醒", "reminder", "reminders"),
        {"off": ("关", "不提醒", "off", "never"), "weekly": ("每周", "weekly")},
    ),
    Setting(
        "lang",
        ("语言", "language", "lang"),
        {"zh": ("中文", "zh", "chinese"), "en": ("英文", "en", "english")},
    ),
)


async def settings(update: Update, context: Context) -> None:
    """/settings shows them; /settings SETTING CHOICE changes one (admins only)."""
    message = message_of(update)
    words = argument_words(message)
    if not words:
        lang = await chat_lang(context, message.chat)
        await reply(
            message,
            await _view_text(context, message, lang),
            await _buttons(context, message, lang),
        )
        return
    setting, choice = _parse(words, await chat_lang(context, message.chat))
    if not await is_chat_admin(context, message, message.from_user):
        raise ChatRefusal("settings_admins_only")
    await _apply(context, message, setting, choice)
    lang = await chat_lang(context, message.chat)
    done = t("settings_set", lang, value=_choice_label(setting.id, choice, lang))
    view = await _view_text(context, message, lang)
    await reply(message, f"{done}\n{view}", await _buttons(context, message, lang))


async def settings_button(update: Update, context: Context) -> None:
    """A choice under /settings: an admin's press changes it and the message shows it."""
    query = update.callback_query
    assert query is not None and query.data is not None
    message = query.message
    if not isinstance(message, Message):
        await answer(query)
        return
    lang = await chat_lang(context, message.chat)
    found = _from_button(query.data)
    if found is None:
        await answer(query, t("bad_button", lang, token=query.data), alert=True)
        return
    if not await is_chat_admin(context, message, update.effective_user):
        await answer(query, t("settings_admins_only", lang), alert=True)
        return
    setting, choice = found
    await _apply(context, message, setting, choice)
    lang = await chat_lang(context, message.chat)
    await answer(query, t("settings_set", lang, value=_choice_label(setting.id, choice, lang)))
    await edit(
        message, await _view_text(context, message, lang), await _buttons(context, message, lang)
    )


BUTTONS: Final = (
    ButtonRoute(
        PREFIX,
        settings_button,
        max((f"{s.id}:{choice}" for s in SETTINGS for choice in s.choices), key=len),
    ),
)


def _parse(words: list[str], lang: str) -> tuple[Setting, str]:
    """The setting and choice typed; a ChatRefusal naming the word at fault."""
    setting = next((s for s in SETTINGS if words[0].casefold() in s.words), None)
    if setting is None:
        raise ChatRefusal("settings_unknown", token=words[0])
    named = setting.words[0] if lang == "zh" else next(w for w in setting.words if w.isascii())
    choices = " / ".join(_choice_word(setting, choice, lang) for choice in setting.choices)
    if len(words) < 2:
        example = _choice_word(setting, next(iter(setting.choices)), lang)
        raise ChatRefusal("settings_missing_value", setting=named, choices=choices, example=example)
    choice = next(
        (c for c, spelled in setting.choices.items() if words[1].casefold() in spelled), None
    )
    if choice is None or len(words) > 2:
        token = words[1] if choice is None else words[2]
        raise ChatRefusal("settings_bad_value", token=token, setting=named, choices=choices)
    return setting, choice


def _choice_word(setting: Setting, choice: str, lang: str) -> str:
    """How a choice is typed: its first Chinese word, or its English one."""
    spelled = setting.choices[choice]
    return spelled[0] if lang == "zh" else next(w for w in spelled if w.isascii())


def _from_button(data: str) -> tuple[Setting, str] | None:
    """The (setting, choice) a button carries; None for data no button of ours sends."""
    _, _, rest = data.partition(PREFIX)
    setting_id, _, choice = rest.partition(":")
    setting = next((s for s in SETTINGS if s.id == setting_id), None)
    if setting is None or choice not in setting.choices:
        return None
    return setting, choice


async def _apply(context: Context, message: Message, setting: Setting, choice: str) -> None:
    """Store the choice and the chat's copy of it."""
    ledger = services(context).ledger
    chat_id = message.chat.id
    state = chat_state(context, chat_id)
    if setting.id == "lang":
        await ledger.chats.set_lang(chat_id, choice)
        state.lang = choice
        return
    if setting.id == "debt_reminder":
        await ledger.debts.set_weekly_reminder(chat_id, choice == "weekly")
        return
    store = ledger.chats.set_replies if setting.id == "replies" else ledger.chats.set_pictures
    state.settings = ChatSettings.of(await store(chat_id, choice))


async def _current(context: Context, message: Message) -> dict[str, str]:
    chosen = await chat_settings(context, message.chat.id)
    lang = await chat_lang(context, message.chat)
    weekly = await services(context).ledger.debts.weekly_reminder(message.chat.id)
    return {
        "replies": chosen.replies,
        "pictures": chosen.pictures,
        "debt_reminder": "weekly" if weekly else "off",
        "lang": lang,
    }


async def _view_text(context: Context, message: Message, lang: str) -> str:
    current = await _current(context, message)
    lines = [t("settings_title", lang)]
    lines.extend(
        t(f"settings_{s.id}", lang, value=_choice_label(s.id, current[s.id], lang))
        for s in SETTINGS
    )
    lines.append(t("settings_who", lang))
    return "\n".join(lines)


def _choice_label(setting_id: str, choice: str, lang: str) -> str:
    return t(f"{setting_id}_{choice}", lang)


async def _buttons(context: Context, message: Message, lang: str) -> InlineKeyboardMarkup:
    """One row per setting, its choices, the current one ticked."""
    current = await _current(context, message)
    rows = [
        [
            InlineKeyboardButton(
                ("✅ " if current[s.id] == choice else "") + t(f"button_{s.id}_{choice}", lang),
                callback_data=f"{PREFIX}{s.id}:{choice}",
            )
            for choice in s.choices
        ]
        for s in SETTINGS
    ]
    return InlineKeyboardMarkup(rows)


# This module's commands (bot.commands): handler, plain-text verbs, menu line.
COMMANDS: Final = (Command("settings", settings),)

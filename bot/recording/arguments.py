"""What a recording command's words and buttons name, read the same by every handler that
records or undoes: the roster knowing who 我 is, the entries a bot message names (#12), the
entries a button carries ('12,13')."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Final

from telegram import Message

from bot.cleaning import as_number
from bot.context import Context, argument_text, known_player
from bot.grammar import ME_WORDS, Roster, split_words
from bot.refusals.chat import ChatRefusal
from bot.table.seated import SeatedTable

_ENTRY_REFERENCE: Final = re.compile(r"#(\d+)")


def entry_ids_in(text: str | None) -> list[int]:
    """Every '#12' in a bot message, in order: the entries it names."""
    return [int(number) for number in _ENTRY_REFERENCE.findall(text or "")]


async def speaker_roster(
    context: Context, message: Message, table: SeatedTable, text: str | None = None
) -> Roster:
    """The table's roster knowing the sender's seat, when the line says 我 / me (glued too:
    是我点的炮)."""
    said = argument_text(message) if text is None else text
    words = {word.casefold() for word in split_words(said)}
    if not (ME_WORDS & words or "我" in said):
        return table.roster
    user = message.from_user
    me = None
    if message.sender_chat is None and user is not None:
        known = await known_player(context, message.chat, user)
        me = table.seat_of(known.id) if known is not None else None
    return replace(table.roster, me=me, me_known=True)


def button_numbers(data: str) -> list[int]:
    """The entry ids a button carries ('12,13'); ChatRefusal('bad_button') for anything else
    (a client may send any data)."""
    numbers = [as_number(part) for part in data.split(",")]
    if not all(numbers):
        raise ChatRefusal("bad_button", token=data)
    return [number for number in numbers if number]

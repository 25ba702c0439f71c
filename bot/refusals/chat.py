"""A request the bot turns down with one message of the catalogue (``bot.i18n``)."""

from __future__ import annotations


class ChatRefusal(Exception):
    """A request the bot turns down with one i18n message; nothing was recorded."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

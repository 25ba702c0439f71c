"""The startapp token: which chat a Mini App link opens, and on which screen, unforgeable.

Eight bytes of chat id, one byte of screen, and 16 bytes of HMAC-SHA256 keyed with a key
derived from the bot token (distinct from the initData key), base64url without padding:
34 characters of [A-Za-z0-9_-], within startapp's 64.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import re
import struct
from dataclasses import dataclass
from enum import IntEnum
from typing import Final

_LAYOUT: Final = struct.Struct(">qB")
_MAC_BYTES: Final = 16
LENGTH: Final = 34  # characters of a token: (9 + 16) bytes in base64url without padding
_ALPHABET: Final = re.compile(rf"[A-Za-z0-9_-]{{{LENGTH}}}")


class Screen(IntEnum):
    """What the link opens."""

    SEASON = 0
    KEYBOARD = 1
    CARD = 2  # the season card's address (bot.webapp.cards_api), not a page


class ForgedToken(ValueError):
    """A token this bot did not make (404: the server does not say which chat exists)."""


@dataclass(frozen=True)
class StartTarget:
    chat_id: int
    screen: Screen


def _key(bot_token: str) -> bytes:
    return hmac.new(b"MahjongStartApp", bot_token.encode(), hashlib.sha256).digest()


def _mac(body: bytes, bot_token: str) -> bytes:
    return hmac.new(_key(bot_token), body, hashlib.sha256).digest()[:_MAC_BYTES]


def make(chat_id: int, bot_token: str, screen: Screen = Screen.SEASON) -> str:
    body = _LAYOUT.pack(chat_id, screen)
    return base64.urlsafe_b64encode(body + _mac(body, bot_token)).rstrip(b"=").decode()


def read(token: str, bot_token: str) -> StartTarget:
    """The chat and screen of a token this bot made; ForgedToken for anything else."""
    if not _ALPHABET.fullmatch(token):
        raise ForgedToken("not a token")
    try:
        raw = base64.urlsafe_b64decode(token + "==")
    except (binascii.Error, ValueError) as error:
        raise ForgedToken("not base64url") from error
    body, mac = raw[: _LAYOUT.size], raw[_LAYOUT.size :]
    if len(mac) != _MAC_BYTES or not hmac.compare_digest(mac, _mac(body, bot_token)):
        raise ForgedToken("the signature does not match")
    chat_id, screen = _LAYOUT.unpack(body)
    if screen not in Screen._value2member_map_:
        raise ForgedToken("no such screen")
    return StartTarget(chat_id, Screen(screen))

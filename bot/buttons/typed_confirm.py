"""The ✅ under a suggested reading of a typed line, as button data only the bot can write.

The reading itself stands in the message above the button (a line the bot wrote, which no one
else can edit); the data carries who wrote the typed line, the update it came in (the ledger's
replay key: a second press finds it recorded), the hand a correction (不对 …) replaces (or
nothing), when it expires, and an HMAC of those, the chat and the reading, keyed by a key
derived from the bot token. Nothing is kept in memory or the ledger, as ``bot.buttons.undo_confirm``
does for an /undo. Numbers in base 36, to stay within Telegram's 64 bytes:

    typedok:<asker>:<update id>:<corrected entry or empty>:<expiry>:<mac, 12 base64url chars>
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import time
from dataclasses import dataclass
from typing import Final

from bot.buttons.undo_confirm import CONFIRM_SECONDS

PREFIX: Final = "typedok:"
_MAC_CHARS: Final = 12
_CALLBACK_DATA_BYTES: Final = 64
# A Telegram user id (up to 52 bits), an update id (32 bits), an entry id (ten digits), the
# expiry and the signature, the numbers in base 36.
WIDEST: Final = f"{'z' * 11}:{'z' * 7}:{'z' * 7}:{'z' * 6}:{'x' * _MAC_CHARS}"


@dataclass(frozen=True)
class TypedConfirm:
    """What a ✅ promises: ``asker`` (0: an anonymous admin) may record the reading shown, as
    the update ``update_id`` that typed it, replacing the hand ``corrects`` (None: a new
    hand), until ``expires`` (Unix seconds)."""

    asker: int
    update_id: int
    corrects: int | None
    expires: int

    def expired(self, now: float | None = None) -> bool:
        return (time.time() if now is None else now) > self.expires


def confirm_data(
    token: str,
    chat_id: int,
    typed_by: tuple[int, int],
    line: str,
    *,
    corrects: int | None = None,
    now: float | None = None,
) -> str:
    """The ✅ data for the reading ``line`` of a line typed by (asker, update id)."""
    asker, update_id = typed_by
    expires = int(time.time() if now is None else now) + CONFIRM_SECONDS
    fix = _base36(corrects) if corrects is not None else ""
    body = f"{_base36(asker)}:{_base36(update_id)}:{fix}:{_base36(expires)}"
    data = f"{PREFIX}{body}:{_mac(token, chat_id, body, line)}"
    if len(data.encode()) > _CALLBACK_DATA_BYTES:
        raise ValueError(f"typed confirm data too long: {data!r}")
    return data


def read_confirm(token: str, chat_id: int, data: str, line: str) -> TypedConfirm | None:
    """The promise a ✅ press carries for the reading ``line`` shown above it; None for data
    the bot did not write for this chat and this reading (forged, altered, or moved)."""
    signed = data.removeprefix(PREFIX)
    body, _, mac = signed.rpartition(":")
    parts = body.split(":")
    if len(parts) != 4 or not hmac.compare_digest(mac, _mac(token, chat_id, body, line)):
        return None
    asker, update_id, fix, expires = parts  # signed by the bot, so well-formed
    corrects = int(fix, 36) if fix else None
    return TypedConfirm(int(asker, 36), int(update_id, 36), corrects, int(expires, 36))


def _mac(token: str, chat_id: int, body: str, line: str) -> str:
    key = hashlib.sha256(b"typed-confirm:" + token.encode()).digest()
    digest = hmac.new(key, f"{chat_id}:{body}:{line}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode()[:_MAC_CHARS]


def _base36(number: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    text = ""
    while number:
        number, digit = divmod(number, 36)
        text = digits[digit] + text
    return text or "0"

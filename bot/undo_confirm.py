"""The ✅ / ✖ under an /undo of an earlier entry, as button data only the bot can write.

A confirm acts only if the bot showed it, for that entry, within its time: the data carries
who asked, the entries, when it expires and an HMAC of those and the chat, keyed by a key
derived from the bot token. Nothing is kept in memory or the ledger, so a confirm shown
before a restart still works after it, and a forged or altered one is refused.

    undook:<asker>:<ids>:<expiry, base 36 seconds>:<mac, 12 base64url characters>
"""

from __future__ import annotations

import hmac
import time
from dataclasses import dataclass
from typing import Final

from bot import button_signature

CONFIRM_PREFIX: Final = "undook:"
CANCEL_PREFIX: Final = "undono:"
# Long enough to read the question and find an admin; short enough that a forgotten ✅ is not
# pressed an evening later, when the table has moved on.
CONFIRM_SECONDS: Final = 10 * 60
_MAC_CHARS: Final = button_signature.MAC_CHARS
_CALLBACK_DATA_BYTES: Final = 64
# The widest data after a prefix: a Telegram user id (up to 52 bits), one entry id, the expiry
# in base 36 and the signature (read by the button registry's 64-byte check).
WIDEST_SIGNED: Final = f"{2**52}:{'9' * 10}:{'z' * 6}:{'x' * _MAC_CHARS}"


@dataclass(frozen=True)
class UndoConfirm:
    """What a confirm button promises: ``asker`` (0: an anonymous admin) may undo ``ids``
    (comma-separated entry ids) in this chat until ``expires`` (Unix seconds)."""

    asker: int
    ids: str
    expires: int

    def expired(self, now: float | None = None) -> bool:
        return (time.time() if now is None else now) > self.expires


def confirm_data(
    token: str, chat_id: int, asker: int, ids: str, now: float | None = None
) -> tuple[str, str]:
    """The (✅, ✖) callback data for an /undo of ``ids`` asked by ``asker`` in ``chat_id``."""
    expires = int(time.time() if now is None else now) + CONFIRM_SECONDS
    body = f"{asker}:{ids}:{_base36(expires)}"
    signed = f"{body}:{_mac(token, chat_id, body)}"
    confirm, cancel = CONFIRM_PREFIX + signed, CANCEL_PREFIX + signed
    if len(confirm.encode()) > _CALLBACK_DATA_BYTES:
        raise ValueError(f"undo confirm data too long: {confirm!r}")
    return confirm, cancel


def read_confirm(token: str, chat_id: int, data: str) -> UndoConfirm | None:
    """The confirm a ✅ / ✖ press carries; None for data the bot did not write for this chat
    (forged, altered, from another chat, or from before the data was signed)."""
    _, _, signed = data.partition(":")
    body, _, mac = signed.rpartition(":")
    parts = body.split(":")
    if len(parts) != 3 or not hmac.compare_digest(mac, _mac(token, chat_id, body)):
        return None
    asker, ids, expires = parts  # signed by the bot, so well-formed
    return UndoConfirm(int(asker), ids, int(expires, 36))


def _mac(token: str, chat_id: int, body: str) -> str:
    return button_signature.mac(token, "undo-confirm", chat_id, body)


def _base36(number: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    text = ""
    while number:
        number, digit = divmod(number, 36)
        text = digits[digit] + text
    return text or "0"

"""Button data only the bot can write: ``signed`` appends an HMAC of the data and the chat,
keyed by a key derived from the bot token and the button's purpose; ``verified`` gives the
data back only when the signature holds for that chat. Nothing is kept, so a button shown
before a restart still works after it; a forged, altered or copied one does not.

    <data>:<mac, 12 base64url characters>
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from typing import Final

MAC_CHARS: Final = 12  # 72 bits: guessing one takes ~2^71 presses
SIGNATURE_CHARS: Final = 1 + MAC_CHARS  # what signing adds to the data (the colon, the mac)


def mac(token: str, purpose: str, chat_id: int, body: str) -> str:
    """The signature of ``body`` shown in ``chat_id``, for buttons of ``purpose``."""
    key = hashlib.sha256(f"{purpose}:".encode() + token.encode()).digest()
    digest = hmac.new(key, f"{chat_id}:{body}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode()[:MAC_CHARS]


def signed(token: str, purpose: str, chat_id: int, data: str) -> str:
    """``data`` with its signature for ``chat_id``."""
    return f"{data}:{mac(token, purpose, chat_id, data)}"


def verified(token: str, purpose: str, chat_id: int, data: str) -> str | None:
    """The data a signed button carries, without its signature; None for data the bot did
    not sign for this chat and purpose."""
    body, _, found = data.rpartition(":")
    if not body or not hmac.compare_digest(found, mac(token, purpose, chat_id, body)):
        return None
    return body

"""The 「✅ 已付」 under a debt line and an admin's 「↩ 撤销」 of a payment, as button data only
the bot can write (signed as ``bot.buttons.undo_confirm`` signs its confirms, with a key of
its own).

A ✅ says who pays whom how much, as the line showed it; pressing it pays exactly that, if
the payer still owes it then. It carries no expiry: a debt's ✅ under last week's /settle
still pays it. A forged or altered one is refused.

    dpay:<payer record>:<payee record>:<fen>:<mac>      dundo:<payment line>:<mac>
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from dataclasses import dataclass
from typing import Final

from telegram import InlineKeyboardButton

from bot.buttons.registry import WIDEST_ENTRY_ID
from bot.i18n import t

PAY_PREFIX: Final = "dpay:"
UNDO_PREFIX: Final = "dundo:"
DETAILS_PREFIX: Final = "dmore:"
_BUTTON_NAME: Final = 8  # characters of a name on a button
_MAC_CHARS: Final = 12  # 72 bits, as the undo confirms'
_WIDEST_FEN: Final = "9" * 13  # storage.money.MAX_FEN, 100 亿元
WIDEST_PAY: Final = f"{WIDEST_ENTRY_ID}:{WIDEST_ENTRY_ID}:{_WIDEST_FEN}:{'x' * _MAC_CHARS}"
WIDEST_UNDO: Final = f"{WIDEST_ENTRY_ID}:{'x' * _MAC_CHARS}"


@dataclass(frozen=True)
class PayButton:
    """What a ✅ promises: ``payer`` pays ``payee`` ``fen`` (player records of the chat)."""

    payer: int
    payee: int
    fen: int


def pay_row(
    token: str,
    chat_id: int,
    debt: tuple[int, int, int],
    names: dict[int, str],
    lang: str,
) -> list[InlineKeyboardButton]:
    """One 「✅ 已付 甲→乙」 button for the debt (payer, payee, fen) in a row of its own."""
    payer, payee, fen = debt
    data = pay_data(token, chat_id, payer, payee, fen)
    return [InlineKeyboardButton(pay_label(names[payer], names[payee], lang), callback_data=data)]


def pay_label(payer: str, payee: str, lang: str) -> str:
    """「✅ 已付 甲→乙」: the names tell which line of the message the button marks."""
    return t("debt_pay_button", lang, payer=_short(payer), payee=_short(payee))


def _short(name: str) -> str:
    return name if len(name) <= _BUTTON_NAME else name[: _BUTTON_NAME - 1] + "…"


def pay_data(token: str, chat_id: int, payer: int, payee: int, fen: int) -> str:
    body = f"{payer}:{payee}:{fen}"
    return f"{PAY_PREFIX}{body}:{_mac(token, chat_id, 'pay:' + body)}"


def undo_data(token: str, chat_id: int, payment: int) -> str:
    return f"{UNDO_PREFIX}{payment}:{_mac(token, chat_id, f'undo:{payment}')}"


def read_pay(token: str, chat_id: int, data: str) -> PayButton | None:
    """The ✅ a press carries; None for data the bot did not write for this chat."""
    body, _, mac = data.removeprefix(PAY_PREFIX).rpartition(":")
    if not hmac.compare_digest(mac, _mac(token, chat_id, "pay:" + body)):
        return None
    payer, payee, fen = body.split(":")  # signed by the bot, so well-formed
    return PayButton(int(payer), int(payee), int(fen))


def read_undo(token: str, chat_id: int, data: str) -> int | None:
    """The payment line an ↩ press undoes; None for data the bot did not write here."""
    body, _, mac = data.removeprefix(UNDO_PREFIX).rpartition(":")
    if not hmac.compare_digest(mac, _mac(token, chat_id, f"undo:{body}")):
        return None
    return int(body)


def _mac(token: str, chat_id: int, body: str) -> str:
    key = hashlib.sha256(b"debt-button:" + token.encode()).digest()
    digest = hmac.new(key, f"{chat_id}:{body}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode()[:_MAC_CHARS]

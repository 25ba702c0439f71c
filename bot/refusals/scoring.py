"""A refusal of the scoring core told with the table's names.

The handlers give the core seats as values (``scoring.WinFacts``); when it refuses, the
error says which of them it is about as a ``Said`` (a kind and a seat). Here a seat
becomes the player the chat knows, after the word the player used (点炮 乙, ron 乙), from
the one message catalogue (``bot.i18n``).
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Final

from bot.i18n import Html, t
from bot.text_limits import quote
from scoring.errors import Naming, Said, ScoringError, ScoringErrorCode
from scoring.tiles import Seat

# How a refusal in English quotes each word taking a seat; the Chinese quotes the word typed.
_SAID_EN: Final = {
    "discarder": "ron",
    "robbed_kong_of": "rob",
    "contract_payer": "contract",
    "seat_wind": "seat",
    "round_wind": "round",
}
_SAID_ZH: Final = {
    "robbed_kong_of": "抢杠",
    "contract_payer": "承包",
    "seat_wind": "座",
    "round_wind": "圈",
}
_WINDS: Final = frozenset({"seat_wind", "round_wind"})


class TableScoringError(ScoringError):
    """The core's refusal of a line at a table: the same error, and who sits where."""

    def __init__(
        self, error: ScoringError, names: Mapping[Seat, str], discard_word: str = "点炮"
    ) -> None:
        super().__init__(
            error.code,
            error.zh,
            error.en,
            error.token,
            error.position,
            naming=Naming(error.said, error.params),
        )
        self.names = names
        self.discard_word = discard_word  # 点炮, 放冲 or 放炮: as the player said it

    def say(self, said: Said, lang: str) -> str:
        """点炮 乙 / ron 乙 / 承包 丙; a wind as its seat (座南 / seat S)."""
        if said.kind in _WINDS:
            word = _SAID_EN[said.kind] if lang == "en" else _SAID_ZH[said.kind]
            return f"{word} {said.seat.value}" if lang == "en" else f"{word}{said.seat.zh}"
        en = lang == "en"
        word = _SAID_EN[said.kind] if en else _SAID_ZH.get(said.kind, self.discard_word)
        return f"{word} {self.names.get(said.seat, said.seat.value)}"


def refusal_text(error: ScoringError, lang: str) -> str:
    """The refusal as HTML: the word at fault (a long one cut) and why, without the character
    position (the core counts in the words it was given, not in the line the player typed)."""
    table = error if isinstance(error, TableScoringError) else None
    body = html.escape(error.en if lang == "en" else error.zh, quote=False)
    other, why = error.params.get("other"), error.params.get("why")
    conflict = error.code is ScoringErrorCode.CONFLICTING_WORDS
    if table is not None and conflict and isinstance(other, Said) and isinstance(why, tuple):
        body = t("scoring_conflict", lang, other=table.say(other, lang), why=why[lang == "en"])
    token = error.token
    if table is not None and error.said is not None:
        token = table.say(error.said, lang)
    if token is None:
        return body
    return t("scoring_token", lang, token=quote(token), text=Html(body))

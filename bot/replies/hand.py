"""The recording reply of /hu (一炮多响 too), /kong and /draw, built from the ledger's entries.

Short by default, sized for a phone (at most six lines): the entry and hand, each winner with
the patterns and value, the hand's money, the next dealer; the full form adds the ruleset and
底分, the formula, the payer rule and the standings. Both forms are written from what the
ledger keeps with the entries (the stored breakdown, the seats, the deal after the hand), so
a 📋 详情 press after a restart shows what the first reply would have shown.
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.i18n import Html, t
from bot.replies.table import (
    kong_name,
    ruleset_name,
    scores_seat_wind,
    seat_and_wind,
    seat_label,
    signed,
    tally_block,
)
from bot.table.seated import SeatedTable
from scoring import rulesets
from scoring.payments import KongKind
from scoring.tiles import SEAT_ORDER, Seat
from scoring.words import read_winds
from storage import Entry, HandSeating, Player, Tally

UNDO_PREFIX: Final = "undo:"
# 📋 详情 and its way back: "full:IDS" / "short:IDS" (a 一炮多响's few ids: well under 64 bytes).
FULL_PREFIX: Final = "full:"
SHORT_PREFIX: Final = "short:"

SHORT_LINES: Final = 6  # a short reply's most lines: it fits a phone's screen


@dataclass(frozen=True)
class HandScene:
    """One hand as its reply tells it: the entries (one, or the wins of a 一炮多响), the
    session's ruleset and 底分, who sat where, the deal after it and, for the full form,
    the standings."""

    entries: tuple[Entry, ...]
    ruleset: str
    base: int
    players: Mapping[Seat, Player]
    dealer_after: Seat | None = None  # None for a kong: the deal does not move
    round_wind_after: Seat | None = None
    tally: Tally | None = None

    def name(self, seat: Seat) -> str:
        player = self.players.get(seat)
        return player.name if player else seat.zh

    def seat_of(self, player_id: int | None) -> Seat | None:
        return next((s for s, p in self.players.items() if p.id == player_id), None)


def scene_after(table: SeatedTable, entries: tuple[Entry, ...], tally: Tally | None) -> HandScene:
    """The scene of entries just written: ``table`` is the table after the write."""
    session = table.session
    dealer = None if entries[0].kind == "kong" else table.dealer
    return HandScene(
        entries, session.ruleset, session.base, table.players, dealer, table.round_wind, tally
    )


def scene_from_ledger(
    entries: tuple[Entry, ...],
    terms: tuple[str, int],
    seating: HandSeating,
    players: Mapping[int, Player],
    tally: Tally | None,
) -> HandScene:
    """The scene read back from the ledger: the session's (ruleset, 底分), the seats written
    with the entry and the chat's players by id."""
    seated = {
        seat: players[player_id]
        for seat, player_id in zip(SEAT_ORDER, seating.seats, strict=True)
        if player_id is not None and player_id in players
    }
    dealer = Seat(seating.dealer_after) if seating.dealer_after else None
    wind = Seat(seating.round_wind_after) if seating.round_wind_after else None
    ruleset, base = terms
    return HandScene(entries, ruleset, base, seated, dealer, wind, tally)


def with_cheer(text: str, cheer: str, full: bool) -> str:
    """The reply and its awards line (``bot.replies.awards``): always in the full form, in the short
    one while it stays within ``SHORT_LINES`` (three winners on one discard fill it: their
    awards wait behind 📋 详情)."""
    if not cheer or (not full and len(text.splitlines()) >= SHORT_LINES):
        return text
    return f"{text}\n{cheer}"


def hand_text(scene: HandScene, lang: str, full: bool) -> str:
    """The reply: short (at most six lines) or ``full``."""
    kind = scene.entries[0].kind
    if kind == "kong":
        lines = _kong_lines(scene, lang)
    elif kind == "draw":
        lines = [
            t("draw_recorded", lang, entry=_numbers(scene.entries), hand=_hand_number(scene)),
            _next_dealer(scene, lang),
        ]
    else:
        lines = _win_lines(scene, lang, full)
    if full and scene.tally is not None:
        # The standings go before the next dealer, as the reply always showed them.
        at = -1 if scene.dealer_after is not None else len(lines)
        lines.insert(at, tally_block(scene.tally, lang))
    return "\n".join(line for line in lines if line)


def hand_markup(
    entries: tuple[Entry, ...],
    lang: str,
    full: bool,
    rows: Sequence[Sequence[InlineKeyboardButton]] = (),
) -> InlineKeyboardMarkup:
    """[↩️ 撤销] [📋 详情] under the short form, [↩️ 撤销] [🔼 收起] under the full one, and
    under both the ``rows`` the features registered (``bot.replies.decorations``: [➕ 记一手],
    the next hand by buttons, so an evening needs no typing; the Mini App's keyboard)."""
    ids = _ids(entries)
    undo = InlineKeyboardButton("↩️ " + t("undo_button", lang), callback_data=UNDO_PREFIX + ids)
    toggle = (
        InlineKeyboardButton(t("short_button", lang), callback_data=SHORT_PREFIX + ids)
        if full
        else InlineKeyboardButton(t("details_button", lang), callback_data=FULL_PREFIX + ids)
    )
    return InlineKeyboardMarkup([[undo, toggle], *rows])


def _win_lines(scene: HandScene, lang: str, full: bool) -> list[str]:
    rules = rulesets.get(scene.ruleset)
    header = "hand_header" if full else "hand_header_short"
    lines = [
        t(
            header,
            lang,
            entries=_numbers(scene.entries),
            hand=_hand_number(scene),
            ruleset=ruleset_name(rules.id, lang),
            base=scene.base,
        )
    ]
    for entry in scene.entries:
        seat = _seat(scene, entry)
        winner = t("winner_line", lang, name=scene.name(seat), seat=_wind(scene, seat, entry, lang))
        summary = [html.escape(line, quote=False) for line in stored_summary(entry, rules, lang)]
        if full:
            lines.extend([winner, *summary])
        else:
            short = [summary[0], *_short_extras(scene, entry, lang)] if summary else []
            lines.append(" · ".join([winner, *short]))
    lines.append(_deltas_line(scene, lang))
    lines.append(_next_dealer(scene, lang))
    return lines


def _kong_lines(scene: HandScene, lang: str) -> list[str]:
    entry = scene.entries[0]
    owner = _seat(scene, entry)
    kind = next((k for k in KongKind if k.zh == entry.note), None)
    return [
        t(
            "kong_recorded",
            lang,
            entry=entry.number,
            name=scene.name(owner),
            seat=seat_label(owner, lang),
            kind=kong_name(kind, lang) if kind else entry.note or "",
        ),
        _deltas_line(scene, lang),
    ]


def stored_summary(entry: Entry, rules: rulesets.Ruleset, lang: str) -> list[str]:
    """``scoring.explain.summary`` of the win, read from the breakdown stored with it: the
    patterns and value, 双辣's 台, the formula, who pays, and the notes."""
    if not entry.result_json:
        return []
    data: dict[str, Any] = json.loads(entry.result_json)
    en = lang == "en"
    names = [_pattern_name(rules, p, en) for p in data.get("patterns", [])]
    unit = rules.unit_en if en else rules.unit_zh
    lines = [f"{(', ' if en else '、').join(names)} = {data['value']} {unit}"]
    if data.get("tai") is not None:
        lines.append(f"Tai: {data['tai']}" if en else f"台数：{data['tai']} 台")
    explanation = data.get("explanation") or {}
    if explanation:
        if en:
            lines.append(f"Formula: {explanation['formula_en']}")
            lines.append(f"Who pays: {explanation['payer_rule_en']}")
        else:
            lines.append(f"算法：{explanation['formula_zh']}")
            lines.append(f"付款：{explanation['payer_rule_zh']}")
        lines.extend(note[1] if en else note[0] for note in explanation.get("notes", []))
    return lines


def _short_extras(scene: HandScene, entry: Entry, lang: str) -> list[str]:
    """What the short line adds to the value, read from the stored breakdown: the 台 a
    双辣 hand counted (its 倍 follow from them) and, for a 承包 win, who alone pays."""
    data: dict[str, Any] = json.loads(entry.result_json or "{}")
    extras = []
    if data.get("tai") is not None:
        extras.append(t("short_tai", lang, tai=data["tai"]))
    if (data.get("explanation") or {}).get("payer_rule") == "contract":
        payers = [pid for pid, delta in entry.postings.items() if delta < 0]
        seats = [seat for seat in map(scene.seat_of, payers) if seat is not None]
        if len(seats) == 1:
            extras.append(t("short_contract", lang, name=scene.name(seats[0])))
    return extras


def _pattern_name(rules: rulesets.Ruleset, pattern: dict[str, Any], en: bool) -> str:
    """The pattern as ``summary`` names it; a breakdown stored before it kept ``name_en``
    finds the English name in the ruleset's rows."""
    name = str(pattern["name"])
    if not en:
        return name
    name_en = pattern.get("name_en")
    if name_en is None:
        try:
            name_en = rules.row(name).name_en
        except KeyError:  # a row renamed since
            return name
    return f"{name_en} ({name})"


def deltas_text(scene: HandScene | SeatedTable, deltas: Mapping[Seat, int]) -> str:
    """'甲 +48 · 乙 −16 · …' in seat order, as HTML."""
    return " · ".join(
        f"{html.escape(scene.name(seat))} {signed(deltas.get(seat, 0))}" for seat in SEAT_ORDER
    )


def next_dealer_text(dealer: Seat, dealer_name: str, round_wind: Seat, lang: str) -> str:
    shown = (
        f"{dealer_name}（{seat_label(dealer, lang)}）"
        if lang == "zh"
        else f"{dealer_name} ({dealer.value})"
    )
    return t("next_dealer", lang, dealer=shown, round=seat_label(round_wind, lang))


def _next_dealer(scene: HandScene, lang: str) -> str:
    if scene.dealer_after is None or scene.round_wind_after is None:
        return ""
    return next_dealer_text(
        scene.dealer_after, scene.name(scene.dealer_after), scene.round_wind_after, lang
    )


def _deltas_line(scene: HandScene, lang: str) -> str:
    """本局：every seated player's points in the hand."""
    deltas = deltas_by_seat(scene.entries, scene.seat_of)
    return t("deltas", lang, deltas=Html(deltas_text(scene, deltas)))


def deltas_by_seat(
    entries: Iterable[Entry], seat_of: Callable[[int], Seat | None]
) -> dict[Seat, int]:
    """Entries' points by the seat of each player they move (a 一炮多响's wins together);
    players not seated are left out."""
    total: dict[Seat, int] = {}
    for entry in entries:
        for player_id, delta in entry.postings.items():
            seat = seat_of(player_id)
            if seat is not None:
                total[seat] = total.get(seat, 0) + delta
    return total


def _seat(scene: HandScene, entry: Entry) -> Seat:
    return scene.seat_of(entry.winner) or Seat.E


def _wind(scene: HandScene, seat: Seat, entry: Entry, lang: str) -> str:
    """The winner's seat, with the 门风 the hand was scored with where it tells (read from
    the stored line only then: most rulesets never show it)."""
    if not scores_seat_wind(scene.ruleset):
        return seat_label(seat, lang)
    wind = read_winds(entry.hand_line or "")[0] or seat
    return seat_and_wind(seat, wind, scene.ruleset, lang)


def _hand_number(scene: HandScene) -> int | str:
    return scene.entries[0].hand_number or "?"


def _ids(entries: tuple[Entry, ...]) -> str:
    """Row ids, as the buttons' data carries them: never shown, and a button sent before the
    entries had numbers keeps working."""
    return ",".join(str(entry.id) for entry in entries)


def _numbers(entries: tuple[Entry, ...]) -> str:
    """The entries' numbers in their chat, as replies show them (#N)."""
    return ",".join(str(entry.number) for entry in entries)

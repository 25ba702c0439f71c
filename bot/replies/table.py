"""The open table and its standings as HTML, and the labels they use (seats, rulesets, kongs)."""

from __future__ import annotations

import html
from collections import Counter

from bot.i18n import Html, t
from bot.table.seated import SeatedTable
from scoring import rulesets
from scoring.payments import KongKind
from scoring.tiles import SEAT_ORDER, Seat
from storage import Tally
from storage.names import name_key

SEAT_WIND_TRIPLET = "座风刻"  # the row that makes a player's 门风 worth a 台


def ruleset_name(ruleset_id: str, lang: str) -> str:
    found = rulesets.get(ruleset_id)
    return found.name_en if lang == "en" else found.name_zh


def seat_label(seat: Seat, lang: str) -> str:
    return seat.value if lang == "en" else seat.zh


def kong_name(kind: KongKind, lang: str) -> str:
    """'暗杠', or 'concealed kong (暗杠)' in English."""
    return kind.zh if lang == "zh" else f"{kind.value} kong ({kind.zh})"


def signed(amount: int) -> str:
    return f"+{amount}" if amount > 0 else str(amount).replace("-", "−")


def describe_table(table: SeatedTable, lang: str) -> str:
    """Seats with names, the dealer and the round wind, as HTML."""
    empty = t("seat_empty", lang)
    seats = "\n".join(
        seat_label(seat, lang)
        + " "
        + (html.escape(table.name(seat)) if seat in table.players else empty)
        + (" 🀄" if seat == table.dealer else "")
        + seat_wind_note(table, seat, lang)
        for seat in SEAT_ORDER
    )
    dealer = table.dealer
    return t(
        "session_table",
        lang,
        seats=Html(seats),
        dealer=table.name(dealer) if dealer in table.players else seat_label(dealer, lang),
        round=seat_label(table.round_wind, lang),
    )


def seat_wind_note(table: SeatedTable, seat: Seat, lang: str) -> str:
    """'（门风东）' after a seat whose 门风 tells (see ``wind_tells``)."""
    wind = table.seat_wind(seat)
    if not wind_tells(seat, wind, table.session.ruleset):
        return ""
    return f" (seat wind {wind.value})" if lang == "en" else f"（门风{wind.zh}）"


def seat_and_wind(seat: Seat, wind: Seat, ruleset_id: str, lang: str) -> str:
    """'南', or '南 · 门风东' for a seat whose 门风 tells (see ``wind_tells``)."""
    if not wind_tells(seat, wind, ruleset_id):
        return seat_label(seat, lang)
    if lang == "en":
        return f"{seat.value} · seat wind {wind.value}"
    return f"{seat.zh} · 门风{wind.zh}"


def wind_tells(seat: Seat, wind: Seat, ruleset_id: str) -> bool:
    """Whether to show a seat's 门风: the ruleset scores a triplet of it (双辣's 座风刻) and it
    differs from the seat's label. Seats keep their labels (点炮S names a place at the
    table), while the 门风 turns with the deal — the dealer's is 东."""
    return wind != seat and scores_seat_wind(ruleset_id)


def scores_seat_wind(ruleset_id: str) -> bool:
    try:
        rulesets.get(ruleset_id).row(SEAT_WIND_TRIPLET)
    except KeyError:
        return False
    return True


def tally_block(
    tally: Tally, lang: str, title_key: str = "tally_title", shared: frozenset[str] | None = None
) -> str:
    """The tally under its bold title, as HTML (``shared``: see ``describe_tally``)."""
    return f"<b>{t(title_key, lang)}</b>\n{describe_tally(tally, lang, shared)}"


def describe_tally(tally: Tally, lang: str, shared: frozenset[str] | None = None) -> str:
    """'甲 +48' lines, highest first, as HTML. A guest whose name another row has (the chat's
    all-time standings: a guest 丁 and a member 丁 who never sat together) is marked 丁（客）,
    as /stats and /top mark it; ``shared`` gives the names shared across every page."""
    if not tally.rows:
        return t("tally_empty", lang)
    shared = shared_names(tally) if shared is None else shared
    return "\n".join(
        html.escape(row.player.name)
        + (
            t("guest_mark", lang)
            if row.player.is_guest and name_key(row.player.name) in shared
            else ""
        )
        + f" {signed(row.balance)}"
        for row in tally.rows
    )


def shared_names(tally: Tally) -> frozenset[str]:
    """The names (as ``name_key``s: look-alikes are one name) more than one row has."""
    names = Counter(name_key(row.player.name) for row in tally.rows)
    return frozenset(name for name, count in names.items() if count > 1)


def empty_seats(table: SeatedTable, lang: str) -> Html:
    """The free seats in seat order, '南 北'."""
    return Html(" ".join(seat_label(seat, lang) for seat in table.free_seats))

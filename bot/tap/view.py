"""A flow's step as its message: the line tapped so far, the question, and the buttons; the
preview scores the line exactly as the typed command would."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Final

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.context import Refusal
from bot.grammar import GrammarError, HuCommand, KongCommand, parse_hu, parse_kong
from bot.handlers.errors import user_message
from bot.handlers.recording import (
    deltas_text,
    kong_payments,
    refuse_unsettled_kongs,
    score_claims,
)
from bot.i18n import Html, t
from bot.table import Table
from bot.table_html import kong_name, seat_and_wind
from bot.tap import choices
from bot.tap.flow import (
    HOW_NEEDS_SEAT,
    HOW_WORDS,
    KONG_NEEDS_SEAT,
    KONG_WORDS,
    MOST_WINNERS,
    Flow,
    Kind,
    Step,
    hu_line,
    kong_line,
)
from scoring.errors import ScoringError
from scoring.explain import summary
from scoring.payments import KongKind, combine
from scoring.tiles import SEAT_ORDER, Seat
from scoring.vocabulary import WILD_CHOICES, pattern_choices

Rows = list[list[InlineKeyboardButton]]
_HOW_KEYS: Final = dict(
    zip(HOW_WORDS, ("tap_self_draw", "tap_discard", "tap_rob", "tap_bloom"), strict=True)
)
_FROM_KEYS: Final = {"点炮": "tap_ask_discarder", "抢杠": "tap_ask_robbed"}
_KINDS: Final = {kind.zh: kind for kind in KongKind}
_PER_ROW: Final = 3


def hu_command(flow: Flow, table: Table) -> tuple[str, HuCommand]:
    """The /hu line the flow stands for, with the players' names, and its parse; with seat
    words instead where a Telegram name does not read back as its player ('A；B' splits a
    line), so the parse always means the taps."""
    try:
        line = hu_line(flow, table.name)
        command = parse_hu(line, table.roster)
        if _means(command, flow):
            return line, command
    except GrammarError:
        pass
    line = hu_line(flow, lambda seat: seat.value)
    return line, parse_hu(line, table.roster)


def _means(command: HuCommand, flow: Flow) -> bool:
    winners = [claim.winner for claim in command.claims]
    discarder = flow.discarder if flow.how in HOW_NEEDS_SEAT else None
    return winners == flow.winners and command.discarder == discarder


def kong_command(flow: Flow, table: Table) -> tuple[str, KongCommand]:
    """The /kong line the flow stands for and its parse (seat words where a name misreads)."""
    try:
        line = kong_line(flow, table.name)
        command = parse_kong(line, table.roster)
        if (command.owner, command.discarder) == (flow.winners[0], _kong_source(flow)):
            return line, command
    except GrammarError:
        pass
    line = kong_line(flow, lambda seat: seat.value)
    return line, parse_kong(line, table.roster)


def _kong_source(flow: Flow) -> Seat | None:
    return flow.discarder if flow.how in KONG_NEEDS_SEAT else None


def typed_line(flow: Flow, table: Table) -> str:
    """What a player would type for the taps so far: '/hu 甲 点炮 丙 七对'."""
    if flow.kind is Kind.DRAW:
        return "/draw"
    names = [table.name(seat) for seat in flow.winners]
    if flow.step in (Step.WHO, Step.HOW) or flow.how is None:
        return " ".join([f"/{flow.kind.value}", *names])
    line = hu_line(flow, table.name) if flow.kind is Kind.HU else kong_line(flow, table.name)
    return f"/{flow.kind.value} {line}"


def render(table: Table, flow: Flow, lang: str) -> tuple[str, InlineKeyboardMarkup]:
    """The flow's message for its current step."""
    question, rows = _STEPS[flow.step](table, flow, lang)  # first: it may drop an unasked 有花
    title = t(f"tap_title_{flow.kind.value}", lang)
    head = [title, t("tap_line", lang, line=typed_line(flow, table))]
    return "\n".join([*head, *question]), InlineKeyboardMarkup(rows)


def _button(flow: Flow, label: str, action: str) -> InlineKeyboardButton:
    return InlineKeyboardButton(label, callback_data=flow.data(action))


def _in_rows(buttons: Sequence[InlineKeyboardButton]) -> Rows:
    return [list(buttons[i : i + _PER_ROW]) for i in range(0, len(buttons), _PER_ROW)]


def _controls(flow: Flow, lang: str, *, next_: bool = False) -> Rows:
    row = []
    if flow.trail:
        row.append(_button(flow, t("tap_back", lang), "b"))
    if next_:
        row.append(_button(flow, t("tap_next", lang), "n"))
    row.append(_button(flow, t("tap_cancel", lang), "x"))
    return [row]


def _players(table: Table, flow: Flow, seats: Sequence[Seat], marked: Sequence[Seat]) -> Rows:
    return _in_rows(
        [
            _button(flow, ("✓ " if seat in marked else "") + table.name(seat), f"s{seat.value}")
            for seat in seats
        ]
    )


def _who(table: Table, flow: Flow, lang: str) -> tuple[list[str], Rows]:
    seated = [seat for seat in SEAT_ORDER if seat in table.players]
    if flow.kind is Kind.KONG:
        return [t("tap_ask_owner", lang)], _players(table, flow, seated, ()) + _controls(flow, lang)
    if len(flow.winners) >= MOST_WINNERS:  # the others gave the tile
        seated = [seat for seat in seated if seat in flow.winners]
    rows = _players(table, flow, seated, flow.winners)
    return [t("tap_ask_winners", lang)], rows + _controls(flow, lang, next_=bool(flow.winners))


def _how(table: Table, flow: Flow, lang: str) -> tuple[list[str], Rows]:
    if flow.kind is Kind.KONG:
        buttons = [
            _button(flow, kong_name(_KINDS[word], lang), f"h{index}")
            for index, word in enumerate(KONG_WORDS)
        ]
        return [t("tap_ask_kind", lang)], _in_rows(buttons) + _controls(flow, lang)
    offered = choices.how_choices(table, flow)
    buttons = [
        _button(flow, t(_HOW_KEYS[word], lang), f"h{HOW_WORDS.index(word)}") for word in offered
    ]
    names = "、".join(table.name(seat) for seat in flow.winners)
    return [t("tap_ask_how", lang, names=names)], _in_rows(buttons) + _controls(flow, lang)


def _from(table: Table, flow: Flow, lang: str) -> tuple[list[str], Rows]:
    key = _FROM_KEYS.get(flow.how or "", "tap_ask_gave")
    rows = _players(table, flow, choices.from_choices(table, flow), ())
    return [t(key, lang)], rows + _controls(flow, lang)


def _patterns(table: Table, flow: Flow, lang: str) -> tuple[list[str], Rows]:
    seat = flow.winner
    chosen = flow.words.get(seat, [])
    names = pattern_choices()
    buttons = [
        _button(flow, _pattern_label(names[index], chosen, lang), f"p{index}")
        for index in choices.pattern_offers(table, flow)
    ]
    rows = _in_rows(buttons)
    question = [t("tap_ask_patterns", lang, name=table.name(seat))]
    answered = True
    if choices.wild_matters(table, flow):
        answered = seat in flow.wild  # ▶ waits for it: the line scores only once it is said
        question.append(t("tap_ask_wild", lang))
        said = [flow.wild.get(seat, "")]
        rows.append(
            [
                _button(flow, _pattern_label(choice, said, lang), f"y{index}")
                for index, choice in enumerate(WILD_CHOICES)
            ]
        )
    else:
        flow.wild.pop(seat, None)  # it changes nothing here: the line does not say it
    return question, rows + _controls(flow, lang, next_=answered)


def _pattern_label(name: tuple[str, str], chosen: list[str], lang: str) -> str:
    word, en = name
    return ("✓ " if word in chosen else "") + (word if lang == "zh" else f"{word} {en}")


def _preview(table: Table, flow: Flow, lang: str) -> tuple[list[str], Rows]:
    try:
        lines = _scored_lines(table, flow, lang)
    except (GrammarError, ScoringError, Refusal) as error:
        text = user_message(error, lang) or ""
        return [text, t("tap_fix", lang)], _controls(flow, lang)
    record = _button(flow, t("tap_record", lang), "ok")
    return lines, [[record], *_controls(flow, lang)]


def _scored_lines(table: Table, flow: Flow, lang: str) -> list[str]:
    """What the hand comes to, as the recording reply says it (nothing is written yet)."""
    if flow.kind is Kind.DRAW:
        return [t("tap_ask_draw", lang, hand=table.session.hand_number)]
    if flow.kind is Kind.KONG:
        refuse_unsettled_kongs(table, lang)
        _, kong = kong_command(flow, table)
        owner = kong.owner
        kind = kong_name(KongKind(kong.kind), lang)
        deltas = deltas_text(table, kong_payments(table, kong))
        return [
            t("tap_kong_preview", lang, name=table.name(owner), kind=kind),
            t("deltas", lang, deltas=Html(deltas)),
        ]
    _, command = hu_command(flow, table)
    scored = score_claims(command, table)
    session = table.session
    lines: list[str] = []
    for item in scored:
        wind = item.result.seat_wind or table.seat_wind(item.winner)  # given facts: set
        seat = seat_and_wind(item.winner, wind, session.ruleset, lang)
        lines.append(t("winner_line", lang, name=table.name(item.winner), seat=seat))
        lines.extend(html.escape(line, quote=False) for line in summary(item.result, lang))
    total = combine(item.result.payments for item in scored)  # 一炮多响: the hand as a whole
    lines.append(t("deltas", lang, deltas=Html(deltas_text(table, total))))
    return lines


_STEPS: Final = {
    Step.WHO: _who,
    Step.HOW: _how,
    Step.FROM: _from,
    Step.PATTERNS: _patterns,
    Step.PREVIEW: _preview,
}

"""A flow's step as its message: the line tapped so far, the question, and the buttons; the
patterns step (and a kong's or a draw's preview) shows what the hand comes to, scored as the
typed command would be, with ✅ beside it."""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Final

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.chat_refusal import ChatRefusal
from bot.grammar import GrammarError
from bot.hand_reply import deltas_text
from bot.i18n import Html, t
from bot.recording.claims import kong_payments, refuse_unsettled_kongs, score_claims
from bot.seated_table import SeatedTable
from bot.table_html import kong_name, seat_and_wind
from bot.tap import choices
from bot.tap.flow import (
    HOW_WORDS,
    KONG_NEEDS_SEAT,
    KONG_WORDS,
    Flow,
    Kind,
    Step,
    hu_command,
    hu_line,
    kong_command,
    kong_line,
    line_name,
)
from bot.tap.steps import may_add
from bot.user_errors import user_message
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
_MOST_PATTERNS: Final = 8  # pattern buttons at once, 「更多」 included: a phone's screenful


def typed_line(flow: Flow, table: SeatedTable) -> str:
    """What a player would type for the taps so far: '/hu 甲 点炮 丙 七对'."""
    if flow.kind is Kind.DRAW:
        return "/draw"
    name = line_name(table.name)
    if flow.step in (Step.WHO, Step.HOW) or flow.how is None:
        return " ".join([f"/{flow.kind.value}", *map(name, flow.winners)])
    line = hu_line(flow, name) if flow.kind is Kind.HU else kong_line(flow, name)
    return f"/{flow.kind.value} {line}"


def render(table: SeatedTable, flow: Flow, lang: str) -> tuple[str, InlineKeyboardMarkup]:
    """The flow's message for its current step."""
    question, rows = _STEPS[flow.step](table, flow, lang)  # first: it may drop an unasked 有花
    title = t(f"tap_title_{flow.kind.value}", lang)
    head = [title, t("tap_line", lang, line=typed_line(flow, table))]
    return "\n".join([*head, *question]), InlineKeyboardMarkup(rows)


def _button(flow: Flow, label: str, action: str) -> InlineKeyboardButton:
    return InlineKeyboardButton(label, callback_data=flow.data(action))


def _in_rows(buttons: Sequence[InlineKeyboardButton]) -> Rows:
    return [list(buttons[i : i + _PER_ROW]) for i in range(0, len(buttons), _PER_ROW)]


def _controls(flow: Flow, lang: str) -> Rows:
    row = []
    if flow.trail:
        row.append(_button(flow, t("tap_back", lang), "b"))
    row.append(_button(flow, t("tap_cancel", lang), "x"))
    return [row]


def _players(table: SeatedTable, flow: Flow, seats: Sequence[Seat]) -> Rows:
    return _in_rows([_button(flow, table.name(seat), f"s{seat.value}") for seat in seats])


def _who(table: SeatedTable, flow: Flow, lang: str) -> tuple[list[str], Rows]:
    seated = [seat for seat in SEAT_ORDER if seat in table.players]
    key = "tap_ask_owner" if flow.kind is Kind.KONG else "tap_ask_winner"
    return [t(key, lang)], _players(table, flow, seated) + _controls(flow, lang)


def _how(table: SeatedTable, flow: Flow, lang: str) -> tuple[list[str], Rows]:
    if flow.kind is Kind.KONG:
        return [t("tap_ask_kind", lang)], _kong_kinds(table, flow, lang) + _controls(flow, lang)
    offered = choices.how_choices(table, flow)
    buttons = [
        _button(flow, t(_HOW_KEYS[word], lang), f"h{HOW_WORDS.index(word)}") for word in offered
    ]
    names = "、".join(table.name(seat) for seat in flow.winners)
    return [t("tap_ask_how", lang, names=names)], _in_rows(buttons) + _controls(flow, lang)


def _kong_kinds(table: SeatedTable, flow: Flow, lang: str) -> Rows:
    """暗杠 补杠 and a 明杠 per player who may have given it: the kind and its giver in one."""
    buttons = []
    for index, word in enumerate(KONG_WORDS):
        kind = kong_name(_KINDS[word], lang)
        if word not in KONG_NEEDS_SEAT:
            buttons.append(_button(flow, kind, f"h{index}"))
            continue
        for seat in choices.from_choices(table, flow):
            buttons.append(_button(flow, f"{kind} {table.name(seat)}", f"h{index}{seat.value}"))
    return _in_rows(buttons)


def _from(table: SeatedTable, flow: Flow, lang: str) -> tuple[list[str], Rows]:
    key = _FROM_KEYS.get(flow.how or "", "tap_ask_gave")
    rows = _players(table, flow, choices.from_choices(table, flow))
    return [t(key, lang)], rows + _controls(flow, lang)


def _add(table: SeatedTable, flow: Flow, lang: str) -> tuple[list[str], Rows]:
    seats = [seat for seat in choices.from_choices(table, flow) if seat != flow.discarder]
    return [t("tap_ask_more_winner", lang)], _players(table, flow, seats) + _controls(flow, lang)


def _patterns(table: SeatedTable, flow: Flow, lang: str) -> tuple[list[str], Rows]:
    """One winner's patterns, most used first, the hand's money as it stands and ✅."""
    seat = flow.winner
    rows = _pattern_rows(table, flow, lang)
    question = [t("tap_ask_patterns", lang, name=table.name(seat))]
    asked = False
    if choices.wild_matters(table, flow):
        asked = seat not in flow.wild  # the hand scores only once it is said
        if asked:
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
    actions = []
    scored = None if asked else _money(table, flow, lang)
    if scored is not None and scored[1]:
        actions.append(_button(flow, t("tap_record", lang), "ok"))
    if flow.turn + 1 < len(flow.winners):
        actions.append(_button(flow, t("tap_next", lang), "n"))
    if may_add(table, flow):
        actions.append(_button(flow, t("tap_add_winner", lang), "a"))
    lines = question + (scored[0] if scored is not None else [])
    return lines, rows + ([actions] if actions else []) + _controls(flow, lang)


def _pattern_rows(table: SeatedTable, flow: Flow, lang: str) -> Rows:
    """The patterns offered, the chat's most used first, named as the ruleset names them; past
    a screenful the rest behind 「更多」 (and back). The order and the pages are the ones first
    shown to this winner: a tap hides what no longer applies but moves nothing else."""
    names = pattern_choices()
    chosen = flow.words.get(flow.winner, [])
    offered = choices.pattern_offers(table, flow)
    key = (flow.winner, flow.how, flow.discarder)
    if key not in flow.layout:
        flow.layout[key] = tuple(sorted(offered, key=lambda i: -flow.usage.get(names[i][0], 0)))
    layout = flow.layout[key]
    first_page = set(layout[: _MOST_PATTERNS - 1]) if len(layout) > _MOST_PATTERNS else None
    offers = [i for i in layout if i in offered] + [i for i in offered if i not in layout]
    spell = choices.speller(table)

    def button(i: int) -> InlineKeyboardButton:
        return _button(flow, _pattern_label(names[i], chosen, lang, spell), f"p{i}")

    if first_page is not None:
        shown = [i for i in offers if (i in first_page) != flow.more]
        more = t("tap_fewer" if flow.more else "tap_more", lang)
        return _in_rows([*map(button, shown), _button(flow, more, "m")])
    return _in_rows([button(i) for i in offers])


def _pattern_label(
    name: tuple[str, str], chosen: list[str], lang: str, spell: Callable[[str], str] = str
) -> str:
    said = spell(name[0])
    return ("✓ " if said in chosen else "") + (said if lang == "zh" else f"{said} {name[1]}")


def _money(table: SeatedTable, flow: Flow, lang: str) -> tuple[list[str], bool]:
    """What the hand comes to as it stands, or why it is refused; and whether it scores."""
    try:
        return _scored_lines(table, flow, lang), True
    except (GrammarError, ScoringError, ChatRefusal) as error:
        return [user_message(error, lang) or ""], False


def _preview(table: SeatedTable, flow: Flow, lang: str) -> tuple[list[str], Rows]:
    """A kong's or a draw's money and ✅."""
    lines, scores = _money(table, flow, lang)
    if not scores:
        return [*lines, t("tap_fix", lang)], _controls(flow, lang)
    record = _button(flow, t("tap_record", lang), "ok")
    return lines, [[record], *_controls(flow, lang)]


def _scored_lines(table: SeatedTable, flow: Flow, lang: str) -> list[str]:
    """What the hand comes to, as the recording reply says it (nothing is written yet)."""
    if flow.kind is Kind.DRAW:
        return [t("tap_ask_draw", lang, hand=table.session.hand_number)]
    if flow.kind is Kind.KONG:
        refuse_unsettled_kongs(table, lang)
        kong = kong_command(flow)
        kind = kong_name(KongKind(kong.kind), lang)
        deltas = deltas_text(table, kong_payments(table, kong))
        return [
            t("tap_kong_preview", lang, name=table.name(kong.owner), kind=kind),
            t("deltas", lang, deltas=Html(deltas)),
        ]
    scored = score_claims(hu_command(flow), table)
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
    Step.ADD: _add,
    Step.PREVIEW: _preview,
}

"""Looking back: /tally, /history (paged), /settle (closes the session), /stats, /export."""

from __future__ import annotations

import asyncio
import html
import sys
import tempfile
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Final

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Message, Update
from telegram.constants import ChatAction

from bot import pictures
from bot.buttons import debts as debt_buttons
from bot.buttons.registry import WIDEST_ENTRY_ID, ButtonRoute
from bot.cleaning import as_number
from bot.commands import Command
from bot.context import (
    ButtonPress,
    Context,
    argument_words,
    chat_settings,
    chat_state,
    is_creator_or_admin,
    message_of,
    press_of,
    services,
    update_lang,
)
from bot.grammar.names import GUEST_MARK
from bot.grammar.periods import ALL_TIME, Period
from bot.handlers import people
from bot.handlers.rating import rating_line
from bot.i18n import plain, t
from bot.recording.table import forget, open_table
from bot.refusals.chat import ChatRefusal
from bot.replies.awards import award_names, session_awards_line
from bot.replies.cards import card_bytes, evening_card
from bot.replies.entry_words import KONG_BY_NAME, patterns_of, shown_line
from bot.replies.money import (
    account_name,
    adjustment_label,
    entry_money,
    has_money,
    money_block,
    money_lines_text,
    yuan,
)
from bot.replies.period_stats import (
    board_heading,
    or_all_time,
    period_boards,
    period_from_key,
    period_key,
    period_label,
    take_window,
)
from bot.replies.table import describe_tally, kong_name, shared_names, signed, tally_block
from bot.tap.flow import flows_of
from bot.text_limits import answer, edit, quote, reply, reply_document, reply_photo
from bot.webapp.links import with_webapp
from scoring import rulesets
from storage import (
    SEATS,
    TABLE,
    Entry,
    HistoryPage,
    Ledger,
    PageKey,
    Player,
    Session,
    SessionMoney,
    Tally,
    Transfer,
    settle_up,
)
from storage.money import adjustment_data, yuan_text
from storage.names import name_key

HISTORY_PREFIX = "hist:"
HISTORY_PAGE_SIZE = 5
# Any page past the last shows the last; this one keeps the ledger's offset within 64 bits.
LAST_PAGE = 10**15
# A recorded line as /history shows it: lines recorded before the grammar capped them
# (grammar.MAX_LINE_LENGTH) are cut, so five entries always fit one message.
SHOWN_LINE_LIMIT = 400
STATS_PREFIX = "stats:"
TALLY_PREFIX = "tally:"
TALLY_PAGE_SIZE = 20  # a big group's all-time standings: a phone screen or two a page
STATS_PAGE_SIZE = 20  # rows of at most ~150 characters: a page well inside a message
EXPORT_GZIP_ABOVE = 8 << 20
EXPORT_PART_LIMIT = 49 << 20  # a bot may send documents of up to 50 MB
# How /stats marks a guest who shares a name with a member, read back when typed.


async def tally(update: Update, context: Context) -> None:
    """/tally: the open session's standings (all-time for the chat when none is open), a
    page of ``TALLY_PAGE_SIZE`` players at a time."""
    message = message_of(update)
    lang = await update_lang(update, context)
    ledger = services(context).ledger
    session = await ledger.sessions.current(message.chat.id)
    standings = await ledger.reports.tally(message.chat.id, session.id if session else None)
    text, markup = tally_page(standings, session is not None, 1, lang)
    money = await ledger.money.of_session(message.chat.id, session.id) if session else None
    if money is not None and has_money(money):
        names = {player.id: player.name for player in await ledger.players.all(message.chat.id)}
        text += "\n\n" + money_block(standings, money, names, lang)
    await reply(message, text, reply_markup=with_webapp(markup, context, message.chat, lang))
    charts = (await chat_settings(context, message.chat.id)).charts
    if session is not None and standings.rows and charts:
        hands, series = await running_totals(ledger, session)
        if len(hands) > 1:
            await message.reply_chat_action(ChatAction.UPLOAD_PHOTO)
            png = await asyncio.to_thread(pictures.tally_chart_png, series, lang, at_hands=hands)
            await reply_photo(message, png, filename=f"tally-{session.id}.png")


def tally_page(
    standings: Tally, of_session: bool, page: int, lang: str
) -> tuple[str, InlineKeyboardMarkup | None]:
    """One page of the standings under its title, with ◀ / ▶ when there are more."""
    pages = max(1, -(-len(standings.rows) // TALLY_PAGE_SIZE))
    page = min(page, pages)
    start = (page - 1) * TALLY_PAGE_SIZE
    shown = replace(standings, rows=standings.rows[start : start + TALLY_PAGE_SIZE])
    title = "tally_title" if of_session else "tally_all_time"
    text = tally_block(shown, lang, title, shared_names(standings))
    if pages > 1:
        title, _, rest = text.partition("\n")
        text = f"{title} {t('stats_page', lang, page=page, pages=pages)}\n{rest}"
    return text, pager(TALLY_PREFIX, page, pages, lang)


async def tally_button(update: Update, context: Context) -> None:
    """◀ / ▶ under the standings: another page in the same message (as the ledger has it now)."""
    query = update.callback_query
    assert query is not None and query.data is not None
    lang = await update_lang(update, context)
    message = query.message
    page = page_number(query.data.removeprefix(TALLY_PREFIX), "bad_button")
    await answer(query)
    if not isinstance(message, Message):
        return
    ledger = services(context).ledger
    session = await ledger.sessions.current(message.chat.id)
    standings = await ledger.reports.tally(message.chat.id, session.id if session else None)
    text, markup = tally_page(standings, session is not None, page, lang)
    await edit(message, text, reply_markup=with_webapp(markup, context, message.chat, lang))


async def running_totals(
    ledger: Ledger, session: Session
) -> tuple[tuple[int, ...], dict[str, list[int]]]:
    """The hands the chart marks and each player's running balance after them, by name: the
    seated players and anyone else an entry paid (see ``ledger.reports.running_totals``; a long
    session is sampled to a few hundred points, its last hand exact)."""
    found = await ledger.reports.running_totals(session.chat_id, session.id)
    labels = _chart_labels(await ledger.players.all(session.chat_id), list(found.players))
    series = {labels[player]: list(found.balances[player]) for player in found.players}
    return found.hands, series


def _chart_labels(players: list[Player], ids: list[int]) -> dict[int, str]:
    """Names for the chart's lines; two players of one name (a guest and a member) get their
    numbers, so neither line overwrites the other."""
    names = {player.id: player.name for player in players}
    taken = [names[player_id] for player_id in ids]
    return {
        player_id: names[player_id]
        if taken.count(names[player_id]) == 1
        else f"{names[player_id]} #{player_id}"
        for player_id in ids
    }


async def history(update: Update, context: Context) -> None:
    """/history [PAGE]: entries newest first with their breakdown, with page buttons."""
    message = message_of(update)
    lang = await update_lang(update, context)
    words = argument_words(message)
    page = page_number(words[0], "bad_page") if words else 1
    text, markup = await history_view(context, message.chat.id, HistoryAt(page), lang)
    await reply(message, text, reply_markup=markup)


def page_number(word: str, refusal: str) -> int:
    """A page as typed or carried by a button: a whole number from 1 (past the last page
    means the last); ChatRefusal(``refusal``) naming it otherwise."""
    page = as_number(word)
    if not page:
        raise ChatRefusal(refusal, token=word)
    return min(page, LAST_PAGE)


@dataclass(frozen=True)
class HistoryAt:
    """Which page to show: its number, and the key it is read by (the id next to it on the
    page a button was pressed under: older than ``before``, newer than ``after``)."""

    page: int
    before: int | None = None
    after: int | None = None

    @classmethod
    def from_button(cls, data: str) -> HistoryAt:
        """'hist:3:o123' (page 3, older than #123), 'hist:1:n130', or 'hist:2' (a page number,
        as buttons sent before paging by key carry)."""
        page_word, _, key = data.removeprefix(HISTORY_PREFIX).partition(":")
        page = page_number(page_word, "bad_button")
        if not key:
            return cls(page)
        entry_id = as_number(key[1:])
        if entry_id is None or key[:1] not in ("o", "n"):
            raise ChatRefusal("bad_button", token=data)
        return cls(page, before=entry_id) if key[:1] == "o" else cls(page, after=entry_id)


async def history_button(update: Update, context: Context) -> None:
    """◀ / ▶ under a history page: show another page in the same message."""
    query = update.callback_query
    assert query is not None and query.data is not None
    lang = await update_lang(update, context)
    message = query.message
    at = HistoryAt.from_button(query.data)
    await answer(query)
    if not isinstance(message, Message):
        return
    text, markup = await history_view(context, message.chat.id, at, lang)
    await edit(message, text, reply_markup=markup)


async def history_view(
    context: Context, chat_id: int, at: HistoryAt, lang: str
) -> tuple[str, InlineKeyboardMarkup | None]:
    ledger = services(context).ledger
    session = await ledger.sessions.current(chat_id)
    scope = session.id if session else None
    found = await ledger.reports.history(
        chat_id, scope, at.page, HISTORY_PAGE_SIZE, key=PageKey(at.before, at.after)
    )
    if not found.entries and (at.before, at.after) != (None, None):  # the key's page is gone
        found = await ledger.reports.history(chat_id, scope, at.page, HISTORY_PAGE_SIZE)
    names = {p.id: p.name for p in await ledger.players.all(chat_id)}
    seated: dict[str, str] = {
        seat: names[player_id]
        for seat, player_id in zip(SEATS, session.seats if session else (), strict=False)
        if player_id is not None
    }
    lines = [t("history_title", lang, page=found.page, pages=found.pages, total=found.total)]
    shown = [(e.created_at, entry_line(e, names, lang, seated)) for e in found.entries]
    window = await people.history_window(ledger, chat_id, found, session)
    shown += await people.identity_lines_between(ledger, chat_id, window, names, lang)
    lines.extend(line for _, line in sorted(shown, key=lambda item: item[0], reverse=True))
    return "\n\n".join(lines), _pager(found, lang)


def entry_line(
    entry: Entry, names: dict[int, str], lang: str, seated: dict[str, str] | None = None
) -> str:
    """'#12 胡 甲 自摸 爆头 … / 甲 +48 · 乙 −16 …' as HTML (``seated``: seat → name now)."""
    adjusted = adjustment_data(entry.result_json) if entry.kind == "adjustment" else None
    kind = adjustment_label(adjusted, lang) if adjusted else t(f"kind_{entry.kind}", lang)
    head = f"<b>#{entry.number}</b> {kind}"
    if entry.winner is not None:
        head += f" {html.escape(names.get(entry.winner, '?'))}"
    detail = (
        (shown_line(entry, names, lang, seated) if entry.hand_line else None) or entry.note or ""
    )
    if entry.kind == "kong" and detail in KONG_BY_NAME:
        detail = kong_name(KONG_BY_NAME[detail], lang)
    if entry.reverses is not None:
        detail = f"#{entry.reverses_number}"
    if detail:
        head += f" <code>{html.escape(quote(detail, SHOWN_LINE_LIMIT))}</code>"
    if entry.is_reversed:
        head += " " + t("reversed_tag", lang)
    breakdown = patterns_of(entry.result_json, lang)
    if breakdown:
        head += f"\n{html.escape(breakdown)}"
    postings = " · ".join(
        f"{html.escape(names.get(pid, '?'))} {signed(amount)}"
        for pid, amount in entry.postings.items()
        if amount
    )
    if adjusted and entry_money(adjusted):
        postings = " · ".join(
            filter(None, [postings, money_lines_text(entry_money(adjusted), names, lang)])
        )
    return head + (f"\n{postings}" if postings else "")


def pager(prefix: str, page: int, pages: int, lang: str) -> InlineKeyboardMarkup | None:
    """◀ / ▶ under a page of a list: their data is ``prefix`` and the page they show."""
    buttons = []
    if page > 1:
        buttons.append(
            InlineKeyboardButton(t("history_prev", lang), callback_data=f"{prefix}{page - 1}")
        )
    if page < pages:
        buttons.append(
            InlineKeyboardButton(t("history_next", lang), callback_data=f"{prefix}{page + 1}")
        )
    return InlineKeyboardMarkup([buttons]) if buttons else None


def _pager(found: HistoryPage, lang: str) -> InlineKeyboardMarkup | None:
    """◀ newer / older ▶, each naming the page it opens and the id it reads from."""
    buttons = []
    if found.page > 1 and found.entries:
        newer = f"{HISTORY_PREFIX}{found.page - 1}:n{found.entries[0].id}"
        buttons.append(InlineKeyboardButton(t("history_prev", lang), callback_data=newer))
    if found.page < found.pages and found.entries:
        older = f"{HISTORY_PREFIX}{found.page + 1}:o{found.entries[-1].id}"
        buttons.append(InlineKeyboardButton(t("history_next", lang), callback_data=older))
    return InlineKeyboardMarkup([buttons]) if buttons else None


async def settle(update: Update, context: Context) -> None:
    """/settle: the fewest transfers that square the session, then close it (creator or admin)."""
    message = message_of(update)
    lang = await update_lang(update, context)
    ledger = services(context).ledger
    table = await open_table(context, message.chat.id)
    if not await is_creator_or_admin(context, message, table.session.creator):
        raise ChatRefusal("settle_denied")
    if await ledger.sessions.discard_if_empty(message.chat.id) is not None:
        # Opened by mistake: no session, and its number is the next one's, so its flows are
        # of no session now (a press says the table changed, never records into the next).
        forget(context, message.chat.id)
        for flow in flows_of(chat_state(context, message.chat.id)).values():
            if flow.session_id == table.session.id:
                flow.session_id = 0
        await reply(message, t("settle_empty", lang, session=table.session.number))
        return
    standings = await ledger.reports.tally(message.chat.id, table.session.id)
    money = await ledger.money.of_session(message.chat.id, table.session.id)
    names = {player.id: player.name for player in await ledger.players.all(message.chat.id)}
    paid = _settled(standings, money, names, lang)
    # Closed with its transfers in 元 kept as debts until paid, in one transaction.
    # ... and its placements rated for its family of rulesets (杭州 / 湖州 kept apart).
    family = rulesets.get(table.session.ruleset).family.id
    rated = await ledger.debts.settle(message.chat.id, paid.in_money, family)
    forget(context, message.chat.id)
    lines = [
        f"<b>{t('settle_title', lang, session=table.session.number)}</b>",
        describe_tally(standings, lang),
        "",
    ]
    lines.extend(paid.lines)
    if rated:
        lines.append(rating_line(rated, names, lang))
    if cheer := await session_awards_line(ledger, message.chat.id, table.session.id, lang):
        lines.append(cheer)
    rows = [
        debt_buttons.pay_row(
            context.bot.token, message.chat.id, (tr.payer, tr.payee, tr.amount), names, lang
        )
        for tr in paid.in_money
        if TABLE not in (tr.payer, tr.payee)
    ]
    markup = InlineKeyboardMarkup(rows) if rows else None
    await reply(
        message, "\n".join(lines), reply_markup=with_webapp(markup, context, message.chat, lang)
    )
    if standings.rows and (await chat_settings(context, message.chat.id)).charts:
        await message.reply_chat_action(ChatAction.UPLOAD_PHOTO)
        amount = (lambda n: yuan(n, lang)) if money.stake else str
        transfers = [f"{a} → {b}  {amount(n)}" for a, b, n in paid.picture]
        extra = [plain(rating_line(rated, names, lang), limit=None)] if rated else []
        card = await evening_card(
            ledger, table.session, standings, money, transfers, lang, lines=extra
        )
        png = await card_bytes(card, lang)
        await reply_photo(message, png, filename=f"settle-{table.session.id}.png")


@dataclass(frozen=True)
class _Settled:
    """The settle-up's lines, and the transfers its picture draws with how amounts read."""

    lines: list[str]
    picture: list[tuple[str, str, int]]
    in_money: list[Transfer]
    amount_text: Callable[[int], str] = str


def _settled(standings: Tally, money: SessionMoney, names: dict[int, str], lang: str) -> _Settled:
    """Transfers in points (no stake), and in 元 for whatever money the session holds: with a
    stake its points priced and the money lines together, without one the money lines alone."""
    lines: list[str] = []
    points = [] if money.stake else settle_up(standings.balances)
    if has_money(money):
        lines += [money_block(standings, money, names, lang), ""]
        if points:
            lines.append(t("points_transfers", lang))
    lines.extend(
        t("transfer", lang, payer=names[tr.payer], payee=names[tr.payee], amount=tr.amount)
        for tr in points
    )
    in_money = settle_up(money.balances(standings.balances)) if has_money(money) else []
    if in_money:
        lines.append(t("money_transfers", lang))
    named = [
        (account_name(tr.payer, names, lang), account_name(tr.payee, names, lang), tr.amount)
        for tr in in_money
    ]
    lines.extend(
        t("transfer", lang, payer=payer, payee=payee, amount=yuan(amount, lang))
        for payer, payee, amount in named
    )
    if not points and not in_money:
        lines.append(t("settle_none", lang))
    if money.stake:
        return _Settled(lines, named, in_money, yuan_text)
    picture = [(names[tr.payer], names[tr.payee], tr.amount) for tr in points]
    return _Settled(lines, picture, in_money)


async def stats(update: Update, context: Context) -> None:
    """/stats: every player's record; /stats A: one player's; /stats A B: head to head; a
    period or season among the words (本月, 2026-11, 秋季赛) narrows any of them to it."""
    message = message_of(update)
    lang = await update_lang(update, context)
    ledger = services(context).ledger
    period, words = await take_window(
        ledger, message.chat.id, argument_words(message), message.date
    )
    if len(words) == 2 and period is None:
        await reply(message, await _head_to_head(ledger, message.chat.id, words, lang))
        return
    named: set[int] | None = None
    if words:  # /stats 甲: that player's line (a guest's and a member's, if both)
        named = set()
        for word in words:
            try:
                named.update(p.id for p in await players_called(ledger, message.chat.id, word))
            except ChatRefusal:
                # one word and no period: it may have been meant as a period or season
                key = "unknown_name_or_period" if len(words) == 1 and period is None else None
                if key is None:
                    raise
                raise ChatRefusal(key, token=word) from None
    window = or_all_time(period)
    text, markup = await stats_view(ledger, message.chat.id, named, 1, lang, window)
    await reply(message, text, reply_markup=with_webapp(markup, context, message.chat, lang))


async def _head_to_head(ledger: Ledger, chat_id: int, words: list[str], lang: str) -> str:
    # A name two players share (a guest, and the member who spoke up later) means the one
    # who sat with the other player: the pairing with the most hands together.
    firsts, seconds = [await players_called(ledger, chat_id, w) for w in words]
    pairs = [(a, b) for a in firsts for b in seconds if a.id != b.id] or [(firsts[0], seconds[0])]
    met = [await ledger.stats.head_to_head(chat_id, a.id, b.id) for a, b in pairs]
    pair = max(met, key=lambda found: found.hands_together)
    return t(
        "h2h_row",
        lang,
        a=_stats_name(pair.a, len(firsts) > 1, lang),
        b=_stats_name(pair.b, len(seconds) > 1, lang),
        hands=pair.hands_together,
        a_wins=pair.a_wins,
        b_wins=pair.b_wins,
        a_net=signed(pair.a_net),
        b_net=signed(pair.b_net),
    )


async def period_page_press(
    update: Update, context: Context, prefix: str
) -> tuple[ButtonPress, str, int] | None:
    """A ◀ / ▶ under a view of a period (``PREFIX[KEY:]PAGE``): the press, the period's key
    and the page, the press answered; None when there is no message to turn."""
    button = await press_of(update, context)
    if button is None:
        return None
    key, _, page_word = button.data.removeprefix(prefix).rpartition(":")
    page = page_number(page_word, "bad_button")
    await answer(button.query)
    return button, key, page


async def stats_button(update: Update, context: Context) -> None:
    """◀ / ▶ under the chat's statistics: another page in the same message."""
    pressed = await period_page_press(update, context, STATS_PREFIX)
    if pressed is None:
        return
    button, key, page = pressed
    message, ledger = button.message, services(context).ledger
    period = await period_from_key(ledger, message.chat.id, key, message.date) if key else ALL_TIME
    text, markup = await stats_view(ledger, message.chat.id, None, page, button.lang, period)
    await edit(message, text, reply_markup=with_webapp(markup, context, message.chat, button.lang))


# page, then for history the entry it turns from; for stats a period's key (s + a season's id)
BUTTONS: Final = (
    ButtonRoute(HISTORY_PREFIX, history_button, f"99999:o{WIDEST_ENTRY_ID}"),
    ButtonRoute(STATS_PREFIX, stats_button, f"s{WIDEST_ENTRY_ID}:99999"),
    ButtonRoute(TALLY_PREFIX, tally_button, "99999"),
)


async def stats_view(
    ledger: Ledger,
    chat_id: int,
    named: set[int] | None,
    page: int,
    lang: str,
    period: Period = ALL_TIME,
) -> tuple[str, InlineKeyboardMarkup | None]:
    """A page of the players' records over ``period`` (``named``: those players' alone, on
    one page), a board per ruleset played in it (its heading when there are two or more)."""
    boards = await period_boards(ledger, chat_id, period)
    people = await ledger.people.of_chat(chat_id)
    named_alike = Counter(  # in the chat (one name per person), not just shown
        player.name
        for player in await ledger.players.all(chat_id)
        if people.person(player.id) == player.id
    )
    if named is not None:  # any record of a person names that person's one row
        named = {people.person(player_id) for player_id in named}
    rows = [
        (board.ruleset, row)
        for board in boards
        for row in board.players
        # members who only ever talked in the chat have no record to show
        if (row.hands or row.net) and (named is None or row.player.id in named)
    ]
    if named is not None:  # asked by name, an empty record is shown (once, on no board)
        shown = {row.player.id for _, row in rows}
        rows += [
            ("", row)
            for row in await ledger.stats.players(chat_id, period.since, period.until)
            if row.player.id in named - shown
        ]
    headed = len({ruleset for ruleset, _ in rows if ruleset}) > 1
    pages = max(1, -(-len(rows) // STATS_PAGE_SIZE))
    page = min(page, pages)
    title = f"<b>{t('stats_title', lang)}</b>"
    if period != ALL_TIME:
        title = f"<b>{t('stats_title', lang)} · {html.escape(period_label(period, lang))}</b>"
    if pages > 1:
        title += " " + t("stats_page", lang, page=page, pages=pages)
    lines = [title]
    start = (page - 1) * STATS_PAGE_SIZE
    heading = None
    for ruleset, row in rows[start : start + STATS_PAGE_SIZE]:
        if headed and ruleset and ruleset != heading:
            heading = ruleset
            lines.append(board_heading(ruleset, lang))
        lines.append(
            t(
                "stats_row",
                lang,
                name=_stats_name(row.player, named_alike[row.player.name] > 1, lang),
                hands=row.hands,
                wins=row.wins,
                self_draws=row.self_draws,
                dealt_in=row.dealt_in,
                biggest=row.biggest_win,
                net=signed(row.net),
            )
        )
    if not rows:
        lines.append(t("tally_empty", lang))
    if named is not None:  # one person asked for: their awards under their line
        lines.extend(
            await _award_lines(ledger, chat_id, [row.player.id for _, row in rows], lang, period)
        )
    key = "" if period == ALL_TIME else f"{await period_key(ledger, chat_id, period)}:"
    return "\n".join(lines), pager(f"{STATS_PREFIX}{key}", page, pages, lang)


async def _award_lines(
    ledger: Ledger, chat_id: int, persons: list[int], lang: str, period: Period
) -> list[str]:
    """「🏅 甲：本季第一个三财飘！ · 三连胜 ×2」 for each person with awards in the period."""
    people = await ledger.people.of_chat(chat_id)
    lines = []
    for person in persons:
        rows = await ledger.awards.of_players(
            chat_id, set(people.records(person)), period.since, period.until
        )
        if rows:
            name = (await ledger.players.get(chat_id, person)).name
            lines.append(
                t("stats_awards", lang, name=name, awards=" · ".join(award_names(rows, lang)))
            )
    return lines


def _stats_name(player: Player, shared: bool, lang: str) -> str:
    """The name, marked 乙（客） when it is a guest's that a member shares."""
    return player.name + (t("guest_mark", lang) if shared and player.is_guest else "")


async def players_called(ledger: Ledger, chat_id: int, word: str) -> list[Player]:
    """Every player ``word`` may name: the member with that @username, else a guest written
    down as @name; everyone of a plain name (a guest seated before a member of the same name
    spoke up: both have a record; 乙（客） the guest alone); else the one player a #id or user
    id names."""
    guest = GUEST_MARK.search(word)
    if guest is not None:
        named = await players_called(ledger, chat_id, word[: guest.start()])
        return [p for p in named if p.is_guest] or named
    at_name = word.startswith("@")
    if at_name and (member := await ledger.players.find(chat_id, word)) is not None:
        return [member]
    called = name_key(word.removeprefix("@"))
    same = [p for p in await ledger.players.all(chat_id) if name_key(p.name) == called]
    if same:
        return same
    found = None if at_name else await ledger.players.find(chat_id, word)
    if found is None:
        raise ChatRefusal("unknown_chat_player", token=word)
    return [found]


async def export(update: Update, context: Context) -> None:
    """/export: the chat's players, sessions and entries as a CSV document (it imports back),
    gzipped when large and sent in parts when over Telegram's limit for a bot's documents.
    /export PERIOD (本月, 2026-11, 全部, a season): the readable table instead, a row per
    hand and a column per player. A process of its own writes either file (``python -m
    storage.export_process``): formatting a long history in this process would hold the GIL the
    event loop needs."""
    message = message_of(update)
    lang = await update_lang(update, context)
    ledger = services(context).ledger
    period, rest = await take_window(ledger, message.chat.id, argument_words(message), message.date)
    if rest:
        raise ChatRefusal("not_a_period", token=rest[0])
    with tempfile.TemporaryDirectory(prefix="export-") as folder:
        if period is not None:
            table = await _readable_file(ledger.path, message.chat.id, Path(folder), period, lang)
            await message.reply_chat_action(ChatAction.UPLOAD_DOCUMENT)
            caption = t("export_readable_caption", lang, period=period_label(period, lang))
            with table.open("rb") as document:
                await reply_document(message, document, table.name, caption)
            return
        parts = await _export_files(ledger.path, message.chat.id, Path(folder))
        for number, part in enumerate(parts, start=1):
            await message.reply_chat_action(ChatAction.UPLOAD_DOCUMENT)
            caption = (
                t("export_caption", lang)
                if len(parts) == 1
                else t("export_part", lang, part=number, parts=len(parts))
            )
            with part.open("rb") as document:
                await reply_document(message, document, part.name, caption)


async def _readable_file(
    database: str, chat_id: int, folder: Path, period: Period, lang: str
) -> Path:
    name = f"mahjong-{abs(chat_id)}-{period.name or period.kind}"
    bounds = [
        f"--{flag}={moment.isoformat()}"
        for flag, moment in (("since", period.since), ("until", period.until))
        if moment is not None
    ]
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "storage.export_process", database, str(chat_id), str(folder),
        name, "0", "0", "--readable", f"--lang={lang}", *bounds,
        *(f"--discard-word={r.id}={r.family.discard_win_zh}" for r in rulesets.RULESETS.values()),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    out, err = await process.communicate()
    if process.returncode != 0:
        raise RuntimeError(f"export of chat {chat_id} failed: {err.decode(errors='replace')}")
    return Path(out.decode().strip())


async def _export_files(database: str, chat_id: int, folder: Path) -> list[Path]:
    name = f"mahjong-{abs(chat_id)}"
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "storage.export_process", database, str(chat_id), str(folder), name,
        str(EXPORT_GZIP_ABOVE), str(EXPORT_PART_LIMIT),
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    out, err = await process.communicate()
    if process.returncode != 0:
        raise RuntimeError(f"export of chat {chat_id} failed: {err.decode(errors='replace')}")
    return [Path(line) for line in out.decode().splitlines()]


# This module's commands (bot.commands): handler, plain-text verbs, menu line.
COMMANDS: Final = (
    Command("tally", tally, verbs=("积分", "战绩")),
    Command("history", history, verbs=("历史",)),
    Command("settle", settle, verbs=("结算",)),
    Command("stats", stats, verbs=("统计",)),
    Command("export", export, verbs=("导出",)),
)

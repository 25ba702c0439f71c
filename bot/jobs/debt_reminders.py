"""The weekly reminder of debts older than a week (/settings 欠账提醒 每周; off by default):
Mondays at 20:00 Beijing time, on PTB's JobQueue, one message to each chat that chose it and
has such debts, naming them (payer → payee, amount, since when)."""

from __future__ import annotations

import logging
from datetime import UTC, datetime, time, timedelta
from typing import Any, Final

from telegram import Bot
from telegram.error import TelegramError
from telegram.ext import Application, Job

from bot.context import Context, services
from bot.i18n import lang_of, t
from bot.replies.money import debt_day, yuan
from bot.text_limits import send
from storage import Ledger
from storage.periods import CHINA

log = logging.getLogger(__name__)

JOB_NAME: Final = "debt-reminders"
WHEN: Final = time(20, 0, tzinfo=CHINA)
MONDAY: Final = 1  # PTB's run_daily counts days from Sunday = 0
OLDER_THAN: Final = timedelta(days=7)


def schedule_debt_reminders(application: Application[Any, Any, Any, Any, Any, Any]) -> Job[Any]:
    if application.job_queue is None:
        raise RuntimeError("debt reminders need python-telegram-bot[job-queue] (APScheduler)")
    return application.job_queue.run_daily(
        weekly_reminders, time=WHEN, days=(MONDAY,), name=JOB_NAME
    )


async def weekly_reminders(context: Context) -> None:
    await send_reminders(context.bot, services(context).ledger, datetime.now(UTC))


async def send_reminders(bot: Bot, ledger: Ledger, now: datetime) -> int:
    """Remind each chat that chose it of its debts older than a week at ``now``; how many
    chats were reminded. A chat that cannot be written to (the bot removed) is logged."""
    reminded = 0
    cutoff = (now - OLDER_THAN).isoformat(timespec="microseconds")
    for chat_id in await ledger.debts.reminded_chats():
        old = [debt for debt in await ledger.debts.open_debts(chat_id) if debt.since < cutoff]
        if not old:
            continue
        chat = await ledger.chats.get(chat_id)
        lang = lang_of(chat.lang if chat else None, "zh")
        names = {player.id: player.name for player in await ledger.players.all(chat_id)}
        lines = [t("debts_reminder_title", lang, count=len(old))]
        lines.extend(
            t(
                "debt_line",
                lang,
                payer=names[debt.payer],
                payee=names[debt.payee],
                amount=yuan(debt.fen, lang),
                since=debt_day(debt.since),
            )
            for debt in old
        )
        lines.append(t("debts_reminder_hint", lang))
        try:
            await send(bot, chat_id, "\n".join(lines))
        except TelegramError:
            log.exception("debt reminder to chat %s failed", chat_id)
            continue
        reminded += 1
    return reminded

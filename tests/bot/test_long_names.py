"""Telegram allows a full name of 129 characters (first + last): the bot must seat such a player."""

from tests.bot.conftest import GROUP, Harness

LONG_NAME = "龙" * 40 + " " + "凤" * 40  # longer than the ledger keeps, as Telegram allows


async def test_a_member_with_a_very_long_name_can_join_and_is_shown_shortened(
    harness: Harness,
) -> None:
    harness.api.add_user(77, LONG_NAME)
    await harness.open_table("/new 杭州 1 甲 乙 丙")
    sent = await harness.feed(harness.make.message(GROUP, 77, "/join"))
    reply = sent[-1].text
    assert "龙" * 10 in reply and "❌" not in reply, reply
    session = await harness.ledger.sessions.current(GROUP)
    assert session is not None and all(seat is not None for seat in session.seats)

"""The cards through the real bot: /settle names the evening's awards and sends the
evening card."""

from __future__ import annotations

import io

from PIL import Image

from bot.pictures.card import WIDTH
from bot.pictures.style import FELT
from tests.bot.conftest import Harness


async def test_settle_sends_the_evening_card(harness: Harness) -> None:
    await harness.open_table()
    await harness.say("甲", "/hu 乙 自摸 三财飘")
    await harness.say("甲", "/hu 丙 点炮 丁")
    settled = await harness.say("甲", "/settle")
    assert "🏅 今晚：乙 本季第一个三财飘！ · 乙 本月最大一手" in settled[0].text
    [photo] = [sent for sent in settled if sent.method == "sendPhoto"]
    assert photo.content is not None
    card = Image.open(io.BytesIO(photo.content)).convert("RGB")
    assert card.width == WIDTH
    assert card.getpixel((2, 2)) == FELT  # the card's felt header, not the old white chart
    assert card.height > 300  # four standings, the biggest hand, an award, transfers

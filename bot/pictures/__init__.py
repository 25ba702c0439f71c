"""Pictures drawn with Pillow: hand images, the running-tally chart and the settle-up.

Pure functions from plain data to PNG bytes; no Telegram, no storage. Safe to call from
worker threads (the bot renders with ``asyncio.to_thread``).
"""

from bot.pictures.fonts import Fonts, default_fonts
from bot.pictures.hand_image import hand_png, render_hand
from bot.pictures.settlement import settlement_png
from bot.pictures.tally_chart import tally_chart_png

__all__ = ["Fonts", "default_fonts", "hand_png", "render_hand", "settlement_png", "tally_chart_png"]

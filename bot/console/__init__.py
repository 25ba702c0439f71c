"""Console mode (``python -m bot`` without a token) and the in-process Bot API it runs on.

- ``terminal.py``: ``run_console``, one group chat typed into a terminal;
- ``request.py``: ``ConsoleRequest``, PTB's request interface answered in-process;
- ``local_api.py``: ``LocalBotApi``, the Bot API methods the bot calls, kept in memory, and
  ``UpdateMaker`` for the updates a user's messages and button presses make;
- ``api_spec.py``: every call checked against ``bot_api_spec.json`` (Bot API 10.0), refused
  as Telegram would refuse it.

The tests drive the real application through the same ``ConsoleRequest`` and ``LocalBotApi``.
"""

from bot.console.request import ConsoleRequest
from bot.console.terminal import run_console

__all__ = ["ConsoleRequest", "run_console"]

"""The Telegram bot (python-telegram-bot v22) and its console mode.

Rooms (a folder, or a module at this root) on the floors ``floors.toml`` lists, top first
(``tests/test_layers.py`` holds them; docs/architecture.md draws them):

- ``launch/``: what starts the process: ``runner.py`` (``python -m bot`` with a token: a bad
  DATABASE_PATH exits 2; Telegram, retried; the inbox's undone updates; then polling or the
  webhook until SIGTERM/SIGINT, a stop within 10 s), ``compose.py`` (the bot composed with its
  web server), ``web_lifecycle.py`` (the one aiohttp server, started at the end of post_init);
  ``console/``: console mode (no token) over an in-process Bot API (``local_api.py``, served to
  PTB by ``request.py``'s ``ConsoleRequest``); the tests drive the bot through the same
  emulator.
- ``app.py``: the composition root; ``build_application(config)`` registers every declared
  command (``commands.py``) and button in one loop each, fills the rows under a hand's reply
  (``replies/decorations.py``), one error handler; ``Services`` opens the ledger in post_init
  and closes it in post_shutdown.
- ``handlers/``: one module per feature, each with its ``COMMANDS`` and ``BUTTONS``:
  ``sessions`` (/new /join /seat /dealer, migration), ``hands`` (/undo, the 撤销 button, edited
  messages, the typed /hu /kong /draw), ``tap`` (/hu /kong /draw by buttons), ``reports``
  (/tally /history /settle /stats /export), ``money``, ``people`` (/iam /merge /rename),
  ``leaderboard`` (/top /trend), ``seasons``, ``evaluate`` (/score /ting), ``rules`` (/rules
  /why), ``general`` (/help /lang), ``first_minute`` (/start, the welcome), ``backup``,
  ``hand_details`` (📋 详情 / 🔼 收起), ``settings``, ``claim``, ``typed``, ``errors``.
- ``tap/`` (button flows), ``webapp/`` (the Mini App's server and API), ``jobs/`` (the
  scheduled backups and debt reminders).
- ``recording/``: a hand scored at the table (``claims``), written once (``writes``),
  answered (``replies``), the open table read and remembered (``table``), what a command's
  words and buttons name (``arguments``), typed lines (``typed_reading``).
- ``context.py`` (``Services`` and ``services_of``, arguments, permissions), ``buttons/`` (the
  registry, signatures, confirmations), ``commands.py`` (``Command``).
- ``replies/`` (the texts: hand, table, money, leaderboards, periods, decorations),
  ``refusals/`` (``ChatRefusal``, scoring refusals, ``user_message``), ``table/``
  (``SeatedTable``, ``ChatState``: PTB's ``chat_data``).
- ``grammar/`` (the chat grammar as pure functions), ``text_limits.py`` (every message, edit
  and button answer goes out through it, cut to Telegram's limits), ``transport/`` (inbox,
  update reading, ordering, delivery, webhook, web server, health, log limit).
- Leaves: ``pictures/``, ``rules_qa/``, ``i18n.py`` (every reply in zh and en),
  ``cleaning.py``, ``config.py``, ``identity_policy.py``, ``suggest.py``.
"""

import os

# PTB 22.2+ gives time periods such as ``RetryAfter.retry_after`` as a timedelta once opted in (its
# next major version's only behaviour); without the opt-in every RetryAfter PTB builds warns.
os.environ.setdefault("PTB_TIMEDELTA", "true")

"""The Telegram bot (python-telegram-bot v22) and its console mode.

- ``app.py``: the composition root; ``build_application(config)`` wires every handler, opens
  the ledger in post_init and closes it in post_shutdown; one error handler.
- ``handlers/``: one module per feature: ``sessions`` (/new /join /seat, migration),
  ``recording`` (/hu /kong /draw /undo, the 撤销 button, edited messages), ``views``
  (/tally /history /settle /stats /export), ``evaluate`` (/score /ting), ``rules``
  (/rules /why), ``general`` (/help /lang), ``first_minute`` (/start in private, the welcome
  on joining a group, what a private chat does), ``backup`` (/backup), ``people`` (/iam
  /merge /rename, the /join over a same-named guest, their 撤销 button and /undo P3, identity
  events in /history), ``hand_details`` (📋 详情 / 🔼 收起 under a recording), ``settings``
  (/settings and its buttons), ``errors``.
- ``grammar/``: the chat grammar as pure functions, one module per job: ``roster`` (who sits
  where, how a line names them), ``errors``, ``verbs`` (胡 → /hu), ``names``, ``seat_words``
  (点炮/抢杠/承包 X), ``new``, ``hu``, ``kong``, ``seating`` (/seat /dealer), ``entries`` (#12);
  ``i18n.py``: every reply in zh and en.
- ``replies.py``: every message, edit and button answer goes out through it, cut to Telegram's
  limits (text 4,096, caption 1,024, alert 200, button data 64 bytes); ``cleaning.py``: what
  counts as a number (ASCII or full-width digits within SQLite's 64-bit range) and a name
  (invisible characters taken out).
- ``recording/``: a hand scored at the table (``claims``), written once (``writes``) and
  answered (``replies``), for the typed commands, the button flows (``tap/``) and the Mini
  App alike; ``buttons.py``: the button registry (each feature's ``BUTTONS``, checked).
- ``context.py`` (services, each chat's state, permissions), ``chat_state.py`` (what the bot
  remembers of one chat: PTB's ``chat_data``), ``seated_table.py`` (the open session as
  handlers see it: ``SeatedTable``), ``table.py`` (reading and remembering it),
  ``table_html.py`` (the table, standings and labels as HTML), ``hand_reply.py`` (the
  recording reply, short or full, built from the ledger's entries), ``user_errors.py`` (the
  short reply to a mistake the user can fix), ``config.py`` (the environment), ``backups.py``
  (the daily backup job).
- ``transport/``: ``runner.py`` (``python -m bot`` with a token: the ledger first, a bad
  DATABASE_PATH exits 2; Telegram, retried; the inbox's undone updates; then polling or the
  webhook until SIGTERM/SIGINT, a stop within 10 s), ``webhook.py`` (secret before body, 1 MB
  cap), ``web_server.py`` and ``web_lifecycle.py`` (the one aiohttp server, started in
  post_init), ``inbox.py`` (``InboxBot.get_updates`` keeps each batch before it is confirmed;
  done-marks; held updates; a call into a migrated group sent once more to its supergroup),
  ``update_reading.py`` (each update read alone: an unreadable one skipped, a moved group's id
  read as its supergroup's), ``ordering.py`` (each chat's updates in order), ``delivery.py``
  (every call retried for minutes: ``PatientRateLimiter``), ``health.py`` (``python -m bot
  --check``, the start-up warning about where the ledger lives).
- ``console/``: console mode (``python -m bot`` without a token) over an in-process Bot API
  (``local_api.py``, served to PTB by ``request.py``'s ``ConsoleRequest``); the tests drive the
  bot through the same emulator. Its HTTP twin with fault injection is a test rig
  (``rigs/fake_server.py``); the benchmarks live in ``benchmarks/``.
- ``pictures/`` and ``rules_qa/``: hand pictures and charts; rules questions.
"""

import os

# PTB 22.2+ gives time periods such as ``RetryAfter.retry_after`` as a timedelta once opted in (its
# next major version's only behaviour); without the opt-in every RetryAfter PTB builds warns.
os.environ.setdefault("PTB_TIMEDELTA", "true")

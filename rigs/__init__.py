"""Test rigs shared by the tests and the benchmarks (never shipped with the bot).

- ``fake_server.py``: the in-process Bot API (``bot.console.local_api``) over HTTP on
  127.0.0.1, with fault injection (``FaultPlan``), for the tests that run the bot as a process
  and for ``benchmarks/bot.py``.
- ``webapp.py``: the Mini App's server on a free port and signed init data, for its tests and
  ``benchmarks/webapp.py``.
- ``ledger_template.py``: a newly migrated ledger file copied for a test instead of migrating
  a new file every time.
- ``rules_questions.py``: players' questions (``rules_questions.json``) and the topic each must
  be answered from, for ``tests/rules`` and ``benchmarks/rules_retrieval.py``.
"""

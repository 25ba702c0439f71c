"""Test rigs shared by the tests and the benchmarks (never shipped with the bot).

- ``fake_server.py``: the in-process Bot API (``bot.console.local_api``) over HTTP on
  127.0.0.1, with fault injection (``FaultPlan``), for the tests that run the bot as a process
  and for ``benchmarks/bot.py``.
"""

"""Benchmarks: scripts that print a ratio against a reference measured in the same run.

Run from a checkout (they are not installed with the bot, and may use the test rigs in
``rigs``), e.g. ``python -m benchmarks.scoring``:

- ``scoring.py``: ``score(line)`` from the typed text, parsed hands and the core, against the
  ``mahjong`` package;
- ``storage.py``: recording hands in the ledger against plain sqlite3 writes;
- ``storage_scale.py``: the looking-back commands as a chat's history grows 1k → 100k entries;
- ``bot.py``: recorded hands through the whole stack against a reply-only bot, over the HTTP
  fake Bot API (``rigs/fake_server.py``);
- ``pictures.py``: a 14-tile hand picture against the floor of its work; its input and the
  README's sample pictures come from ``picture_samples.py``;
- ``rules_retrieval.py``: the rules Q&A's ranking against SQLite FTS5 on the test questions.
"""
